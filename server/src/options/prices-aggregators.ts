/**
 * Built-in prices of the models served by the types in common/channel-types-aggregators.ts, in the list-price
 * form of ./list-prices.ts; joined into the tables by ./default-ratios.ts. The OpenAI resellers and the
 * gateways (Sub2API, New API) serve models that already have their vendors' prices there.
 */
import { type ListPrice, same, usd } from './list-prices.ts';

/** model → list price per 1M tokens. */
export const AGGREGATOR_TOKEN_PRICES: ReadonlyArray<[string, ListPrice]> = [
  // Perplexity's list prices per 1M tokens (new-api's defaults have none for the Sonar models). The fee
  // Perplexity charges per search request is not counted, as new-api does not count it either.
  ['sonar', usd(1, 1)],
  ['sonar-pro', usd(3, 15)],
  ['sonar-reasoning', usd(1, 5)],
  ...same(['sonar-reasoning-pro', 'sonar-deep-research'], usd(2, 8)),
  // Submodel: new-api's default ratios (ratio × $2 per 1M tokens, completion ratio 1).
  ...same(
    [
      'NousResearch/Hermes-4-405B-FP8',
      'Qwen/Qwen3-Coder-480B-A35B-Instruct-FP8',
      'zai-org/GLM-4.5-FP8',
      'deepseek-ai/DeepSeek-R1-0528',
      'deepseek-ai/DeepSeek-R1',
      'deepseek-ai/DeepSeek-V3-0324',
      'deepseek-ai/DeepSeek-V3.1',
    ],
    usd(1.6, 1.6),
  ),
  ['Qwen/Qwen3-235B-A22B-Thinking-2507', usd(1.2, 1.2)],
  ['Qwen/Qwen3-235B-A22B-Instruct-2507', usd(0.6, 0.6)],
  ['openai/gpt-oss-120b', usd(1, 1)],
];

/** model → fixed USD price per call (per second of video where the platform prices by duration). */
export const AGGREGATOR_CALL_PRICES: ReadonlyArray<[string, number]> = [];
