import { describe, expect, it } from 'vitest';
import { resolveTab, visibleTabs } from './settings-tabs.ts';

describe('visibleTabs', () => {
  it.each([
    [true, ['operation', 'ratelimit', 'traffic', 'models', 'system', 'other']],
    [false, ['operation', 'ratelimit', 'models', 'other']],
  ])('root %s → %o', (isRoot, expected) => {
    expect(visibleTabs(isRoot)).toEqual(expected);
  });
});

describe('resolveTab', () => {
  it.each([
    [null, true, 'operation'],
    ['models', true, 'models'],
    ['system', true, 'system'],
    ['system', false, 'operation'],
    ['nonsense', true, 'operation'],
    ['other', false, 'other'],
    ['traffic', true, 'traffic'],
    ['traffic', false, 'operation'],
  ])('%s (root %s) → %s', (value, isRoot, expected) => {
    expect(resolveTab(value, isRoot)).toBe(expected);
  });
});
