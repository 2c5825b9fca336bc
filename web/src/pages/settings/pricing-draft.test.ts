import { describe, expect, it } from 'vitest';
import {
  draftFromRow,
  draftProblems,
  type PricingDraft,
  pricingChanges,
  rowFromDraft,
  rowsOfOptions,
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
  tiered: { kind: 'table', tiers: [] },
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

describe('tiered rows', () => {
  const expr = 'len <= 200000 ? tier("base", p * 1.25 + c * 10) : tier("long", p * 2.5 + c * 15)';
  const loaded = {
    ModelRatio: '{"a":1}',
    'billing_setting.billing_mode': JSON.stringify({ t: 'tiered_expr', keep: 'ratio', gone: 'tiered_expr' }),
    'billing_setting.billing_expr': JSON.stringify({ t: expr, gone: 'tier("x", p * 1 + c * 2)' }),
  };

  it('reads a tiered model as a row with its tiers, even without a ratio', () => {
    const rows = rowsOfOptions(loaded);
    expect(rows.map((row) => row.name)).toEqual(['a', 'gone', 't']);
    const tiered = rows.find((row) => row.name === 't');
    expect(tiered?.tiered).toEqual({
      kind: 'table',
      tiers: [
        { name: 'base', upTo: '200000', input: '1.25', output: '10', cacheRead: '', cacheWrite: '' },
        { name: 'long', upTo: '', input: '2.5', output: '15', cacheRead: '', cacheWrite: '' },
      ],
    });
  });

  it('saves nothing when the rows are as loaded', () => {
    expect(pricingChanges(rowsOfOptions(loaded), loaded)).toEqual([]);
  });

  it('drops a model no longer tiered, keeps other modes, writes a new tier table', () => {
    const rows = rowsOfOptions(loaded)
      .filter((row) => row.name !== 'gone')
      .map((row) =>
        row.name === 'a'
          ? {
              ...row,
              tiered: {
                kind: 'table' as const,
                tiers: [
                  { name: 's', upTo: '1000', input: '1', output: '2', cacheRead: '0.1', cacheWrite: '' },
                  { name: 'l', upTo: '', input: '3', output: '4', cacheRead: '', cacheWrite: '1.5' },
                ],
              },
            }
          : row,
      );
    const changes = Object.fromEntries(
      pricingChanges(rows, loaded).map((change) => [change.key, change.value]),
    );
    expect(Object.keys(changes).sort()).toEqual([
      'billing_setting.billing_expr',
      'billing_setting.billing_mode',
    ]);
    expect(JSON.parse(changes['billing_setting.billing_mode'] ?? '')).toEqual({
      a: 'tiered_expr',
      keep: 'ratio',
      t: 'tiered_expr',
    });
    expect(JSON.parse(changes['billing_setting.billing_expr'] ?? '')).toEqual({
      a: 'len <= 1000 ? tier("s", p * 1 + c * 2 + cr * 0.1) : tier("l", p * 3 + c * 4 + cc * 1.5)',
      t: expr,
    });
  });

  it('turns a draft in tiered mode into a tiered row and back out of it', () => {
    const row = rowFromDraft({ ...base, mode: 'tiered', ratio: '2', tiered: { kind: 'text', expr: 'x' } });
    expect(row).toEqual({
      name: 'm',
      price: '',
      ratio: '2',
      completionRatio: '',
      tiered: { kind: 'text', expr: 'x' },
    });
    expect(draftProblems({ ...base, mode: 'tiered', ratio: 'abc' })).toEqual({});
    expect(rowFromDraft(draftFromRow({ ...row, tiered: undefined })).tiered).toBeUndefined();
  });
});
