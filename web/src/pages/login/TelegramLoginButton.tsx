import { useEffect, useRef } from 'react';
import { loginWithTelegram, type TelegramAuthData } from '../../api/auth.ts';
import { showError } from '../../components/feedback.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { useFinishLogin } from './use-finish-login.ts';

const WIDGET_URL = 'https://telegram.org/js/telegram-widget.js?22';
const CALLBACK_NAME = 'onSwitchyardTelegramAuth';

declare global {
  interface Window {
    [CALLBACK_NAME]?: (user: TelegramAuthData) => void;
  }
}

/** Telegram's login widget for the configured bot; a successful check logs the user in. */
export function TelegramLoginButton({ botName }: { botName: string }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const finishLogin = useFinishLogin();
  const finishLoginRef = useRef(finishLogin);
  finishLoginRef.current = finishLogin;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    window[CALLBACK_NAME] = (user) => {
      loginWithTelegram(user, currentLanguage())
        .then((reply) => finishLoginRef.current(reply, '/'))
        .catch(showError);
    };
    const script = document.createElement('script');
    script.src = WIDGET_URL;
    script.async = true;
    script.dataset.telegramLogin = botName;
    script.dataset.size = 'large';
    script.dataset.requestAccess = 'write';
    script.dataset.onauth = `${CALLBACK_NAME}(user)`;
    container.appendChild(script);
    return () => {
      container.replaceChildren();
      delete window[CALLBACK_NAME];
    };
  }, [botName]);

  return <div ref={containerRef} data-testid="telegram-login" />;
}
