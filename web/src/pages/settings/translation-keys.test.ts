import { describe, expect, it } from 'vitest';
import settingsEn from '../../i18n/parts/settings.en.json';
import settingsZh from '../../i18n/parts/settings.zh.json';
import { flattenKeys, keysUsedInSource } from '../users/translation-keys.ts';

const sources = import.meta.glob<string>(['./*.{ts,tsx}', '!./*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const joinedSources = Object.values(sources).join('\n');

function lookup(messages: object, key: string): string {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages) as string;
}

describe('settings translations', () => {
  const zhKeys = flattenKeys(settingsZh);
  const enKeys = flattenKeys(settingsEn);

  it('has the same keys in zh and en', () => {
    expect([...zhKeys].sort()).toEqual([...enKeys].sort());
  });

  it('keeps every key under settings', () => {
    expect(zhKeys.filter((key) => !key.startsWith('settings.'))).toEqual([]);
  });

  it('defines every key the screens use and uses every key it defines', () => {
    const used = new Set(keysUsedInSource(joinedSources, 'settings'));
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((key) => !zhKeys.includes(key))).toEqual([]);
    expect(zhKeys.filter((key) => !used.has(key))).toEqual([]);
  });

  it('keeps the interpolation names of every message the same in both languages', () => {
    const names = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    const mismatched = zhKeys.filter(
      (key) =>
        JSON.stringify(names(lookup(settingsZh, key))) !== JSON.stringify(names(lookup(settingsEn, key))),
    );
    expect(mismatched).toEqual([]);
  });
});
