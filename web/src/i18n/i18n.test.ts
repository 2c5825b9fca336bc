import { describe, expect, it } from 'vitest';
import en from './en.json';
import { buildResources, i18n, mergeMessages } from './index.ts';
import zh from './zh.json';

type Messages = { [key: string]: string | Messages };

/** The parts files and the console's source, read through Vite (the web project has no Node APIs). */
const partFiles = import.meta.glob<Messages>('./parts/*.json', { eager: true, import: 'default' });
const sourceFiles = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') keys.set(path, value);
    else for (const [nested, text] of flatten(value, path)) keys.set(nested, text);
  }
  return keys;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<(\w+)>/g)].map((match) => match[1] ?? match[2] ?? '').sort();
}

function expectSameKeys(zhMessages: Messages, enMessages: Messages) {
  const zhKeys = flatten(zhMessages);
  const enKeys = flatten(enMessages);
  expect(
    [...zhKeys.keys()].filter((key) => !enKeys.has(key)),
    'keys missing in en',
  ).toEqual([]);
  expect(
    [...enKeys.keys()].filter((key) => !zhKeys.has(key)),
    'keys missing in zh',
  ).toEqual([]);
  for (const [key, text] of zhKeys) {
    expect(placeholders(enKeys.get(key) ?? ''), `placeholders of ${key}`).toEqual(placeholders(text));
    expect(text.trim(), `zh text of ${key}`).not.toBe('');
  }
}

function partFile(name: string): Messages {
  const messages = partFiles[`./parts/${name}`];
  if (!messages) throw new Error(`parts/${name} is missing`);
  return messages;
}

function mergedZh(): Map<string, string> {
  return flatten(buildResources().zh?.translation as Messages);
}

describe('translations', () => {
  it('zh.json and en.json have the same keys and placeholders', () => {
    expectSameKeys(zh, en);
  });

  it('every parts file exists in both languages with the same keys', () => {
    const files = Object.keys(partFiles).map((path) => path.replace('./parts/', ''));
    const areas = new Set(files.map((name) => name.replace(/\.(zh|en)\.json$/, '')));
    for (const area of areas) {
      expect(files, `parts/${area}`).toContain(`${area}.zh.json`);
      expect(files, `parts/${area}`).toContain(`${area}.en.json`);
      expectSameKeys(partFile(`${area}.zh.json`), partFile(`${area}.en.json`));
    }
  });

  it('parts files join the main namespace', () => {
    const merged = mergedZh();
    for (const [path, messages] of Object.entries(partFiles)) {
      if (!path.endsWith('.zh.json')) continue;
      for (const [key, text] of flatten(messages)) expect(merged.get(key), key).toBe(text);
    }
  });

  it('mergeMessages merges nested objects', () => {
    expect(mergeMessages({ a: { b: '1' } }, { a: { c: '2' }, d: '3' })).toEqual({
      a: { b: '1', c: '2' },
      d: '3',
    });
  });

  it('defaults to zh and switches to en', async () => {
    expect(i18n.options.fallbackLng).toEqual(['zh']);
    await i18n.changeLanguage('en-US');
    expect(i18n.resolvedLanguage).toBe('en');
    expect(i18n.t('notFound.message')).toBe('page does not exist');
    await i18n.changeLanguage('zh');
    expect(i18n.t('notFound.message')).toBe('页面不存在');
  });

  it('every key the console uses literally exists', () => {
    const known = mergedZh();
    const missing: string[] = [];
    let checked = 0;
    const keyPattern = /\bt\(\s*'([\w.-]+)'|i18nKey="([\w.-]+)"|labelKey: '([\w.-]+)'/g;
    expect(Object.keys(sourceFiles).length).toBeGreaterThan(20);
    for (const [file, source] of Object.entries(sourceFiles)) {
      for (const match of source.matchAll(keyPattern)) {
        const key = match[1] ?? match[2] ?? match[3] ?? '';
        checked += 1;
        if (!known.has(key)) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });
});
