/** Pricing fixtures shared by the billing tests. */
import {
  defaultCacheRatios,
  defaultCompletionRatios,
  defaultModelPrices,
  defaultModelRatios,
} from '../../options/default-ratios.ts';
import {
  type ModelPricing,
  type PerTokenPricing,
  type PricingTables,
  resolveModelPricing,
} from './pricing.ts';

/** The tables as a fresh installation ships them, with a few groups. */
export function shippedTables(overrides: Partial<PricingTables> = {}): PricingTables {
  return {
    modelRatio: defaultModelRatios(),
    completionRatio: defaultCompletionRatios(),
    cacheRatio: defaultCacheRatios(),
    modelPrice: defaultModelPrices(),
    groupRatio: { default: 1, vip: 0.8 },
    groupGroupRatio: {
      vip: { default: 0.5, svip: -1 },
      special: { default: null },
      free: { default: 0 },
    },
    quotaPerUnit: 500000,
    billingMode: {},
    billingExpr: {},
    toolPrices: {},
    ...overrides,
  };
}

export function perToken(overrides: Partial<PerTokenPricing>): PerTokenPricing {
  return {
    kind: 'per_token',
    matchedModel: 'test-model',
    modelRatio: 1,
    completionRatio: 1,
    cacheRatio: 1,
    cacheCreationRatio: 1.25,
    audioRatio: 1,
    audioCompletionRatio: 1,
    ...overrides,
  };
}

export function pricingOf(model: string, tables = shippedTables()): ModelPricing {
  const pricing = resolveModelPricing(model, tables);
  if (!pricing) throw new Error(`no pricing for ${model}`);
  return pricing;
}
