import { describe, expect, it } from 'vitest';
import { jsonChanged, nextRowId, pairName, readStoredObject, repeatedRows } from './draft-rows.ts';

describe('readStoredObject', () => {
  it.each([
    [undefined, {}, false],
    ['', {}, false],
    ['  ', {}, false],
    ['{"vip":{"rpm":5}}', { vip: { rpm: 5 } }, false],
    ['[1]', {}, true],
    ['"text"', {}, true],
    ['null', {}, true],
    ['{bad', {}, true],
  ])('%j → %j, unreadable %s', (stored, value, unreadable) => {
    expect(readStoredObject(stored)).toEqual({ value, unreadable });
  });
});

describe('jsonChanged', () => {
  it.each([
    ['{}', undefined, '{}', false],
    ['{}', '', '{}', false],
    ['{"a":1}', '', '{}', true],
    ['{"a":1}', '{ "a": 1 }', '{}', false],
    ['{"a":2}', '{ "a": 1 }', '{}', true],
    ['[]', 'not json', '[]', true],
  ])('%s against stored %j (empty %s) → %s', (next, stored, empty, changed) => {
    expect(jsonChanged(next, stored, empty)).toBe(changed);
  });
});

describe('nextRowId', () => {
  it.each([
    [[], 1],
    [[{ id: 1 }, { id: 2 }], 3],
    [[{ id: 7 }, { id: 3 }], 8],
  ])('%j → %i', (rows, id) => {
    expect(nextRowId(rows)).toBe(id);
  });
});

describe('repeatedRows', () => {
  it.each([
    [['a', 'b'], []],
    [['a', 'b', 'a'], [3]],
    [
      ['a', 'a', 'a'],
      [2, 3],
    ],
    [['', ''], []],
  ])('%j → %j', (names, rows) => {
    expect(repeatedRows(names)).toEqual(rows);
  });
});

describe('pairName', () => {
  it.each([
    ['vip', 'gpt-4o', 'vip\u0000gpt-4o'],
    [' vip ', ' gpt-4o', 'vip\u0000gpt-4o'],
    ['', 'gpt-4o', ''],
    ['vip', ' ', ''],
  ])('%j and %j → %j', (group, model, name) => {
    expect(pairName(group, model)).toBe(name);
  });
});
