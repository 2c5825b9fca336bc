import { App, ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackBridge } from './FeedbackBridge.tsx';

export type ThemeMode = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'theme-mode';

interface ThemeState {
  mode: ThemeMode;
  toggle: () => void;
}

const ThemeContext = createContext<ThemeState>({ mode: 'light', toggle: () => {} });

export function readThemeMode(): ThemeMode {
  const stored = localStorage.getItem(THEME_STORAGE_KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * Light/dark theme (antd algorithm, persisted as localStorage `theme-mode`) and the antd/dayjs locale
 * that follows the i18next language. Also provides antd `<App>` so toasts and dialogs are themed.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ThemeMode>(readThemeMode);
  const { i18n } = useTranslation();
  const isEnglish = i18n.resolvedLanguage === 'en';

  const toggle = useCallback(() => {
    setMode((current) => {
      const next = current === 'dark' ? 'light' : 'dark';
      localStorage.setItem(THEME_STORAGE_KEY, next);
      return next;
    });
  }, []);

  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
  }, [mode]);

  useEffect(() => {
    dayjs.locale(isEnglish ? 'en' : 'zh-cn');
    document.documentElement.lang = isEnglish ? 'en' : 'zh';
  }, [isEnglish]);

  const value = useMemo(() => ({ mode, toggle }), [mode, toggle]);
  const themeConfig = useMemo(
    () => ({ algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm }),
    [mode],
  );

  return (
    <ThemeContext.Provider value={value}>
      <ConfigProvider theme={themeConfig} locale={isEnglish ? enUS : zhCN}>
        <App>
          <FeedbackBridge />
          {children}
        </App>
      </ConfigProvider>
    </ThemeContext.Provider>
  );
}

export function useThemeMode(): ThemeState {
  return useContext(ThemeContext);
}
