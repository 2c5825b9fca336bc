import { describe, expect, it } from 'vitest';
import {
  quotaToTransferInput,
  type TransferSettings,
  transferInputPrecision,
  transferInputToQuota,
  validateAffTransfer,
} from './aff-transfer-rules.ts';

const currency: TransferSettings = { quotaPerUnit: 500_000, displayInCurrency: true };
const units: TransferSettings = { quotaPerUnit: 500_000, displayInCurrency: false };
const unsetPerUnit: TransferSettings = { quotaPerUnit: 0, displayInCurrency: true };

describe('transferInputPrecision', () => {
  it.each([
    [currency, 2],
    [units, 0],
  ])('%o uses %d decimals', (settings, expected) => {
    expect(transferInputPrecision(settings)).toBe(expected);
  });
});

describe('quotaToTransferInput', () => {
  it.each<[number, TransferSettings, number]>([
    [500_000, currency, 1],
    [750_000, currency, 1.5],
    [750_001, currency, 1.5],
    [1_234_567, currency, 2.46],
    [0, currency, 0],
    [500_000, units, 500_000],
    [1_234_567, units, 1_234_567],
    [1_000_000, unsetPerUnit, 2],
    [870_000, currency, 1.74],
  ])('quota %d with %o shows %d', (quota, settings, expected) => {
    expect(quotaToTransferInput(quota, settings)).toBe(expected);
  });
});

describe('transferInputToQuota', () => {
  it.each<[number | null | undefined, TransferSettings, number, number | null]>([
    [null, currency, 1_000_000, null],
    [undefined, units, 1_000_000, null],
    [Number.NaN, currency, 1_000_000, null],
    [1, currency, 1_000_000, 500_000],
    [1.5, currency, 1_000_000, 750_000],
    [0.01, currency, 1_000_000, 5000],
    [2.46, currency, 1_234_567, 1_234_567],
    [2.45, currency, 1_234_567, 1_225_000],
    [1.5, currency, 750_001, 750_001],
    [1, currency, 0, 500_000],
    [500_000, units, 1_000_000, 500_000],
    [499_999.6, units, 1_000_000, 500_000],
    [2, unsetPerUnit, 5_000_000, 1_000_000],
  ])('%o with %o and %d available is quota %o', (value, settings, available, expected) => {
    expect(transferInputToQuota(value, settings, available)).toBe(expected);
  });
});

describe('validateAffTransfer', () => {
  it.each<[number | null, number, TransferSettings, ReturnType<typeof validateAffTransfer>]>([
    [500_000, 1_000_000, currency, null],
    [1_000_000, 1_000_000, currency, null],
    [499_999, 1_000_000, currency, { key: 'personal.affTransfer.minimum', quota: 500_000 }],
    [0, 1_000_000, units, { key: 'personal.affTransfer.minimum', quota: 500_000 }],
    [null, 1_000_000, currency, { key: 'personal.affTransfer.minimum', quota: 500_000 }],
    [-500_000, 1_000_000, currency, { key: 'personal.affTransfer.minimum', quota: 500_000 }],
    [1_000_001, 1_000_000, currency, { key: 'personal.affTransfer.exceedsAvailable', quota: 1_000_000 }],
    [500_000, 200_000, units, { key: 'personal.affTransfer.exceedsAvailable', quota: 200_000 }],
    [100_000, 200_000, unsetPerUnit, { key: 'personal.affTransfer.minimum', quota: 500_000 }],
    [1000, 5000, { quotaPerUnit: 1000, displayInCurrency: false }, null],
  ])('quota %o of %d available with %o gives %o', (quota, available, settings, expected) => {
    expect(validateAffTransfer(quota, available, settings)).toEqual(expected);
  });
});
