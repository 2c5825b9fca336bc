import { describe, expect, it } from 'vitest';
import {
  draftFromRow,
  draftProblems,
  type PricingDraft,
  pricingChanges,
  rowFromDraft,
  withDerivedPrices,
} from './pricing-draft.ts';

const base: PricingDraft = {
  name: 'm',
  mode: 'per-token',
  inputStyle: 'ratio',
  price: '',
  ratio: '',
  completionRatio: '',
  tokenPrice: '',
  completionTokenPrice: '',
};

describe('draftFromRow', () => {
  it('derives the token prices of a ratio row', () => {
    expect(draftFromRow({ name: 'm', price: '', ratio: '1.25', completionRatio: '4' })).toMatchObject({
      mode: 'per-token',
      tokenPrice: '2.5',
      completionTokenPrice: '10',
    });
  });
  it('reads a fixed-price row as per-request', () => {
    expect(draftFromRow({ name: 'm', price: '0.1', ratio: '', completionRatio: '' }).mode).toBe(
      'per-request',
    );
  });
  it('leaves prices empty without a ratio', () => {
    expect(withDerivedPrices({ ...base, ratio: 'x' })).toMatchObject({
      tokenPrice: '',
      completionTokenPrice: '',
    });
  });
});

describe('rowFromDraft', () => {
  it.each([
    [
      { ...base, mode: 'per-request' as const, price: '0.2', ratio: '3' },
      { price: '0.2', ratio: '', completionRatio: '' },
    ],
    [
      { ...base, ratio: '3', completionRatio: '2', price: '9' },
      { price: '', ratio: '3', completionRatio: '2' },
    ],
    [
      { ...base, inputStyle: 'token-price' as const, tokenPrice: '5', completionTokenPrice: '15' },
      { price: '', ratio: '2.5', completionRatio: '3' },
    ],
    [
      { ...base, inputStyle: 'token-price' as const, tokenPrice: '5', completionTokenPrice: '' },
      { price: '', ratio: '2.5', completionRatio: '' },
    ],
  ])('%o → %o', (draft, expected) => {
    expect(rowFromDraft(draft)).toEqual({ name: 'm', ...expected });
  });
});

describe('draftProblems', () => {
  it.each([
    [{ ...base, mode: 'per-request' as const, price: '0' }, { price: 'settings.pricing.priceZero' }],
    [{ ...base, ratio: 'abc' }, { ratio: 'settings.pricing.notNumber' }],
    [
      { ...base, inputStyle: 'token-price' as const, completionTokenPrice: 'x' },
      { completionTokenPrice: 'settings.pricing.notNumber' },
    ],
    [{ ...base, ratio: '1' }, {}],
  ])('%o → %o', (draft, expected) => {
    expect(draftProblems(draft)).toEqual(expected);
  });
});

describe('pricingChanges', () => {
  const loaded = { ModelPrice: '{"mj": 0.1}', ModelRatio: '{"b":2,"a":1}', CompletionRatio: '{}' };
  it('ignores formatting and order, reports changed maps', () => {
    const rows = [
      { name: 'a', price: '', ratio: '1', completionRatio: '' },
      { name: 'b', price: '', ratio: '2', completionRatio: '' },
      { name: 'mj', price: '0.1', ratio: '', completionRatio: '' },
    ];
    expect(pricingChanges(rows, loaded)).toEqual([]);
    const changed = pricingChanges(
      [...rows.slice(0, 2), { name: 'mj', price: '0.2', ratio: '', completionRatio: '' }],
      loaded,
    );
    expect(changed.map((change) => change.key)).toEqual(['ModelPrice']);
    expect(JSON.parse(changed[0]?.value ?? '')).toEqual({ mj: 0.2 });
  });
});
