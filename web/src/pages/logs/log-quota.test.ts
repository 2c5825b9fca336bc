import { describe, expect, it } from 'vitest';
import { formatLogCost, formatRate, formatStatQuota } from './log-quota.ts';

const currency = { quotaPerUnit: 500_000, displayInCurrency: true };
const units = { quotaPerUnit: 500_000, displayInCurrency: false };

describe('formatLogCost', () => {
  it.each([
    [0, currency, '$0.00'],
    [1, currency, '$0.000002'],
    [123, currency, '$0.000246'],
    [5_000, currency, '$0.01'],
    [500_000, currency, '$1.00'],
    [750_000, currency, '$1.50'],
    [1_234_567, currency, '$2.469134'],
    [2_500, { quotaPerUnit: 1_000, displayInCurrency: true }, '$2.50'],
    [0, units, '0'],
    [123, units, '123'],
    [9_999, units, '9999'],
    [12_500, units, '12.5k'],
    [3_000_000, units, '3M'],
  ])('%s with %o is %s', (quota, settings, expected) => {
    expect(formatLogCost(quota, settings)).toBe(expected);
  });
});

describe('formatStatQuota', () => {
  it.each([
    [0, currency, '$0.00'],
    [122, currency, '$0.000244'],
    [4_999, currency, '$0.009998'],
    [5_000, currency, '$0.01'],
    [1_234_567, currency, '$2.47'],
    [500_000_000, currency, '$1000.00'],
    [0, units, '0'],
    [122, units, '122'],
    [1_234_567, units, '1.23M'],
  ])('%s with %o is %s', (quota, settings, expected) => {
    expect(formatStatQuota(quota, settings)).toBe(expected);
  });
});

describe('formatRate', () => {
  it.each([
    [0, '0'],
    [12, '12'],
    [12.6, '13'],
    [9_999, '9999'],
    [15_300, '15.3k'],
    [2_000_000, '2M'],
  ])('%s is %s', (value, expected) => {
    expect(formatRate(value)).toBe(expected);
  });
});
