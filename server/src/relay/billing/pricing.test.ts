import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connect.ts';
import { OptionStore } from '../../options/store.ts';
import {
  type ModelPricing,
  pricingForUnsetModel,
  pricingTablesFromOptions,
  resolveCacheRatio,
  resolveCompletionRatio,
  resolveGroupPricing,
  resolveGroupRatio,
  resolveModelPricing,
  UNSET_MODEL_RATIO,
} from './pricing.ts';
import { quotaForUsage } from './quota.ts';
import { perToken, pricingOf, shippedTables } from './test-fixtures.ts';

describe('pricingTablesFromOptions', () => {
  it('reads the shipped defaults from the option store', () => {
    const store = new OptionStore({} as DatabaseHandle);
    const tables = pricingTablesFromOptions(store);
    // The shipped ratio and price tables; the option store's own groups.
    expect(tables).toEqual(
      shippedTables({
        groupRatio: { default: 1, vip: 1, svip: 1 },
        groupGroupRatio: {},
        quotaPerUnit: 500000,
      }),
    );
    expect(quotaForUsage(pricingOf('gpt-4o', tables), { promptTokens: 1000, completionTokens: 500 }, 1)).toBe(
      3750,
    );
  });

  it('reads each option by its key and treats a missing map as empty', () => {
    const values: Record<string, unknown> = {
      ModelRatio: { m: 2 },
      CompletionRatio: { m: 3 },
      CacheRatio: null,
      ModelPrice: { p: 0.1 },
      GroupRatio: { g: 1.5 },
      GroupGroupRatio: { u: { g: 0.5 } },
    };
    const tables = pricingTablesFromOptions({
      getJson: <T>(key: string) => (values[key] ?? null) as T,
      getNumber: (key: string) => (key === 'QuotaPerUnit' ? 1000 : 0),
    });
    expect(tables).toEqual({
      modelRatio: { m: 2 },
      completionRatio: { m: 3 },
      cacheRatio: {},
      modelPrice: { p: 0.1 },
      groupRatio: { g: 1.5 },
      groupGroupRatio: { u: { g: 0.5 } },
      quotaPerUnit: 1000,
      billingMode: {},
      billingExpr: {},
      toolPrices: {},
    });
  });
});

/** The pricing without its tool prices (pricing-tiers.test.ts tests those). */
function withoutTools(pricing: ModelPricing | null): ModelPricing | null {
  if (!pricing) return pricing;
  const { tools: _tools, ...rest } = pricing;
  return rest;
}

describe('resolveModelPricing', () => {
  it.each<[string, ModelPricing | null]>([
    ['gpt-4o', perToken({ matchedModel: 'gpt-4o', modelRatio: 1.25, completionRatio: 4, cacheRatio: 0.5 })],
    // A dated variant the tables do not list takes its family's ratios.
    [
      'gpt-4o-2099-01-01',
      perToken({ matchedModel: 'gpt-4o', modelRatio: 1.25, completionRatio: 4, cacheRatio: 0.5 }),
    ],
    [
      'gpt-4o-mini',
      perToken({ matchedModel: 'gpt-4o-mini', modelRatio: 0.075, completionRatio: 4, cacheRatio: 0.5 }),
    ],
    [
      'claude-3-5-sonnet-20241022',
      perToken({
        matchedModel: 'claude-3-5-sonnet-20241022',
        modelRatio: 1.5,
        completionRatio: 5,
        cacheRatio: 0.1,
      }),
    ],
    [
      'gpt-4o-audio-preview-2024-12-17',
      perToken({
        matchedModel: 'gpt-4o-audio-preview-2024-12-17',
        modelRatio: 1.25,
        completionRatio: 4,
        cacheRatio: 1,
        audioRatio: 16,
        audioCompletionRatio: 8,
      }),
    ],
    [
      'gpt-4o-mini-realtime-preview',
      perToken({
        matchedModel: 'gpt-4o-mini-realtime-preview',
        modelRatio: 0.3,
        completionRatio: 4,
        cacheRatio: 0.5,
        audioRatio: 16.666667,
        audioCompletionRatio: 8.333333,
      }),
    ],
    ['dall-e-3', { kind: 'per_call', matchedModel: 'dall-e-3', modelPrice: 0.04, quotaPerUnit: 500000 }],
    ['mj_imagine', { kind: 'per_call', matchedModel: 'mj_imagine', modelPrice: 0.1, quotaPerUnit: 500000 }],
    ['no-such-model', null],
    ['', null],
    ['constructor', null],
  ])('%s', (model, expected) => {
    expect(withoutTools(resolveModelPricing(model, shippedTables()))).toEqual(expected);
  });

  it('prefers an operator-set per-call price over a ratio for the same model', () => {
    const tables = shippedTables({ modelPrice: { 'gpt-4o': 0.02 } });
    expect(withoutTools(resolveModelPricing('gpt-4o', tables))).toEqual({
      kind: 'per_call',
      matchedModel: 'gpt-4o',
      modelPrice: 0.02,
      quotaPerUnit: 500000,
    });
  });

  it('prefers the longer match: a ratio for the exact model beats a price for its prefix', () => {
    const tables = shippedTables({ modelPrice: { 'gpt-4o': 0.02 } });
    expect(pricingOf('gpt-4o-mini', tables).kind).toBe('per_token');
    expect(pricingOf('gpt-4o-2099-01-01', tables).kind).toBe('per_call');
  });

  it('refuses a model that is only in the completion or cache tables', () => {
    const tables = shippedTables({ modelRatio: {}, modelPrice: {} });
    expect(resolveModelPricing('gpt-4o', tables)).toBeNull();
  });

  it('prices an unset model at the unset ratio when the caller allows it', () => {
    expect(pricingForUnsetModel('claude-9-opus', shippedTables())).toEqual(
      perToken({ matchedModel: 'claude-9-opus', modelRatio: UNSET_MODEL_RATIO, completionRatio: 5 }),
    );
  });
});

describe('resolveCompletionRatio', () => {
  it.each<[string, Record<string, number>, number]>([
    // An admin-set ratio always wins over the built-in one.
    ['gpt-4o', { 'gpt-4o': 2 }, 2],
    ['gpt-4o', { 'gpt-4o': 0 }, 0],
    ['claude-3-5-sonnet-20241022', { 'claude-3-5-sonnet-20241022': 3 }, 3],
    // Without one, the built-in table answers, exactly then by prefix.
    ['gpt-4o', {}, 4],
    ['gpt-4o-2099-01-01', {}, 4],
    ['gpt-4o-2024-05-13', {}, 3],
    ['o3-deep-research', {}, 4],
    // An admin prefix entry applies to variants the admin did not list…
    ['my-model-2025', { 'my-model': 6 }, 6],
    // …but a built-in entry for the exact name is more specific than an admin entry for a prefix.
    ['gpt-4o-2024-05-13', { 'gpt-4o': 7 }, 3],
    // Family rules for names no table knows even by prefix.
    ['claude-9-opus', {}, 5],
    ['claude-2.1', {}, 3],
    ['gemini-3-pro', {}, 4],
    ['gpt-5.1', {}, 8],
    ['gpt-4.7', {}, 2],
    ['o5', {}, 1],
    ['deepseek-v9', {}, 4],
    ['mystery', {}, 1],
  ])('%s with CompletionRatio %j → %s', (model, completionRatio, expected) => {
    expect(resolveCompletionRatio(model, { completionRatio })).toBe(expected);
  });
});

describe('resolveCacheRatio', () => {
  it.each<[string, Record<string, number>, number]>([
    ['gpt-4o', { 'gpt-4o': 0.25 }, 0.25],
    ['gpt-4o', {}, 0.5],
    ['gpt-4o-2099-01-01', {}, 0.5],
    ['claude-3-5-sonnet-20241022', {}, 0.1],
    ['deepseek-chat', {}, 0.259259],
    // No cache price known: cached tokens cost the full prompt price.
    ['mystery', {}, 1],
  ])('%s with CacheRatio %j → %s', (model, cacheRatio, expected) => {
    expect(resolveCacheRatio(model, { cacheRatio })).toBe(expected);
  });

  it("never borrows a shorter model's ratios for a model priced under its own name", () => {
    // gpt-4o-audio-preview has its own model ratio and no cache price: not gpt-4o's 0.5.
    expect(resolveCacheRatio('gpt-4o-audio-preview', { cacheRatio: {} }, 'gpt-4o-audio-preview')).toBe(1);
    expect(resolveCacheRatio('gpt-4o-audio-preview', { cacheRatio: {} })).toBe(0.5);
    expect(pricingOf('gpt-4o-audio-preview')).toMatchObject({ cacheRatio: 1, completionRatio: 4 });
    // A model priced under a prefix takes that prefix's ratios.
    expect(resolveCompletionRatio('my-model-2025', { completionRatio: { 'my-model': 6 } }, 'my-model')).toBe(
      6,
    );
    // Below the matched name only the family rules remain.
    expect(
      resolveCompletionRatio('gpt-4o-2099-01-01', { completionRatio: { 'gpt-4o': 7 } }, 'gpt-4o-2099-01-01'),
    ).toBe(4);
  });
});

describe('resolveGroupRatio', () => {
  it.each<[string, string, number, number, number | null]>([
    ['default', 'default', 1, 1, null],
    ['vip', 'vip', 0.8, 0.8, null],
    // The group-group ratio replaces the using group's ratio.
    ['vip', 'default', 0.5, 1, 0.5],
    // -1 and null mean "none": the group ratio applies.
    ['vip', 'svip', 1, 1, null],
    ['special', 'default', 1, 1, null],
    // 0 is a real ratio: free.
    ['free', 'default', 0, 1, 0],
    ['default', 'unknown', 1, 1, null],
    ['constructor', 'default', 1, 1, null],
  ])('user %s using %s → %s', (userGroup, usingGroup, groupRatio, usingGroupRatio, userGroupRatio) => {
    const tables = shippedTables();
    expect(resolveGroupPricing(userGroup, usingGroup, tables)).toEqual({
      groupRatio,
      usingGroupRatio,
      userGroupRatio,
    });
    expect(resolveGroupRatio(userGroup, usingGroup, tables)).toBe(groupRatio);
  });
});
