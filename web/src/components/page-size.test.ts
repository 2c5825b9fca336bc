import { describe, expect, it } from 'vitest';
import { PAGE_SIZE_STORAGE_KEY, parsePageSize, readPageSize, storePageSize } from './page-size.ts';

describe('parsePageSize', () => {
  it.each([
    [null, 10],
    ['', 10],
    ['10', 10],
    ['20', 20],
    ['50', 50],
    ['100', 100],
    ['30', 10],
    ['1000', 10],
    ['abc', 10],
  ])('stored %o gives %i', (stored, expected) => {
    expect(parsePageSize(stored)).toBe(expected);
  });
});

describe('readPageSize and storePageSize', () => {
  it('round-trips a chosen size through the page-size key', () => {
    const values = new Map<string, string>();
    const storage = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => {
        values.set(key, value);
      },
    };
    expect(readPageSize(storage)).toBe(10);
    storePageSize(50, storage);
    expect(values.get(PAGE_SIZE_STORAGE_KEY)).toBe('50');
    expect(readPageSize(storage)).toBe(50);
  });
});
