import { describe, expect, it } from 'vitest';
import chatEn from '../../i18n/parts/chat.en.json';
import chatZh from '../../i18n/parts/chat.zh.json';
import tokensEn from '../../i18n/parts/tokens.en.json';
import tokensZh from '../../i18n/parts/tokens.zh.json';
import { flattenKeys, keysUsedInSource } from '../users/translation-keys.ts';

/** The token page and the chat pages share the chat-link messages, so both folders are scanned. */
const sources = import.meta.glob<string>(
  ['./*.{ts,tsx}', '!./*.test.ts', '../chat/*.{ts,tsx}', '!../chat/*.test.ts'],
  { query: '?raw', import: 'default', eager: true },
);
const joinedSources = Object.values(sources).join('\n');

describe.each([
  ['tokens', tokensZh, tokensEn],
  ['chat', chatZh, chatEn],
])('%s translations', (area, zh, en) => {
  const zhKeys = flattenKeys(zh);
  const enKeys = flattenKeys(en);

  it('has the same keys in zh and en', () => {
    expect([...zhKeys].sort()).toEqual([...enKeys].sort());
  });

  it('keeps every key under its area', () => {
    expect(zhKeys.filter((key) => !key.startsWith(`${area}.`))).toEqual([]);
  });

  it('defines every key the screens use and uses every key it defines', () => {
    const used = new Set(keysUsedInSource(joinedSources, area));
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((key) => !zhKeys.includes(key))).toEqual([]);
    expect(zhKeys.filter((key) => !used.has(key))).toEqual([]);
  });
});
