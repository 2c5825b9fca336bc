import { describe, expect, it } from 'vitest';
import playgroundEn from '../../i18n/parts/playground.en.json';
import playgroundZh from '../../i18n/parts/playground.zh.json';
import { flattenKeys, keysUsedInSource } from '../users/translation-keys.ts';

const sources = import.meta.glob<string>(['./*.{ts,tsx}', '!./*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const joinedSources = Object.values(sources).join('\n');

describe('playground translations', () => {
  const zhKeys = flattenKeys(playgroundZh);
  const enKeys = flattenKeys(playgroundEn);

  it('has the same keys in zh and en', () => {
    expect([...zhKeys].sort()).toEqual([...enKeys].sort());
  });

  it('keeps every key under its area', () => {
    expect(zhKeys.filter((key) => !key.startsWith('playground.'))).toEqual([]);
  });

  it('defines every key the screen uses and uses every key it defines', () => {
    const used = new Set(keysUsedInSource(joinedSources, 'playground'));
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((key) => !zhKeys.includes(key))).toEqual([]);
    expect(zhKeys.filter((key) => !used.has(key))).toEqual([]);
  });
});
