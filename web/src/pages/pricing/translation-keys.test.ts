import { describe, expect, it } from 'vitest';
import pricingEn from '../../i18n/parts/pricing.en.json';
import pricingZh from '../../i18n/parts/pricing.zh.json';
import { flattenKeys, keysUsedInSource } from '../users/translation-keys.ts';

const sources = import.meta.glob<string>(['./*.{ts,tsx}', '!./*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const joinedSources = Object.values(sources).join('\n');

describe('pricing translations', () => {
  const zhKeys = flattenKeys(pricingZh);
  const enKeys = flattenKeys(pricingEn);

  it('has the same keys in zh and en', () => {
    expect([...zhKeys].sort()).toEqual([...enKeys].sort());
  });

  it('keeps every key under its area', () => {
    expect(zhKeys.filter((key) => !key.startsWith('pricing.'))).toEqual([]);
  });

  it('defines every key the screen uses and uses every key it defines', () => {
    const used = new Set(keysUsedInSource(joinedSources, 'pricing'));
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((key) => !zhKeys.includes(key))).toEqual([]);
    expect(zhKeys.filter((key) => !used.has(key))).toEqual([]);
  });
});
