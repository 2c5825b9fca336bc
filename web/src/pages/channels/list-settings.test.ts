import { describe, expect, it } from 'vitest';
import {
  CHANNEL_COLUMNS,
  COLUMNS_STORAGE_KEY,
  defaultColumnVisibility,
  ID_SORT_STORAGE_KEY,
  parseColumnVisibility,
  readColumnVisibility,
  readIdSort,
  storeColumnVisibility,
  storeIdSort,
} from './list-settings.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      values.set(key, value);
    },
  };
}

describe('parseColumnVisibility', () => {
  const allShown = defaultColumnVisibility();

  it('shows every column by default', () => {
    expect(Object.values(allShown).every(Boolean)).toBe(true);
    expect(Object.keys(allShown)).toEqual([...CHANNEL_COLUMNS]);
  });

  it.each([
    [null, allShown],
    ['', allShown],
    ['not json', allShown],
    ['[false]', allShown],
    ['"balance"', allShown],
    ['{"balance":false}', { ...allShown, balance: false }],
    ['{"weight":false,"priority":true,"unknown":false}', { ...allShown, weight: false }],
    ['{"id":"no","name":0}', allShown],
  ])('%o gives the defaults merged with valid choices', (stored, expected) => {
    expect(parseColumnVisibility(stored)).toEqual(expected);
  });
});

describe('column storage', () => {
  it('round-trips through channels-table-columns', () => {
    const storage = memoryStorage();
    const visibility = { ...defaultColumnVisibility(), balance: false, used_quota: false };
    storeColumnVisibility(visibility, storage);
    expect(JSON.parse(storage.values.get(COLUMNS_STORAGE_KEY) ?? '{}')).toEqual(visibility);
    expect(readColumnVisibility(storage)).toEqual(visibility);
  });
});

describe('ID sort storage', () => {
  it('is off until switched on, and remembered', () => {
    const storage = memoryStorage();
    expect(readIdSort(storage)).toBe(false);
    storeIdSort(true, storage);
    expect(storage.values.get(ID_SORT_STORAGE_KEY)).toBe('true');
    expect(readIdSort(storage)).toBe(true);
    storeIdSort(false, storage);
    expect(readIdSort(storage)).toBe(false);
  });
});
