import { describe, expect, it } from 'vitest';
import { candidateNames, longestFamily, lookUp, tableValue } from './model-lookup.ts';

describe('candidateNames', () => {
  it.each([
    ['gpt-4o-2024-08-06', ['gpt-4o-2024-08-06', 'gpt-4o-2024-08', 'gpt-4o-2024', 'gpt-4o', 'gpt']],
    ['llama3:8b', ['llama3:8b', 'llama3']],
    [
      'claude-3-5-sonnet@20240620',
      ['claude-3-5-sonnet@20240620', 'claude-3-5-sonnet', 'claude-3-5', 'claude-3', 'claude'],
    ],
    ['gpt-4.5', ['gpt-4.5', 'gpt']],
    ['o1', ['o1']],
    ['-x', ['-x']],
    // A compaction model (POST /v1/responses/compact): new-api's wildcard right after the name itself.
    ['gpt-5-openai-compact', ['gpt-5-openai-compact', '*-openai-compact', 'gpt-5-openai', 'gpt-5', 'gpt']],
    ['*-openai-compact', ['*-openai-compact', '*-openai', '*']],
  ])('%s → %j', (model, expected) => {
    expect(candidateNames(model)).toEqual(expected);
  });
});

describe('lookUp', () => {
  const prices = { 'dall-e-3': 0.04, shared: 0.5 };
  const ratios = { 'gpt-4o': 1.25, 'gpt-4': 15, shared: 2, 'gpt-4o-2024-05-13': 2.5 };

  it.each([
    ['gpt-4o', { name: 'gpt-4o', value: 1.25, tableIndex: 1 }],
    ['gpt-4o-2024-05-13', { name: 'gpt-4o-2024-05-13', value: 2.5, tableIndex: 1 }],
    ['gpt-4o-2024-08-06', { name: 'gpt-4o', value: 1.25, tableIndex: 1 }],
    ['gpt-4-0613', { name: 'gpt-4', value: 15, tableIndex: 1 }],
    // A different family never borrows a shorter family's price through a non-separator.
    ['gpt-4o1', undefined],
    ['gpt-4.5-preview', undefined],
    ['dall-e-3-hd', { name: 'dall-e-3', value: 0.04, tableIndex: 0 }],
    // At the same name the earlier table wins.
    ['shared', { name: 'shared', value: 0.5, tableIndex: 0 }],
    ['shared-2', { name: 'shared', value: 0.5, tableIndex: 0 }],
    // Inherited properties are not table entries.
    ['constructor', undefined],
    ['', undefined],
  ])('%s → %j', (model, expected) => {
    expect(lookUp(model, prices, ratios)).toEqual(expected);
  });

  it('prefers a longer name in a later table over a shorter one in an earlier table', () => {
    expect(lookUp('gpt-4o-mini', { 'gpt-4o': 1 }, { 'gpt-4o-mini': 2 })).toEqual({
      name: 'gpt-4o-mini',
      value: 2,
      tableIndex: 1,
    });
  });
});

describe('tableValue', () => {
  it.each([
    [{ a: 1 }, 'a', 1],
    [{ a: 0 }, 'a', 0],
    [{ a: -1 }, 'a', undefined],
    [{ a: null }, 'a', undefined],
    [{ a: '1' }, 'a', undefined],
    [{ a: Number.NaN }, 'a', undefined],
    [{}, 'toString', undefined],
  ])('%j[%s] → %s', (table, name, expected) => {
    expect(tableValue(table, name)).toBe(expected);
  });
});

describe('longestFamily', () => {
  const families = { 'gpt-4': 2, 'gpt-4o': 4, 'claude-': 5 };
  it.each([
    ['gpt-4o-new', 4],
    ['gpt-4-new', 2],
    ['claude-next', 5],
    ['claude', undefined],
    ['mystery', undefined],
  ])('%s → %s', (model, expected) => {
    expect(longestFamily(model, families)).toBe(expected);
  });
});
