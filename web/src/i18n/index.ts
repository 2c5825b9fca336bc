import i18next, { type Resource } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import zh from './zh.json';

/** Languages of the console: zh is the default and fallback (docs/reference/console-overview.md). */
export const SUPPORTED_LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

type Messages = { [key: string]: string | Messages };

function isMessages(value: unknown): value is Messages {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Merges `source` into `target` key by key (nested objects are merged, strings overwrite). */
export function mergeMessages(target: Messages, source: Messages): Messages {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    target[key] = isMessages(value) && isMessages(existing) ? mergeMessages(existing, value) : value;
  }
  return target;
}

/**
 * Page owners add their texts in `parts/<area>.zh.json` and `parts/<area>.en.json`; they join the same
 * `translation` namespace as zh.json / en.json.
 */
const partFiles = import.meta.glob<Messages>('./parts/*.json', { eager: true, import: 'default' });

export function buildResources(): Resource {
  const messages: Record<Language, Messages> = {
    zh: mergeMessages({}, zh),
    en: mergeMessages({}, en),
  };
  for (const [path, content] of Object.entries(partFiles)) {
    const language = SUPPORTED_LANGUAGES.find((candidate) => path.endsWith(`.${candidate}.json`));
    if (language) mergeMessages(messages[language], content);
  }
  return {
    zh: { translation: messages.zh },
    en: { translation: messages.en },
  };
}

export const i18n = i18next.createInstance();

i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: buildResources(),
    fallbackLng: 'zh',
    supportedLngs: [...SUPPORTED_LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    interpolation: { escapeValue: false },
    detection: {
      order: ['localStorage'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage'],
    },
    initAsync: false,
  });

export function currentLanguage(): Language {
  return i18n.resolvedLanguage === 'en' ? 'en' : 'zh';
}
