import { describe, expect, it } from 'vitest';
import channelsEn from '../../i18n/parts/channels.en.json';
import channelsZh from '../../i18n/parts/channels.zh.json';
import { flattenKeys, keysUsedInSource } from '../users/translation-keys.ts';

const sources = import.meta.glob<string>(['./*.{ts,tsx}', '!./*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const joinedSources = Object.values(sources).join('\n');

describe('channels translations', () => {
  const zhKeys = flattenKeys(channelsZh);
  const enKeys = flattenKeys(channelsEn);

  it('has the same keys in zh and en', () => {
    expect([...zhKeys].sort()).toEqual([...enKeys].sort());
  });

  it('keeps every key under channels', () => {
    expect(zhKeys.filter((key) => !key.startsWith('channels.'))).toEqual([]);
  });

  it('defines every key the screens use and uses every key it defines', () => {
    const used = new Set(keysUsedInSource(joinedSources, 'channels'));
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((key) => !zhKeys.includes(key))).toEqual([]);
    expect(zhKeys.filter((key) => !used.has(key))).toEqual([]);
  });

  it('keeps the interpolation names of every message the same in both languages', () => {
    const names = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    const lookup = (messages: object, key: string) =>
      key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages) as string;
    const mismatched = zhKeys.filter(
      (key) =>
        JSON.stringify(names(lookup(channelsZh, key))) !== JSON.stringify(names(lookup(channelsEn, key))),
    );
    expect(mismatched).toEqual([]);
  });
});
