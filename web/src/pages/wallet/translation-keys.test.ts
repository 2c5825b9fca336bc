import { describe, expect, it } from 'vitest';
import walletEn from '../../i18n/parts/wallet.en.json';
import walletZh from '../../i18n/parts/wallet.zh.json';
import { flattenKeys, keysUsedInSource } from '../users/translation-keys.ts';

const sources = import.meta.glob<string>(['./*.{ts,tsx}', '!./*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const joinedSources = Object.values(sources).join('\n');

describe('wallet translations', () => {
  const zhKeys = flattenKeys(walletZh);
  const enKeys = flattenKeys(walletEn);

  it('has the same keys in zh and en', () => {
    expect([...zhKeys].sort()).toEqual([...enKeys].sort());
  });

  it('keeps every key under its area', () => {
    expect(zhKeys.filter((key) => !key.startsWith('wallet.'))).toEqual([]);
  });

  it('defines every key the screen uses and uses every key it defines', () => {
    const used = new Set(keysUsedInSource(joinedSources, 'wallet'));
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((key) => !zhKeys.includes(key))).toEqual([]);
    expect(zhKeys.filter((key) => !used.has(key))).toEqual([]);
  });
});
