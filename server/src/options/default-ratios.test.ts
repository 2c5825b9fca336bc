import { describe, expect, it } from 'vitest';
import {
  builtInCompletionRatio,
  DEFAULT_CACHE_CREATION_RATIO,
  defaultCacheRatios,
  defaultCompletionRatios,
  defaultModelPrices,
  defaultModelRatios,
} from './default-ratios.ts';

describe('built-in pricing tables', () => {
  // docs/reference/billing.md values, exact.
  it.each([
    ['gpt-4o', 1.25, 4],
    ['gpt-4o-mini', 0.075, 4],
    ['gpt-4.1', 1.0, 4],
    ['claude-3-5-sonnet-20241022', 1.5, 5],
    ['claude-3-5-sonnet-20240620', 1.5, 5],
    ['gemini-2.0-flash', 0.05, 4],
  ])('%s: ratio %s, completion %s', (model, ratio, completion) => {
    expect(defaultModelRatios()[model]).toBe(ratio);
    expect(defaultCompletionRatios()[model]).toBe(completion);
    expect(builtInCompletionRatio(model)).toBe(completion);
  });

  it.each([
    ['deepseek-chat', 0.135],
    ['text-embedding-3-small', 0.01],
    ['text-embedding-3-large', 0.065],
    ['o1', 7.5],
    ['claude-3-opus-20240229', 7.5],
    ['moonshot-v1-8k', 0.821918],
    ['glm-4-flash', 0],
  ])('%s has model ratio %s', (model, ratio) => {
    expect(defaultModelRatios()[model]).toBeCloseTo(ratio, 6);
  });

  it.each([
    ['dall-e-3', 0.04],
    ['mj_imagine', 0.1],
    ['suno_music', 0.1],
    ['suno_lyrics', 0.01],
    ['mj_upscale', 0.05],
  ])('%s costs $%s per call', (model, price) => {
    expect(defaultModelPrices()[model]).toBe(price);
  });

  it.each([
    ['gpt-4o', 0.5],
    ['gpt-4.1', 0.25],
    ['claude-3-5-sonnet-20241022', 0.1],
    ['gemini-2.5-flash', 0.25],
  ])('%s caches prompt tokens at %s', (model, ratio) => {
    expect(defaultCacheRatios()[model]).toBe(ratio);
  });

  it('derives ratios without floating-point noise', () => {
    for (const table of [
      defaultModelRatios(),
      defaultCompletionRatios(),
      defaultCacheRatios(),
      defaultModelPrices(),
    ]) {
      for (const [model, value] of Object.entries(table)) {
        expect(Number.isFinite(value) && value >= 0, model).toBe(true);
        expect(String(value).length, `${model} = ${value}`).toBeLessThanOrEqual(12);
      }
    }
  });

  it('prices every completion- and cache-ratio model, and never prices a model both ways', () => {
    const ratios = defaultModelRatios();
    const prices = defaultModelPrices();
    for (const model of [...Object.keys(defaultCompletionRatios()), ...Object.keys(defaultCacheRatios())]) {
      expect(ratios, model).toHaveProperty([model]);
    }
    for (const model of Object.keys(prices)) expect(ratios, model).not.toHaveProperty([model]);
    expect(Object.keys(ratios).length).toBeGreaterThan(100);
  });

  it('covers the common providers', () => {
    const models = Object.keys(defaultModelRatios());
    for (const prefix of [
      'gpt-',
      'claude-',
      'gemini-',
      'deepseek-',
      'mistral-',
      'moonshot-',
      'grok-',
      'qwen-',
      'glm-',
      'chatglm_',
      'ERNIE-',
      'SparkDesk',
      'hunyuan',
      '360gpt',
      'yi-',
      'abab',
    ]) {
      expect(
        models.some((model) => model.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
  });

  it('returns a fresh copy on every call', () => {
    const first = defaultModelRatios();
    first['gpt-4o'] = 99;
    expect(defaultModelRatios()['gpt-4o']).toBe(1.25);
    const prices = defaultModelPrices();
    delete prices['dall-e-3'];
    expect(defaultModelPrices()['dall-e-3']).toBe(0.04);
  });

  it('has no completion ratio for unknown models and the standard cache-creation ratio', () => {
    expect(builtInCompletionRatio('no-such-model')).toBeUndefined();
    expect(builtInCompletionRatio('toString')).toBeUndefined();
    expect(DEFAULT_CACHE_CREATION_RATIO).toBe(1.25);
  });
});
