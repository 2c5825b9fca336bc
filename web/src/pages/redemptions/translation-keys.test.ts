import { describe, expect, it } from 'vitest';
import redemptionsEn from '../../i18n/parts/redemptions.en.json';
import redemptionsZh from '../../i18n/parts/redemptions.zh.json';
import { flattenKeys, keysUsedInSource } from '../users/translation-keys.ts';

const sources = import.meta.glob<string>(['./*.{ts,tsx}', '!./*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const joinedSources = Object.values(sources).join('\n');

/** The {{placeholders}} of every message, so that both languages fill in the same values. */
function placeholders(messages: Record<string, unknown>, prefix = ''): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string')
      result[path] = [...value.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!).sort();
    else Object.assign(result, placeholders(value as Record<string, unknown>, path));
  }
  return result;
}

describe('redemptions translations', () => {
  const zhKeys = flattenKeys(redemptionsZh);
  const enKeys = flattenKeys(redemptionsEn);

  it('has the same keys and placeholders in zh and en', () => {
    expect([...zhKeys].sort()).toEqual([...enKeys].sort());
    expect(placeholders(redemptionsZh)).toEqual(placeholders(redemptionsEn));
  });

  it('keeps every key under its area', () => {
    expect(zhKeys.filter((key) => !key.startsWith('redemptions.'))).toEqual([]);
  });

  it('defines every key the screen uses and uses every key it defines', () => {
    const used = new Set(keysUsedInSource(joinedSources, 'redemptions'));
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((key) => !zhKeys.includes(key))).toEqual([]);
    expect(zhKeys.filter((key) => !used.has(key))).toEqual([]);
  });
});
