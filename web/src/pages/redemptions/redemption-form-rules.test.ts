import { describe, expect, it } from 'vitest';
import {
  defaultFormValues,
  formValuesFromRedemption,
  parseWholeNumber,
  prepareSubmission,
  quotaForPreview,
  type RedemptionFormValues,
} from './redemption-form-rules.ts';

const asCurrency = (quota: number) => `$${(quota / 500000).toFixed(2)}`;

describe('parseWholeNumber', () => {
  it.each([
    [100000, 100000],
    ['42', 42],
    [' 7 ', 7],
    ['-3', -3],
    [0, 0],
    [1.5, null],
    ['1.5', null],
    ['abc', null],
    ['', null],
    [null, null],
    [undefined, null],
    ['99999999999999999999', null],
  ])('%o gives %o', (value, expected) => {
    expect(parseWholeNumber(value)).toBe(expected);
  });
});

describe('quotaForPreview', () => {
  it.each([
    [100000, 100000],
    [null, 0],
    ['x', 0],
  ])('%o previews as %i', (value, expected) => {
    expect(quotaForPreview(value)).toBe(expected);
  });
});

describe('prepareSubmission', () => {
  const values = (overrides: Partial<RedemptionFormValues>): RedemptionFormValues => ({
    ...defaultFormValues(),
    ...overrides,
  });

  it.each([
    [
      'named batch',
      values({ name: ' gift ', quota: 250000, count: 5 }),
      { name: 'gift', quota: 250000, count: 5 },
    ],
    ['empty name takes the formatted quota', values({}), { name: '$0.20', quota: 100000, count: 1 }],
    [
      'blank name takes the formatted quota',
      values({ name: '   ', quota: '500000' }),
      { name: '$1.00', quota: 500000, count: 1 },
    ],
    ['count as text', values({ name: 'x', count: '100' }), { name: 'x', quota: 100000, count: 100 }],
    [
      'twenty characters',
      values({ name: '兑'.repeat(20) }),
      { name: '兑'.repeat(20), quota: 100000, count: 1 },
    ],
  ])('create: %s', (_label, formValues, payload) => {
    expect(prepareSubmission(formValues, 'create', asCurrency)).toEqual({
      ok: true,
      mode: 'create',
      payload,
    });
  });

  it.each([
    ['zero quota', values({ quota: 0 }), 'redemptions.form.quotaInvalid'],
    ['negative quota', values({ quota: -1 }), 'redemptions.form.quotaInvalid'],
    ['fractional quota', values({ quota: 1.5 }), 'redemptions.form.quotaInvalid'],
    ['empty quota', values({ quota: null }), 'redemptions.form.quotaInvalid'],
    ['name too long', values({ name: 'x'.repeat(21) }), 'redemptions.form.nameTooLong'],
    ['count zero', values({ count: 0 }), 'redemptions.form.countInvalid'],
    ['count above 100', values({ count: 101 }), 'redemptions.form.countInvalid'],
    ['count empty', values({ count: null }), 'redemptions.form.countInvalid'],
    ['count fractional', values({ count: '2.5' }), 'redemptions.form.countInvalid'],
  ])('create refuses %s', (_label, formValues, error) => {
    expect(prepareSubmission(formValues, 'create', asCurrency)).toEqual({ ok: false, error });
  });

  it('edit sends name and quota only, and needs a name', () => {
    expect(prepareSubmission(values({ name: 'renamed', quota: 300, count: 0 }), 'edit', asCurrency)).toEqual({
      ok: true,
      mode: 'edit',
      payload: { name: 'renamed', quota: 300 },
    });
    expect(prepareSubmission(values({ name: ' ', quota: 300 }), 'edit', asCurrency)).toEqual({
      ok: false,
      error: 'redemptions.form.nameRequired',
    });
  });
});

describe('form values', () => {
  it('defaults to quota 100000 and one code, and loads a code for editing', () => {
    expect(defaultFormValues()).toEqual({ name: '', quota: 100000, count: 1 });
    expect(formValuesFromRedemption({ name: 'gift', quota: 5 })).toEqual({
      name: 'gift',
      quota: 5,
      count: 1,
    });
  });
});
