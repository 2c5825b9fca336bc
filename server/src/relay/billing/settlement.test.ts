import { describe, expect, it } from 'vitest';
import {
  defaultCacheRatios,
  defaultCompletionRatios,
  defaultModelPrices,
  defaultModelRatios,
} from '../../options/default-ratios.ts';
import { type ModelPricing, type PricingTables, resolveModelPricing, type TokenUsage } from './pricing.ts';
import {
  type CallOutcome,
  estimatePreConsume,
  type SettlementRule,
  settle,
  shouldSkipPreConsume,
} from './settlement.ts';

const tables: PricingTables = {
  modelRatio: defaultModelRatios(),
  completionRatio: defaultCompletionRatios(),
  cacheRatio: defaultCacheRatios(),
  modelPrice: defaultModelPrices(),
  groupRatio: { default: 1 },
  groupGroupRatio: {},
  quotaPerUnit: 500000,
  billingMode: {},
  billingExpr: {},
  toolPrices: {},
};

function pricingOf(model: string): ModelPricing {
  const pricing = resolveModelPricing(model, tables);
  if (!pricing) throw new Error(`no pricing for ${model}`);
  return pricing;
}

// gpt-4o: ratio 1.25, completion 4, cache 0.5. dall-e-3: $0.04 per call = 20000 quota.
const perTokenPricing = pricingOf('gpt-4o');
const perCallPricing = pricingOf('dall-e-3');
const upstreamUsage: TokenUsage = { promptTokens: 120, completionTokens: 60, cachedTokens: 20 };
// (100 + 20 × 0.5 + 60 × 4) × 1.25 = 437.5 → 438
const upstreamQuota = 438;
const countedPromptTokens = 100;
// (100 + 50 × 4) × 1.25 = 375
const countedQuota = 375;
// 100 × 1.25 = 125
const promptOnlyQuota = 125;
const refund: TokenUsage = { promptTokens: 0, completionTokens: 0 };

describe('settle: every outcome × usage present/missing × per-token/per-call', () => {
  type Row = [
    kind: 'per_token' | 'per_call',
    outcome: CallOutcome,
    usage: 'usage' | 'no usage',
    deliveredCompletionTokens: number,
    rule: SettlementRule,
    finalQuota: number,
    billedUsage: TokenUsage,
  ];
  const counted = (completionTokens: number): TokenUsage => ({
    promptTokens: countedPromptTokens,
    completionTokens,
  });

  it.each<Row>([
    ['per_token', 'completed', 'usage', 50, 'completed: upstream usage', upstreamQuota, upstreamUsage],
    ['per_token', 'completed', 'no usage', 50, 'completed: counted tokens', countedQuota, counted(50)],
    ['per_token', 'completed', 'no usage', 0, 'completed: counted tokens', promptOnlyQuota, counted(0)],
    [
      'per_token',
      'client_aborted',
      'usage',
      50,
      'client aborted: upstream usage',
      upstreamQuota,
      upstreamUsage,
    ],
    [
      'per_token',
      'client_aborted',
      'usage',
      0,
      'client aborted: upstream usage',
      upstreamQuota,
      upstreamUsage,
    ],
    [
      'per_token',
      'client_aborted',
      'no usage',
      50,
      'client aborted: counted delivered tokens',
      countedQuota,
      counted(50),
    ],
    // docs/reference/known-defects.md: a stream that delivered nothing does not bill its prompt.
    ['per_token', 'client_aborted', 'no usage', 0, 'client aborted: nothing delivered, refund', 0, refund],
    [
      'per_token',
      'upstream_failed_before_output',
      'usage',
      0,
      'upstream failed before output: refund',
      0,
      refund,
    ],
    [
      'per_token',
      'upstream_failed_before_output',
      'no usage',
      0,
      'upstream failed before output: refund',
      0,
      refund,
    ],
    [
      'per_token',
      'upstream_failed_after_output',
      'usage',
      50,
      'upstream failed after output: upstream usage',
      upstreamQuota,
      upstreamUsage,
    ],
    [
      'per_token',
      'upstream_failed_after_output',
      'no usage',
      50,
      'upstream failed after output: counted delivered tokens',
      countedQuota,
      counted(50),
    ],
    ['per_call', 'completed', 'usage', 0, 'per call: price', 20000, upstreamUsage],
    ['per_call', 'completed', 'no usage', 0, 'per call: price', 20000, counted(0)],
    ['per_call', 'client_aborted', 'usage', 0, 'per call: price', 20000, upstreamUsage],
    ['per_call', 'client_aborted', 'no usage', 50, 'per call: price', 20000, counted(50)],
    ['per_call', 'client_aborted', 'no usage', 0, 'per call: nothing delivered, refund', 0, refund],
    [
      'per_call',
      'upstream_failed_before_output',
      'usage',
      0,
      'per call: nothing delivered, refund',
      0,
      refund,
    ],
    [
      'per_call',
      'upstream_failed_before_output',
      'no usage',
      0,
      'per call: nothing delivered, refund',
      0,
      refund,
    ],
    ['per_call', 'upstream_failed_after_output', 'usage', 50, 'per call: price', 20000, upstreamUsage],
    ['per_call', 'upstream_failed_after_output', 'no usage', 50, 'per call: price', 20000, counted(50)],
  ])(
    '%s, %s, %s, %s delivered → %s = %s',
    (kind, outcome, usage, delivered, rule, finalQuota, billedUsage) => {
      const preConsumed = 1000;
      const settlement = settle({
        preConsumed,
        outcome,
        upstreamUsage: usage === 'usage' ? upstreamUsage : undefined,
        countedPromptTokens,
        deliveredCompletionTokens: delivered,
        pricing: kind === 'per_token' ? perTokenPricing : perCallPricing,
        groupRatio: 1,
      });
      expect(settlement).toEqual({ finalQuota, delta: finalQuota - preConsumed, usage: billedUsage, rule });
    },
  );
});

describe('settle: details', () => {
  const base = {
    countedPromptTokens,
    deliveredCompletionTokens: 50,
    pricing: perTokenPricing,
    groupRatio: 1,
  };

  it.each<[string, number, number, number]>([
    ['refunds the unused reservation', 1000, countedQuota, countedQuota - 1000],
    ['charges beyond the reservation', 100, countedQuota, countedQuota - 100],
    ['charges everything when pre-consumption was skipped', 0, countedQuota, countedQuota],
  ])('%s', (_name, preConsumed, finalQuota, delta) => {
    expect(settle({ ...base, preConsumed, outcome: 'completed' })).toMatchObject({ finalQuota, delta });
  });

  it('refunds the whole reservation when the upstream fails before any output', () => {
    expect(settle({ ...base, preConsumed: 5125, outcome: 'upstream_failed_before_output' }).delta).toBe(
      -5125,
    );
  });

  it('fills a zero side of the upstream usage from the local counts', () => {
    const settlement = settle({
      ...base,
      preConsumed: 0,
      outcome: 'completed',
      upstreamUsage: { promptTokens: 0, completionTokens: 60 },
    });
    // (100 + 60 × 4) × 1.25 = 425
    expect(settlement.usage).toEqual({ promptTokens: 100, completionTokens: 60 });
    expect(settlement.finalQuota).toBe(425);
  });

  it('bills output without completion tokens (an image, a tool call) when outputDelivered says so', () => {
    const settlement = settle({
      ...base,
      deliveredCompletionTokens: 0,
      outputDelivered: true,
      preConsumed: 0,
      outcome: 'client_aborted',
    });
    expect(settlement).toMatchObject({
      finalQuota: promptOnlyQuota,
      rule: 'client aborted: counted delivered tokens',
    });
  });

  it('bills counted usage given whole (audio parts kept) where counted tokens are billed, and never over upstream usage', () => {
    const counted: TokenUsage = { promptTokens: 100, completionTokens: 50, audioCompletionTokens: 40 };
    const withCounts = { ...base, countedUsage: counted, outputDelivered: true, preConsumed: 0 };
    for (const outcome of ['completed', 'client_aborted', 'upstream_failed_after_output'] as const) {
      const settlement = settle({ ...withCounts, outcome });
      expect(settlement.usage).toEqual(counted);
      expect(settlement.rule).toMatch(/counted/);
    }
    const reported = { promptTokens: 7, completionTokens: 3 };
    expect(settle({ ...withCounts, outcome: 'completed', upstreamUsage: reported }).usage).toEqual(reported);
  });

  it('applies the group ratio', () => {
    // 375 × 0.5 = 187.5 → 188
    expect(settle({ ...base, groupRatio: 0.5, preConsumed: 0, outcome: 'completed' }).finalQuota).toBe(188);
  });
});

describe('estimatePreConsume', () => {
  it.each<[string, ModelPricing, number, number | null | undefined, number, number, number]>([
    // (100 + 1000 × 4) × 1.25 = 5125
    ['prompt + max_tokens priced', perTokenPricing, 100, 1000, 1, 500, 5125],
    // (100 + 500 × 4) × 1.25 = 2625
    [
      'no max_tokens: PreConsumedQuota as the completion allowance',
      perTokenPricing,
      100,
      undefined,
      1,
      500,
      2625,
    ],
    ['max_tokens null', perTokenPricing, 100, null, 1, 500, 2625],
    ['max_tokens 0', perTokenPricing, 100, 0, 1, 500, 2625],
    ['group ratio 0.5', perTokenPricing, 100, 1000, 0.5, 500, 2563],
    ['PreConsumedQuota 0', perTokenPricing, 100, undefined, 1, 0, 125],
    ['nothing to reserve', perTokenPricing, 0, 0, 1, 0, 0],
    ['per-call price', perCallPricing, 100, 1000, 1, 500, 20000],
    ['per-call price at group 1.5', perCallPricing, 0, undefined, 1.5, 500, 30000],
  ])('%s', (_name, pricing, promptTokens, maxTokens, groupRatio, preConsumedQuotaOption, expected) => {
    expect(estimatePreConsume({ pricing, promptTokens, maxTokens, groupRatio, preConsumedQuotaOption })).toBe(
      expected,
    );
  });
});

describe('shouldSkipPreConsume', () => {
  it.each<[number, number | 'unlimited', number, boolean]>([
    [5_000_001, 5_000_001, 500000, true],
    [5_000_001, 'unlimited', 500000, true],
    [5_000_000, 'unlimited', 500000, false],
    [5_000_001, 5_000_000, 500000, false],
    [5_000_001, 100, 500000, false],
    [100, 'unlimited', 500000, false],
    [10_001, 10_001, 1000, true],
    [10_000, 10_001, 1000, false],
    [1_000_000, 'unlimited', 0, false],
  ])('user %s, token %s at %s per unit → %s', (userQuota, tokenQuota, quotaPerUnit, expected) => {
    expect(shouldSkipPreConsume(userQuota, tokenQuota, quotaPerUnit)).toBe(expected);
  });
});
