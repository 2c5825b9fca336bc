import { describe, expect, it } from 'vitest';
import { axisDecimals, formatAxisQuota } from './axis-format.ts';

const currency = { quotaPerUnit: 500_000, displayInCurrency: true };

describe('dashboard quota axis', () => {
  it('gives small ticks the decimals that tell them apart', () => {
    const ticks = [0, 25, 50, 75, 100].map((quota) => formatAxisQuota(quota, currency));
    expect(ticks).toEqual(['$0.00', '$0.00005', '$0.0001', '$0.00015', '$0.0002']);
    expect(new Set(ticks).size).toBe(ticks.length);
  });

  it('keeps two decimals for ordinary amounts', () => {
    expect(formatAxisQuota(750_000, currency)).toBe('$1.50');
    expect(formatAxisQuota(50_000_000, currency)).toBe('$100.00');
    expect(formatAxisQuota(5_000, currency)).toBe('$0.01');
    expect(formatAxisQuota(2_500, currency)).toBe('$0.005');
  });

  it('shows raw counts outside currency mode', () => {
    expect(formatAxisQuota(25_000, { ...currency, displayInCurrency: false })).toBe('25k');
  });

  it('bounds the decimals', () => {
    expect(axisDecimals(0)).toBe(2);
    expect(axisDecimals(123)).toBe(2);
    expect(axisDecimals(0.00015)).toBe(5);
    expect(axisDecimals(1e-12)).toBe(8);
  });
});
