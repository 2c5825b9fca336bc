import { describe, expect, it } from 'vitest';
import logsEn from '../../i18n/parts/logs.en.json';
import logsZh from '../../i18n/parts/logs.zh.json';
import { flattenKeys, keysUsedInSource } from '../users/translation-keys.ts';

const sources = import.meta.glob<string>(['./*.{ts,tsx}', '!./*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const joinedSources = Object.values(sources).join('\n');

describe('logs translations', () => {
  const zhKeys = flattenKeys(logsZh);
  const enKeys = flattenKeys(logsEn);

  it('has the same keys in zh and en', () => {
    expect([...zhKeys].sort()).toEqual([...enKeys].sort());
  });

  it('keeps every key under logs.', () => {
    expect(zhKeys.filter((key) => !key.startsWith('logs.'))).toEqual([]);
  });

  it('defines every key the screen uses and uses every key it defines', () => {
    const used = new Set(keysUsedInSource(joinedSources, 'logs'));
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((key) => !zhKeys.includes(key))).toEqual([]);
    expect(zhKeys.filter((key) => !used.has(key))).toEqual([]);
  });
});
