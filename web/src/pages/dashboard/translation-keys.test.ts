import { describe, expect, it } from 'vitest';
import dashboardEn from '../../i18n/parts/dashboard.en.json';
import dashboardZh from '../../i18n/parts/dashboard.zh.json';
import { flattenKeys, keysUsedInSource } from '../users/translation-keys.ts';

const sources = import.meta.glob<string>(['./*.{ts,tsx}', '!./*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const joinedSources = Object.values(sources).join('\n');

describe('dashboard translations', () => {
  const zhKeys = flattenKeys(dashboardZh);
  const enKeys = flattenKeys(dashboardEn);

  it('has the same keys in zh and en', () => {
    expect([...zhKeys].sort()).toEqual([...enKeys].sort());
  });

  it('keeps every key under dashboard.', () => {
    expect(zhKeys.filter((key) => !key.startsWith('dashboard.'))).toEqual([]);
  });

  it('defines every key the screen uses and uses every key it defines', () => {
    const used = new Set(keysUsedInSource(joinedSources, 'dashboard'));
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((key) => !zhKeys.includes(key))).toEqual([]);
    expect(zhKeys.filter((key) => !used.has(key))).toEqual([]);
  });
});
