import { describe, expect, it } from 'vitest';
import en from './en.json';
import { buildResources, i18n, mergeMessages } from './index.ts';
import zh from './zh.json';

/**
 * The one completeness test of the console's translations: zh and en hold the same keys and
 * placeholders, each parts file holds exactly its own area, and the keys the source names exist (in
 * their area's file) and are used.
 */
type Messages = { [key: string]: string | Messages };

/** The parts files and the console's source, read through Vite (the web project has no Node APIs). */
const partFiles = import.meta.glob<Messages>('./parts/*.json', { eager: true, import: 'default' });
const sourceFiles = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  eager: true,
  query: '?raw',
  import: 'default',
});
const joinedSource = Object.values(sourceFiles).join('\n');

/** Keys no screen names; delete them from parts/personal.*.json, then from here. */
const KNOWN_UNUSED = new Set([
  'personal.title',
  'personal.overview.role',
  'personal.bind.method.email',
  'personal.bind.method.wechat',
  'personal.bind.method.github',
  'personal.bind.method.oidc',
  'personal.bind.method.telegram',
  'personal.bind.method.linuxdo',
]);

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

/** Quoted literals that look like keys of an area: `'users.add.title'`, `"…"` or a whole template. */
function keysNamedInSource(source: string, area: string): string[] {
  const pattern = new RegExp(`['"\`](${area}\\.[A-Za-z0-9_.]+[A-Za-z0-9_])['"\`]`, 'g');
  return [...source.matchAll(pattern)].map((match) => match[1] ?? '');
}

/** Prefixes of keys built at run time, as in t(`users.actions.${toggle}`): every key under one is used. */
function builtKeyPrefixes(source: string, area: string): string[] {
  const pattern = new RegExp(`\`(${area}\\.[A-Za-z0-9_.]*\\.)\\$\\{`, 'g');
  return [...source.matchAll(pattern)].map((match) => match[1] ?? '');
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

/** parts/task-log.zh.json holds the area `taskLog`. */
function areaOf(fileName: string): string {
  return fileName
    .replace(/\.(zh|en)\.json$/, '')
    .replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
}

/** Every parts area with its zh keys. */
function partAreas(): Array<{ file: string; area: string; keys: Map<string, string> }> {
  return Object.keys(partFiles)
    .filter((path) => path.endsWith('.zh.json'))
    .map((path) => {
      const file = path.replace('./parts/', '');
      return { file, area: areaOf(file), keys: flatten(partFile(file)) };
    });
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

  it('every parts file holds exactly its own area, and no area is split across files', () => {
    const areas = partAreas();
    expect(areas.length).toBeGreaterThan(10);
    for (const { file, area } of areas) {
      expect(Object.keys(partFile(file)), `parts/${file}`).toEqual([area]);
      expect(Object.keys(partFile(file.replace('.zh.', '.en.'))), `parts/${file}`).toEqual([area]);
      expect(Object.keys(zh), `zh.json and parts/${file}`).not.toContain(area);
    }
  });

  it("every key a screen names exists in its area's file, and every key of an area is used", () => {
    const undefinedKeys: string[] = [];
    const unusedKeys: string[] = [];
    for (const { file, area, keys } of partAreas()) {
      const named = new Set(keysNamedInSource(joinedSource, area));
      const built = builtKeyPrefixes(joinedSource, area);
      expect(named.size, `keys of ${area} named in the source`).toBeGreaterThan(0);
      for (const key of named) if (!keys.has(key)) undefinedKeys.push(`${key} (parts/${file})`);
      for (const key of keys.keys()) {
        const used = named.has(key) || built.some((prefix) => key.startsWith(prefix));
        if (!used && !KNOWN_UNUSED.has(key)) unusedKeys.push(`${key} (parts/${file})`);
      }
    }
    expect(undefinedKeys, 'named in the source, missing in the parts file').toEqual([]);
    expect(unusedKeys, 'in a parts file, named nowhere in the source').toEqual([]);
  });

  it.each([
    [
      't(\'shop.title\'); key: "shop.list.empty"; `shop.status.on`',
      ['shop.title', 'shop.list.empty', 'shop.status.on'],
      [],
    ],
    ["t('shop.actions.' + toggle); 'shopping.cart'; 'shop.'", [], []],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text under test
    ['t(`shop.actions.${toggle}`)', [], ['shop.actions.']],
  ])('reads the keys of an area from source: %s', (source, named, built) => {
    expect(keysNamedInSource(source, 'shop')).toEqual(named);
    expect(builtKeyPrefixes(source, 'shop')).toEqual(built);
  });
});
