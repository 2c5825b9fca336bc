import { describe, expect, it } from 'vitest';
import { abbreviateCount, renderQuota } from './quota-format.ts';

describe('abbreviateCount', () => {
  it.each([
    [0, '0'],
    [9_999, '9999'],
    [10_000, '10k'],
    [123_456, '123.46k'],
    [1_000_000, '1M'],
    [2_500_000, '2.5M'],
    [1_000_000_000, '1B'],
    [-20_000, '-20k'],
  ])('%d -> %s', (value, expected) => {
    expect(abbreviateCount(value)).toBe(expected);
  });
});

describe('renderQuota', () => {
  it.each([
    [500_000, true, '$1.00'],
    [250_000, true, '$0.50'],
    [1, true, '$0.00'],
    [500_000, false, '500k'],
    [5_000, false, '5000'],
  ])('%d (currency %s) -> %s', (quota, displayInCurrency, expected) => {
    expect(renderQuota(quota, { quotaPerUnit: 500_000, displayInCurrency })).toBe(expected);
  });
});
