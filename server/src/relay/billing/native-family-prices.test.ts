/**
 * The built-in prices of the native-protocol and Chinese model families (server/src/options/default-ratios.ts,
 * docs/reference/billing.md "Built-in prices of the native-protocol families"): each family's representative
 * models resolve to a price on the tables a fresh install ships, by their own name or a family prefix, and
 * a few values are checked against the source's numbers (new-api's ratio = CNY per 1K tokens × 500 / rate).
 */
import { describe, expect, it } from 'vitest';
import { resolveModelPricing } from './pricing.ts';
import { shippedTables } from './test-fixtures.ts';

/** The rate the built-in tables convert CNY at (the USDExchangeRate default). */
const CNY_PER_USD = 7.3;
/** new-api's ratio unit: 500 quota per USD at $0.002 per 1K tokens, so ratio = USD per 1K tokens × 500. */
const RATIO_PER_USD_PER_THOUSAND = 500;

const tables = shippedTables();

function perToken(model: string) {
  const pricing = resolveModelPricing(model, tables);
  if (pricing?.kind !== 'per_token') throw new Error(`${model} has no per-token price: ${pricing?.kind}`);
  return pricing;
}

describe('built-in prices of the native-protocol families', () => {
  // family, requested model, the table key that prices it, model ratio, completion ratio
  it.each([
    ['Baidu ERNIE', 'ERNIE-4.0-8K', 'ERNIE-4.0-8K', 8.219178, 1],
    ['Baidu ERNIE', 'ERNIE-3.5-8K', 'ERNIE-3.5-8K', 0.821918, 1],
    ['Baidu ERNIE', 'ERNIE-3.5-8K-0329', 'ERNIE-3.5-8K', 0.821918, 1],
    ['Baidu ERNIE', 'ERNIE-Bot-8K', 'ERNIE-Bot-8K', 1.643836, 1],
    ['Baidu ERNIE', 'ERNIE-Speed-128K', 'ERNIE-Speed-128K', 0.273973, 2],
    ['Baidu ERNIE', 'ERNIE-Lite-8K-0308', 'ERNIE-Lite-8K-0308', 0.205479, 2],
    ['Baidu ERNIE', 'ERNIE-Tiny-8K', 'ERNIE-Tiny-8K', 0.068493, 1],
    ['Baidu embeddings', 'Embedding-V1', 'Embedding-V1', 0.136986, 1],
    ['Baidu embeddings', 'bge-large-zh', 'bge-large-zh', 0.136986, 1],
    ['Zhipu ChatGLM (v3)', 'chatglm_pro', 'chatglm_pro', 0.684932, 1],
    ['Zhipu ChatGLM (v3)', 'chatglm_turbo', 'chatglm_turbo', 0.342466, 1],
    ['Zhipu ChatGLM (v3)', 'chatglm_lite', 'chatglm_lite', 0.136986, 1],
    ['Zhipu GLM (v4)', 'glm-4', 'glm-4', 6.849315, 1],
    ['Zhipu GLM (v4)', 'glm-4v', 'glm-4v', 3.424658, 1],
    ['Zhipu GLM (v4)', 'glm-3-turbo', 'glm-3-turbo', 0.342466, 1],
    ['Zhipu GLM (v4)', 'glm-4-flash', 'glm-4-flash', 0, 1],
    ['iFlytek Spark', 'SparkDesk', 'SparkDesk', 1.232877, 1],
    ['iFlytek Spark', 'SparkDesk-v3.5', 'SparkDesk-v3.5', 1.232877, 1],
    ['iFlytek Spark', 'SparkDesk-v3.1-128K', 'SparkDesk-v3.1', 1.232877, 1],
    ['iFlytek Spark', 'SparkDesk-max-32k', 'SparkDesk', 1.232877, 1],
    ['Tencent Hunyuan', 'hunyuan', 'hunyuan', 6.849315, 1],
    ['Tencent Hunyuan', 'hunyuan-turbo', 'hunyuan', 6.849315, 1],
    ['Tencent Hunyuan', 'hunyuan-lite', 'hunyuan', 6.849315, 1],
    ['360 AI', '360gpt-pro', '360gpt-pro', 0.821918, 1],
    ['360 AI', '360gpt-turbo', '360gpt-turbo', 0.082192, 1],
    ['360 AI', 'embedding-bert-512-v1', 'embedding-bert-512-v1', 0.068493, 1],
    ['01.AI', 'yi-large', 'yi-large', 1.369863, 1],
    ['01.AI', 'yi-34b-chat-0205', 'yi-34b-chat-0205', 0.18, 1],
    ['MiniMax', 'abab6.5s-chat', 'abab6.5s-chat', 0.684932, 1],
    ['MiniMax', 'abab6.5-chat', 'abab6.5-chat', 2.054795, 1],
    ['Google PaLM', 'PaLM-2', 'PaLM-2', 1, 1],
    ['Alibaba Qwen', 'qwen-max', 'qwen-max', 0.164384, 4],
    ['Moonshot', 'moonshot-v1-8k', 'moonshot-v1-8k', 0.821918, 1],
  ])('%s: %s is priced as %s at ratio %s, completion %s', (_family, model, matched, ratio, completion) => {
    const pricing = perToken(model);
    expect(pricing.matchedModel).toBe(matched);
    expect(pricing.modelRatio).toBe(ratio);
    expect(pricing.completionRatio).toBe(completion);
  });

  // Entries new-api writes as `<CNY per 1K tokens> * RMB` with RMB = 500 / 7.3: the same ratio to 6 decimals.
  it.each([
    ['ERNIE-4.0-8K', 0.12],
    ['ERNIE-3.5-8K-0205', 0.024],
    ['ERNIE-Speed-8K', 0.004],
    ['Embedding-V1', 0.002],
    ['glm-4v', 0.05],
    ['glm-4-0520', 0.1],
    ['glm-4v-plus', 0.01],
    ['yi-large', 0.02],
    ['yi-medium', 0.0025],
  ])("%s equals new-api's %s × RMB at 7.3 CNY per USD", (model, cnyPerThousand) => {
    expect(perToken(model).modelRatio).toBeCloseTo(
      (cnyPerThousand * RATIO_PER_USD_PER_THOUSAND) / CNY_PER_USD,
      6,
    );
  });

  // Entries new-api writes as literal ratios computed at 7 CNY per USD (its "1 === ¥0.014 / 1K tokens",
  // kept from one-api): the same CNY price, converted at 7.3 like every other CNY price here.
  it.each([
    ['chatglm_pro', 0.7143, 0.01],
    ['chatglm_std', 0.3572, 0.005],
    ['chatglm_lite', 0.1429, 0.002],
    ['glm-4', 7.143, 0.1],
    ['SparkDesk-v4.0', 1.2858, 0.018],
    ['hunyuan', 7.143, 0.1],
    ['360GPT_S2_V9', 0.8572, 0.012],
    ['360gpt-turbo', 0.0858, 0.0012],
  ])(
    "%s: new-api's %s is ¥%s per 1K tokens at 7 CNY per USD, written here at 7.3",
    (model, sourceRatio, cny) => {
      expect(sourceRatio).toBeCloseTo((cny * RATIO_PER_USD_PER_THOUSAND) / 7, 3);
      expect(perToken(model).modelRatio).toBeCloseTo((cny * RATIO_PER_USD_PER_THOUSAND) / CNY_PER_USD, 6);
    },
  );

  it("keeps new-api's USD ratios of the 01.AI models it converted at 7.2 as they are", () => {
    expect(perToken('yi-34b-chat-0205').modelRatio).toBe(0.18);
    expect(perToken('yi-34b-chat-200k').modelRatio).toBe(0.864);
    expect(perToken('yi-vl-plus').modelRatio).toBe(0.432);
  });

  it('leaves the names no source prices unpriced (refused until an operator sets a price)', () => {
    for (const model of ['ERNIE-Bot', 'ERNIE-4.0', 'SparkLite', 'doubao-pro-32k', 'chatglm'])
      expect(resolveModelPricing(model, tables), model).toBeNull();
  });
});
