import { describe, expect, it } from 'vitest';
import { parseKey } from './auth.ts';
import { maskSecrets } from './errors.ts';

describe('parseKey', () => {
  it.each([
    ['sk-abc', { key: 'abc', channelId: null }],
    ['abc', { key: 'abc', channelId: null }],
    ['sk-abc-12', { key: 'abc', channelId: 12 }],
    ['abc-12', { key: 'abc', channelId: 12 }],
    ['sk-abc-x', { key: 'abc', channelId: -1 }],
    ['sk-abc-0', { key: 'abc', channelId: -1 }],
  ])('%s', (raw, expected) => {
    expect(parseKey(raw)).toEqual(expected);
  });
});

describe('maskSecrets', () => {
  it.each([
    ['Incorrect API key provided: sk-proj-abcdef123456', [], 'Incorrect API key provided: sk-***'],
    ['key upstream-secret-1 is bad', ['upstream-secret-1'], 'key *** is bad'],
    ['plain message', [], 'plain message'],
  ])('%s', (text, secrets, expected) => {
    expect(maskSecrets(text, secrets)).toBe(expected);
  });
});
