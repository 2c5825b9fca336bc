/** Tiered, tool and expression pricing (docs/reference/pricing-tiers.md): table tests per tier bound and tool line. */
import { describe, expect, it } from 'vitest';
import { compileExpr, ExprError, exprFromTiers, selectTier } from '../../../../common/billing-expr.ts';
import { GatewayError } from '../../lib/errors.ts';
import { validateOptionValue } from '../../options/validate.ts';
import { resolveModelPricing, type TokenUsage } from './pricing.ts';
import { logPricingDetails } from './pricing-log.ts';
import { quotaForUsage } from './quota.ts';
import { estimatePreConsume } from './settlement.ts';
import { shippedTables } from './test-fixtures.ts';

const LONG_CONTEXT =
  'len <= 200000 ? tier("base", p * 1.25 + c * 10 + cr * 0.31) : tier("long", p * 2.5 + c * 15 + cr * 0.625)';

function tieredTables(expr: string, toolPrices: Record<string, number> = {}) {
  return shippedTables({
    billingMode: { 'gem-pro': 'tiered_expr' },
    billingExpr: { 'gem-pro': expr },
    toolPrices,
  });
}

function quotaOf(expr: string, usage: TokenUsage, groupRatio = 1, toolPrices: Record<string, number> = {}) {
  const pricing = resolveModelPricing('gem-pro', tieredTables(expr, toolPrices));
  if (!pricing) throw new Error('unpriced');
  const fast = quotaForUsage(pricing, usage, groupRatio);
  expect(quotaForUsage(pricing, usage, groupRatio, true)).toBe(fast);
  return fast;
}

describe('tier boundaries', () => {
  it.each<[string, TokenUsage, number, string]>([
    // (200000 × 1.25 + 1000 × 10) $/1M × 500000 quota/$ = 130000
    ['prompt exactly at the bound', { promptTokens: 200000, completionTokens: 1000 }, 130000, 'base'],
    // (200001 × 2.5 + 1000 × 15) × 0.5 = 257501.25 → 257501
    ['one token over the bound', { promptTokens: 200001, completionTokens: 1000 }, 257501, 'long'],
    // cached tokens count toward len: 199990 + 20 cached = 200010 > 200000 → long; p = 199990
    // (199990 × 2.5 + 20 × 0.625 + 0) × 0.5 = 249993.75 → 249994
    [
      'cached tokens decide the tier too',
      { promptTokens: 200010, completionTokens: 0, cachedTokens: 20 },
      249994,
      'long',
    ],
    // base tier cache price: p = 600, cr = 400: (600 × 1.25 + 400 × 0.31) × 0.5 = 437
    [
      'cache price of the base tier',
      { promptTokens: 1000, completionTokens: 0, cachedTokens: 400 },
      437,
      'base',
    ],
    ['zero usage bills nothing', { promptTokens: 0, completionTokens: 0 }, 0, 'base'],
  ])('%s', (_name, usage, quota, tierName) => {
    expect(quotaOf(LONG_CONTEXT, usage)).toBe(quota);
    const pricing = resolveModelPricing('gem-pro', tieredTables(LONG_CONTEXT));
    if (!pricing) throw new Error('unpriced');
    const details = logPricingDetails({
      pricing,
      usage,
      group: { groupRatio: 1, usingGroupRatio: 1, userGroupRatio: null },
    });
    expect(details.billing_mode).toBe('tiered_expr');
    expect(details.tier?.name).toBe(tierName);
  });

  it('applies the group ratio once, exactly', () => {
    // 130000 × 0.7 = 91000; 257501.25 × 0.3 = 77250.375 → 77250
    expect(quotaOf(LONG_CONTEXT, { promptTokens: 200000, completionTokens: 1000 }, 0.7)).toBe(91000);
    expect(quotaOf(LONG_CONTEXT, { promptTokens: 200001, completionTokens: 1000 }, 0.3)).toBe(77250);
  });

  it('keeps cache tokens in p when the expression does not price cr', () => {
    // (1000 × 3) × 0.5 = 1500 whatever part was cached
    expect(
      quotaOf('tier("flat", p * 3 + c * 15)', { promptTokens: 1000, completionTokens: 0, cachedTokens: 900 }),
    ).toBe(1500);
  });

  it('bills a fixed tier per call and a token tier above it', () => {
    const expr = 'len <= 1000 ? tier("short", fixed(0.01)) : tier("long", p * 2 + c * 8)';
    expect(quotaOf(expr, { promptTokens: 1000, completionTokens: 5000 })).toBe(5000);
    // (1001 × 2 + 10 × 8) × 0.5 = 1041
    expect(quotaOf(expr, { promptTokens: 1001, completionTokens: 10 })).toBe(1041);
  });

  it('reserves with the estimated prompt: the tier of the estimate', () => {
    const pricing = resolveModelPricing('gem-pro', tieredTables(LONG_CONTEXT));
    if (!pricing) throw new Error('unpriced');
    const estimate = (promptTokens: number) =>
      estimatePreConsume({
        pricing,
        promptTokens,
        maxTokens: 1000,
        groupRatio: 1,
        preConsumedQuotaOption: 500,
      });
    expect(estimate(200000)).toBe(130000);
    expect(estimate(200001)).toBe(257501);
  });
});

describe('tool lines', () => {
  it.each<[string, Record<string, number>, Record<string, number>, number]>([
    // new-api's default web_search price: $10 per 1,000 → 3 × 10 / 1000 × 500000 = 15000
    ['web_search at its default price', { web_search: 3 }, {}, 15000],
    ['file_search at its default price', { file_search: 2 }, {}, 2500],
    ['google_search at its default price', { google_search: 1 }, {}, 7000],
    ['an operator price replaces the default', { web_search: 1 }, { web_search: 5 }, 2500],
    ['a model-prefix price wins over the tool default', { web_search: 1 }, { 'web_search:gem*': 20 }, 10000],
    ['a price of 0 makes the tool free', { web_search: 4 }, { web_search: 0 }, 0],
    ['a tool without a price is not billed', { code_interpreter: 2 }, {}, 0],
    ['code_interpreter once priced', { code_interpreter: 2 }, { code_interpreter: 30 }, 30000],
  ])('%s', (_name, toolCalls, prices, toolQuota) => {
    const usage = { promptTokens: 1000, completionTokens: 100, toolCalls };
    // tokens alone: (1000 × 1.25 + 100 × 10) × 0.5 = 1125
    expect(quotaOf(LONG_CONTEXT, usage, 1, prices)).toBe(1125 + toolQuota);
    const pricing = resolveModelPricing('gem-pro', tieredTables(LONG_CONTEXT, prices));
    if (!pricing) throw new Error('unpriced');
    const lines = logPricingDetails({
      pricing,
      usage,
      group: { groupRatio: 1, usingGroupRatio: 1, userGroupRatio: null },
    }).tool_lines;
    const [kind, count] = Object.entries(toolCalls)[0] as [string, number];
    if (kind === 'code_interpreter' && !prices.code_interpreter) expect(lines).toEqual([]);
    else expect(lines).toEqual([{ tool: kind, count, price: expect.any(Number), quota: toolQuota }]);
  });

  it('adds tool lines to a ratio-priced model too', () => {
    const tables = shippedTables();
    const pricing = resolveModelPricing('gpt-4o', tables);
    if (!pricing) throw new Error('unpriced');
    // gpt-4o web_search_preview is $25 per 1,000 (new-api's model override): 12500; tokens 1000 × 1.25 = 1250
    const usage = { promptTokens: 1000, completionTokens: 0, toolCalls: { web_search_preview: 1 } };
    expect(quotaForUsage(pricing, usage, 1)).toBe(1250 + 12500);
    expect(quotaForUsage(pricing, { promptTokens: 1000, completionTokens: 0 }, 1)).toBe(1250);
  });
});

describe('expressions', () => {
  it('compiles tiers with their prompt-length ranges', () => {
    const expr = compileExpr(LONG_CONTEXT);
    expect(expr.tiers.map((tier) => [tier.name, tier.ranges])).toEqual([
      ['base', [{ from: 0, to: 200000 }]],
      ['long', [{ from: 200001, to: null }]],
    ]);
    expect(expr.tiers[1]?.prices).toEqual({ p: 2.5, c: 15, cr: 0.625 });
    expect([...expr.separate]).toEqual(['cr']);
  });

  it.each([
    [
      'len < 128000 ? tier("a", p) : len < 256000 ? tier("b", p * 2) : tier("c", p * 3)',
      [127999, 'a'],
      [128000, 'b'],
    ],
    ['len > 100 ? tier("big", p * 2) : tier("small", p)', [100, 'small'], [101, 'big']],
    ['100 >= len ? tier("small", p) : tier("big", p * 2)', [100, 'small'], [101, 'big']],
    ['len >= 10 && len <= 20 ? tier("mid", 2 * p) : tier("other", p)', [20, 'mid'], [21, 'other']],
    [
      'v1:tier("base", p * 2.5 + c * 15 + cr * 0.25 + cc * 3.125 + ai * 3 + ao * 12)',
      [0, 'base'],
      [5, 'base'],
    ],
  ])('%s', (source, [below, belowName], [above, aboveName]) => {
    const expr = compileExpr(source);
    expect(selectTier(expr, below as number).name).toBe(belowName);
    expect(selectTier(expr, above as number).name).toBe(aboveName);
  });

  it('writes the expression of a tier table that compiles back to the same tiers', () => {
    const source = exprFromTiers([
      { name: 'base', upTo: 200000, prices: { p: 1.25, c: 10 } },
      { name: 'long', upTo: null, prices: { p: 2.5, c: 15 } },
    ]);
    expect(source).toBe('len <= 200000 ? tier("base", p * 1.25 + c * 10) : tier("long", p * 2.5 + c * 15)');
    expect(compileExpr(source).tiers.map((tier) => tier.ranges[0])).toEqual([
      { from: 0, to: 200000 },
      { from: 200001, to: null },
    ]);
  });

  it.each([
    ['tier("base", p * 2) * (param("service_tier") == "flex" ? 0.5 : 1)', 'unsupported_function'],
    ['tier("base", p * 2 + img * 2)', 'unsupported_variable'],
    ['tier("base", p * 3 + cc1h * 6)', 'unsupported_variable'],
    ['tier("base", p * 5)|||when(header("anthropic-beta") has "fast") * 6', 'request_rules'],
    ['tier("base", p * 2 - c)', 'leaf_shape'],
    ['tier("a", p * 2) + tier("b", c * 2)', 'leaf_shape'],
    ['p * 2 + c * 8', 'leaf_shape'],
    ['tier("a", p * 2 + p * 3)', 'leaf_shape'],
    ['tier("a", fixed(0.01) + p * 2)', 'leaf_shape'],
    ['len <= 1.5 ? tier("a", p) : tier("b", p)', 'condition_shape'],
    ['p <= 100 ? tier("a", p) : tier("b", p)', 'condition_shape'],
    ['hour("UTC") < 8 ? tier("night", p) : tier("day", p * 2)', 'unsupported_function'],
    ['tier("a", p * 2', 'syntax'],
    ['', 'syntax'],
    ['tier("a", p * 2) ; drop', 'syntax'],
  ])('refuses %s', (source, reason) => {
    try {
      compileExpr(source);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ExprError);
      expect((error as ExprError).reason).toBe(reason);
    }
  });

  it('refuses a model whose stored expression it cannot evaluate (an adopted database), never misprices it', () => {
    expect(resolveModelPricing('gem-pro', tieredTables('tier("a", p * 2 + img * 3)'))).toBeNull();
  });
});

describe('option save', () => {
  const current = () => '';
  it.each([
    [
      'billing_setting.billing_expr',
      { 'gem-pro': 'tier("a", p * 2) * (param("n") == 1 ? 2 : 1)' },
      'pricing_tier.expr_unsupported_function',
    ],
    [
      'billing_setting.billing_expr',
      { 'gem-pro': 'tier("a", p * 2 + img * 1)' },
      'pricing_tier.expr_unsupported_variable',
    ],
    [
      'billing_setting.billing_expr',
      { 'gem-pro': 'len <= p ? tier("a", p) : tier("b", p)' },
      'pricing_tier.expr_condition_shape',
    ],
    ['billing_setting.billing_expr', { 'gem-pro': 5 }, 'option.json_string_map'],
    ['billing_setting.billing_mode', { 'gem-pro': 'tiers' }, 'pricing_tier.billing_mode'],
    ['tool_price_setting.prices', { web_search: -1 }, 'pricing_tier.tool_prices'],
    ['tool_price_setting.prices', { web_search: '10' }, 'pricing_tier.tool_prices'],
  ])('%s refuses %j', (key, value, code) => {
    try {
      validateOptionValue(key, JSON.stringify(value), current);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(GatewayError);
      expect((error as GatewayError).code).toBe(code);
      expect((error as GatewayError).status).toBe(400);
    }
  });

  it('accepts valid values', () => {
    expect(
      validateOptionValue(
        'billing_setting.billing_expr',
        JSON.stringify({ 'gem-pro': LONG_CONTEXT }),
        current,
      ),
    ).toBe(JSON.stringify({ 'gem-pro': LONG_CONTEXT }));
    expect(
      validateOptionValue('billing_setting.billing_mode', '{"gem-pro":"tiered_expr","x":"ratio"}', current),
    ).toBe('{"gem-pro":"tiered_expr","x":"ratio"}');
    expect(
      validateOptionValue('tool_price_setting.prices', '{"web_search":0,"web_search:gpt-4o*":25}', current),
    ).toBe('{"web_search":0,"web_search:gpt-4o*":25}');
  });
});
