import { describe, expect, it } from 'vitest';
import { normalizeMaxTokens, normalizeTemperature, pickGroup, pickModel } from './playground-settings.ts';

describe('pickModel', () => {
  it.each([
    [[], 'gpt-4o-mini', 'gpt-4o-mini'],
    [['gpt-4o', 'gpt-4o-mini'], 'gpt-4o-mini', 'gpt-4o-mini'],
    [['gpt-4o', 'claude-3'], 'gpt-4o-mini', 'gpt-4o'],
    [['claude-3', 'gpt-4o-mini'], 'gpt-4o', 'gpt-4o-mini'],
    [['claude-3', 'gpt-4o'], 'claude-3', 'claude-3'],
    [['claude-3'], 'removed-model', 'claude-3'],
  ])('models %o, current %s → %s', (models, current, expected) => {
    expect(pickModel(models, current)).toBe(expected);
  });
});

describe('pickGroup', () => {
  it.each([
    [[], 'default', '', 'default'],
    [['default', 'vip'], 'default', 'vip', 'default'],
    [['default', 'vip'], 'vip', 'default', 'vip'],
    [['vip', 'default'], 'gone', '', 'default'],
    [['svip', 'vip'], 'default', 'vip', 'vip'],
    [['svip', 'vip'], 'default', '', 'svip'],
    [['svip', 'vip'], 'default', 'other', 'svip'],
  ])('groups %o, current %s, user group %s → %s', (groups, current, userGroup, expected) => {
    expect(pickGroup(groups, current, userGroup)).toBe(expected);
  });
});

describe('normalizeMaxTokens', () => {
  it.each([
    [0, 0],
    [512, 512],
    [512.9, 512],
    [-5, 0],
    ['1024', 1024],
    [' 64 ', 64],
    ['', 0],
    ['abc', 0],
    [null, 0],
    [undefined, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('%j → %i', (value, expected) => {
    expect(normalizeMaxTokens(value)).toBe(expected);
  });
});

describe('normalizeTemperature', () => {
  it.each([
    [0.7, 0.7],
    [0.1, 0.1],
    [1, 1],
    [0, 0.1],
    [1.5, 1],
    [0.30000000000000004, 0.3],
    [0.45, 0.5],
    [null, 0.7],
    [Number.NaN, 0.7],
  ])('%d → %d', (value, expected) => {
    expect(normalizeTemperature(value)).toBe(expected);
  });
});
