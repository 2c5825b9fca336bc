import { describe, expect, it } from 'vitest';
import {
  creditedQuota,
  effectiveMinTopUp,
  initialTopUpAmount,
  normalizeTopUpAmount,
  TOP_UP_MAX_AMOUNT,
  topUpPresets,
  validateTopUpAmount,
} from './top-up-rules.ts';

describe('effectiveMinTopUp', () => {
  it.each<[number, number | undefined, number]>([
    [1, undefined, 1],
    [0, undefined, 1],
    [-5, undefined, 1],
    [5, undefined, 5],
    [2.5, undefined, 3],
    [1, 20, 20],
    [50, 20, 50],
    [1, 0, 1],
    [Number.NaN, undefined, 1],
    [Number.NaN, 7, 7],
    [10_000_000, undefined, TOP_UP_MAX_AMOUNT],
  ])('site minimum %d and method minimum %o give %d', (site, method, expected) => {
    expect(effectiveMinTopUp(site, method)).toBe(expected);
  });
});

describe('initialTopUpAmount', () => {
  it.each([
    [1, 10],
    [10, 10],
    [25, 25],
  ])('minimum %d starts at %d', (minimum, expected) => {
    expect(initialTopUpAmount(minimum)).toBe(expected);
  });
});

describe('normalizeTopUpAmount', () => {
  it.each<[number | string | null | undefined, number]>([
    [10, 10],
    [1, 1],
    [0, 1],
    [-3, 1],
    [0.4, 1],
    [2.4, 2],
    [2.5, 3],
    ['15', 15],
    [' 7 ', 7],
    ['', 1],
    ['abc', 1],
    [null, 1],
    [undefined, 1],
    [Number.NaN, 1],
    [Number.POSITIVE_INFINITY, 1],
    [TOP_UP_MAX_AMOUNT, TOP_UP_MAX_AMOUNT],
    [TOP_UP_MAX_AMOUNT + 1, TOP_UP_MAX_AMOUNT],
  ])('%o becomes %d', (value, expected) => {
    expect(normalizeTopUpAmount(value)).toBe(expected);
  });
});

describe('validateTopUpAmount', () => {
  it.each([
    [1, 1, null],
    [10, 5, null],
    [5, 5, null],
    [4, 5, { key: 'wallet.topUp.belowMinimum', values: { min: 5 } }],
    [1, 20, { key: 'wallet.topUp.belowMinimum', values: { min: 20 } }],
  ])('amount %d with minimum %d gives %o', (amount, minimum, expected) => {
    expect(validateTopUpAmount(amount, minimum)).toEqual(expected);
  });
});

describe('topUpPresets', () => {
  it.each([
    [1, [10, 20, 50, 100, 200, 500]],
    [0, [10, 20, 50, 100, 200, 500]],
    [3, [12, 24, 60, 120, 240, 600]],
    [10, [10, 20, 50, 100, 200, 500]],
    [15, [15, 30, 75, 150, 300, 750]],
    [100, [100, 200, 500, 1000, 2000, 5000]],
    [2.5, [12, 24, 60, 120, 240, 600]],
    [5000, [5000, 10_000, 25_000, 50_000, 100_000]],
    [60_000, [60_000]],
  ])('minimum %d gives %o', (minimum, expected) => {
    expect(topUpPresets(minimum)).toEqual(expected);
  });

  it('gives only amounts that are allowed multiples of the minimum', () => {
    for (const minimum of [1, 2, 3, 7, 11, 40, 999]) {
      for (const amount of topUpPresets(minimum)) {
        expect(amount % minimum).toBe(0);
        expect(validateTopUpAmount(amount, minimum)).toBeNull();
      }
    }
  });
});

describe('creditedQuota', () => {
  it.each([
    [1, 500_000, 500_000],
    [10, 500_000, 5_000_000],
    [3, 2.5, 8],
    [7, 1, 7],
  ])('%d dollars at %d per unit credit %d', (amount, perUnit, expected) => {
    expect(creditedQuota(amount, perUnit)).toBe(expected);
  });
});
