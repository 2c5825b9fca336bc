import { describe, expect, it } from 'vitest';
import {
  type ModelPricing,
  quotaToUsd,
  resolveGroupPricing,
  splitUsage,
  type TokenUsage,
} from './pricing.ts';
import { logPricingDetails } from './pricing-log.ts';
import { quotaForUsage } from './quota.ts';
import { perToken, pricingOf, shippedTables } from './test-fixtures.ts';

describe('splitUsage', () => {
  it('treats cached, cache-creation and audio tokens as part of the totals', () => {
    expect(
      splitUsage({
        promptTokens: 1000,
        completionTokens: 500,
        cachedTokens: 400,
        cacheCreationTokens: 100,
        audioPromptTokens: 50,
        audioCompletionTokens: 20,
      }),
    ).toEqual({
      textPromptTokens: 450,
      cachedTokens: 400,
      cacheCreationTokens: 100,
      audioPromptTokens: 50,
      textCompletionTokens: 480,
      audioCompletionTokens: 20,
    });
  });

  it('bills details larger than the total as reported, with no text part', () => {
    expect(
      splitUsage({ promptTokens: 100, completionTokens: 5, cachedTokens: 150, audioCompletionTokens: 9 }),
    ).toEqual({
      textPromptTokens: 0,
      cachedTokens: 150,
      cacheCreationTokens: 0,
      audioPromptTokens: 0,
      textCompletionTokens: 0,
      audioCompletionTokens: 9,
    });
  });
});

describe('quotaForUsage, per token', () => {
  const gpt4o = pricingOf('gpt-4o');
  const sonnet = pricingOf('claude-3-5-sonnet-20241022');
  const audio = pricingOf('gpt-4o-audio-preview');

  it.each<[string, ModelPricing, TokenUsage, number, number]>([
    ['gpt-4o: (1000 + 500 × 4) × 1.25', gpt4o, { promptTokens: 1000, completionTokens: 500 }, 1, 3750],
    ['gpt-4o at group 0.8', gpt4o, { promptTokens: 1000, completionTokens: 500 }, 0.8, 3000],
    ['gpt-4o at group 2.5', gpt4o, { promptTokens: 1000, completionTokens: 500 }, 2.5, 9375],
    // 400 of the 1000 prompt tokens are cached: (600 + 400 × 0.5 + 500 × 4) × 1.25 = 3500 (not 4000).
    [
      'gpt-4o with cached tokens inside prompt_tokens',
      gpt4o,
      { promptTokens: 1000, completionTokens: 500, cachedTokens: 400 },
      1,
      3500,
    ],
    // (500 + 200 × 0.1 + 300 × 1.25 + 100 × 5) × 1.5 = 2092.5 → 2093 (half up).
    [
      'claude with cache reads and writes',
      sonnet,
      { promptTokens: 1000, completionTokens: 100, cachedTokens: 200, cacheCreationTokens: 300 },
      1,
      2093,
    ],
    // (50 + 50 × 16 + (30 + 10 × 8) × 4) × 1.25 = 1612.5 → 1613.
    [
      'gpt-4o-audio-preview with audio in and out',
      audio,
      { promptTokens: 100, completionTokens: 40, audioPromptTokens: 50, audioCompletionTokens: 10 },
      1,
      1613,
    ],
    // A model without a cache price bills cached tokens in full.
    [
      'cache ratio 1',
      perToken({ cacheRatio: 1 }),
      { promptTokens: 1000, completionTokens: 0, cachedTokens: 400 },
      1,
      1000,
    ],
    // 150 × 0.3 × 0.7 = 31.5 exactly (31.499999999999996 in floating point) → 32.
    [
      'exact half, no float drift',
      perToken({ modelRatio: 0.3 }),
      { promptTokens: 150, completionTokens: 0 },
      0.7,
      32,
    ],
    [
      'non-zero amount that rounds to 0 bills 1',
      perToken({ modelRatio: 0.0001 }),
      { promptTokens: 1, completionTokens: 0 },
      1,
      1,
    ],
    [
      'zero model ratio bills 0',
      perToken({ modelRatio: 0 }),
      { promptTokens: 1000, completionTokens: 1000 },
      1,
      0,
    ],
    ['zero group ratio bills 0', gpt4o, { promptTokens: 1000, completionTokens: 1000 }, 0, 0],
    ['zero tokens bill 0', gpt4o, { promptTokens: 0, completionTokens: 0 }, 1, 0],
    ['negative group ratio reads as 0', gpt4o, { promptTokens: 1000, completionTokens: 0 }, -1, 0],
    // 0 + 150 × 0.5 = 75 × 1.25 = 93.75 → 94.
    [
      'details larger than the total',
      gpt4o,
      { promptTokens: 100, completionTokens: 0, cachedTokens: 150 },
      1,
      94,
    ],
    // 10 × 1.25 = 12.5 → 13.
    ['fractional and negative counts', gpt4o, { promptTokens: 10.9, completionTokens: -5 }, 1, 13],
    [
      'large counts stay exact',
      perToken({ modelRatio: 7.5, completionRatio: 4 }),
      { promptTokens: 123456789, completionTokens: 987654321 },
      1.1,
      33611111102,
    ],
  ])('%s → %s', (_name, pricing, usage, groupRatio, expected) => {
    const quota = quotaForUsage(pricing, usage, groupRatio);
    expect(quota).toBe(expected);
    expect(Number.isInteger(quota)).toBe(true);
    expect(quotaForUsage(pricing, usage, groupRatio, true)).toBe(expected);
  });
});

describe('quotaForUsage in Numbers agrees with the BigInt computation', () => {
  // A small deterministic generator: the same cases on every run.
  let seed = 20261126;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
  const ratios = [
    0, 0.0000001, 0.000123, 0.075, 0.1, 0.3, 0.5, 0.7, 1, 1.1, 1.25, 2.5, 4, 7.5, 12.345678, 1e6, 3.3e9,
  ];
  const counts = [0, 1, 7, 999, 123456, 987654321, 2 ** 40, 2 ** 52];
  const cases = Array.from({ length: 4000 }, () => ({
    pricing: perToken({
      modelRatio: pick(ratios),
      completionRatio: pick(ratios),
      cacheRatio: pick(ratios),
      cacheCreationRatio: pick(ratios),
      audioRatio: pick(ratios),
      audioCompletionRatio: pick(ratios),
    }),
    usage: {
      promptTokens: pick(counts),
      completionTokens: pick(counts),
      cachedTokens: pick([0, 0, pick(counts)]),
      cacheCreationTokens: pick([0, 0, pick(counts)]),
      audioPromptTokens: pick([0, 0, pick(counts)]),
      audioCompletionTokens: pick([0, 0, pick(counts)]),
    },
    groupRatio: pick(ratios),
  }));

  it('on 4000 mixes of ratios and counts, in range and far beyond 2^53', () => {
    for (const { pricing, usage, groupRatio } of cases) {
      expect(quotaForUsage(pricing, usage, groupRatio)).toBe(quotaForUsage(pricing, usage, groupRatio, true));
    }
  });

  it('per call, for prices, units and group ratios of every size', () => {
    for (let index = 0; index < 1000; index += 1) {
      const pricing: ModelPricing = {
        kind: 'per_call',
        matchedModel: 'x',
        modelPrice: pick(ratios),
        quotaPerUnit: pick([1000, 500000, 7777777, 2 ** 50]),
      };
      const groupRatio = pick(ratios);
      const usage = { promptTokens: 1, completionTokens: 1 };
      expect(quotaForUsage(pricing, usage, groupRatio)).toBe(quotaForUsage(pricing, usage, groupRatio, true));
    }
  });
});

describe('quotaForUsage, per call', () => {
  const usage = { promptTokens: 1_000_000, completionTokens: 1_000_000 };
  it.each<[string, number, number, number, number]>([
    ['dall-e-3', 0.04, 500000, 1, 20000],
    ['dall-e-3 at group 0.8', 0.04, 500000, 0.8, 16000],
    ['mj_imagine at group 1.5', 0.1, 500000, 1.5, 75000],
    ['another quota per unit', 0.04, 1000, 1, 40],
    ['zero price bills 0', 0, 500000, 1, 0],
    ['tiny price bills 1', 0.0000001, 500000, 1, 1],
    ['zero group ratio bills 0', 0.04, 500000, 0, 0],
    // 0.07 × 500000 × 1.1 = 38500 exactly (38500.00000000001 in floating point).
    ['exact decimal price', 0.07, 500000, 1.1, 38500],
  ])('%s: $%s × %s × %s → %s (usage ignored)', (_name, modelPrice, quotaPerUnit, groupRatio, expected) => {
    const pricing: ModelPricing = { kind: 'per_call', matchedModel: 'x', modelPrice, quotaPerUnit };
    expect(quotaForUsage(pricing, usage, groupRatio)).toBe(expected);
    expect(quotaForUsage(pricing, usage, groupRatio, true)).toBe(expected);
  });
});

describe('quotaToUsd', () => {
  it.each([
    [500000, 500000, 1],
    [3750, 500000, 0.0075],
    [20000, 500000, 0.04],
    [1500, 1000, 1.5],
    [100, 0, 0],
  ])('%s quota at %s per unit → $%s', (quota, quotaPerUnit, expected) => {
    expect(quotaToUsd(quota, quotaPerUnit)).toBeCloseTo(expected, 12);
  });
});

describe('logPricingDetails', () => {
  const tables = shippedTables();

  it('explains a per-token charge, with cache fields', () => {
    expect(
      logPricingDetails({
        pricing: pricingOf('gpt-4o'),
        usage: { promptTokens: 1000, completionTokens: 500, cachedTokens: 400 },
        group: resolveGroupPricing('default', 'default', tables),
      }),
    ).toEqual({
      model_ratio: 1.25,
      group_ratio: 1,
      completion_ratio: 4,
      model_price: -1,
      cache_tokens: 400,
      cache_ratio: 0.5,
      cache_creation_tokens: 0,
      cache_creation_ratio: 1.25,
    });
  });

  it('adds user_group_ratio when a group-group ratio applied', () => {
    const fields = logPricingDetails({
      pricing: pricingOf('gpt-4o'),
      usage: { promptTokens: 10, completionTokens: 10 },
      group: resolveGroupPricing('vip', 'default', tables),
    });
    expect(fields.group_ratio).toBe(1);
    expect(fields.user_group_ratio).toBe(0.5);
  });

  it('writes the price and zero ratios for a per-call model', () => {
    expect(
      logPricingDetails({
        pricing: pricingOf('dall-e-3'),
        usage: { promptTokens: 12, completionTokens: 0 },
        group: resolveGroupPricing('vip', 'vip', tables),
      }),
    ).toEqual({
      model_ratio: 0,
      group_ratio: 0.8,
      completion_ratio: 0,
      model_price: 0.04,
      cache_tokens: 0,
      cache_ratio: 0,
      cache_creation_tokens: 0,
      cache_creation_ratio: 0,
    });
  });

  it('adds the audio fields when the call had audio tokens', () => {
    expect(
      logPricingDetails({
        pricing: pricingOf('gpt-4o-audio-preview'),
        usage: { promptTokens: 100, completionTokens: 40, audioPromptTokens: 50, audioCompletionTokens: 10 },
        group: resolveGroupPricing('default', 'default', tables),
      }),
    ).toMatchObject({
      audio: true,
      audio_input: 50,
      audio_output: 10,
      text_input: 50,
      text_output: 30,
      audio_ratio: 16,
      audio_completion_ratio: 8,
    });
  });
});
