import { describe, expect, it } from 'vitest';
import { QUOTA_PER_UNIT_DEFAULT } from '../../../common/limits.ts';
import { effectiveQuotaPerUnit, quotaDisplaySettings } from './quota-settings.ts';

describe('effectiveQuotaPerUnit', () => {
  it.each([
    [500_000, 500_000],
    [1000, 1000],
    [0, QUOTA_PER_UNIT_DEFAULT],
    [-5, QUOTA_PER_UNIT_DEFAULT],
  ])('%d → %d', (quotaPerUnit, expected) => {
    expect(effectiveQuotaPerUnit(quotaPerUnit)).toBe(expected);
  });
});

describe('quotaDisplaySettings', () => {
  it('reads the status, with the default quota per unit while unset', () => {
    expect(quotaDisplaySettings({ quota_per_unit: 0, display_in_currency: true })).toEqual({
      quotaPerUnit: QUOTA_PER_UNIT_DEFAULT,
      displayInCurrency: true,
    });
    expect(quotaDisplaySettings({ quota_per_unit: 1000, display_in_currency: false })).toEqual({
      quotaPerUnit: 1000,
      displayInCurrency: false,
    });
  });
});
