/**
 * Built-in prices of the models served by the types in common/channel-types-agents.ts, from new-api's public
 * default ratios, in the list-price form of ./list-prices.ts; joined into the tables by ./default-ratios.ts.
 * new-api has no default ratio for the models its Coze type offers beyond those the main tables already
 * price (moonshot-v1-8k, glm-4-0520, qwen-max); the others are priced by the operator.
 */
import type { ListPrice } from './list-prices.ts';

/** model → list price per 1M tokens. */
export const AGENT_PLATFORM_TOKEN_PRICES: ReadonlyArray<[string, ListPrice]> = [];

/** model → fixed USD price per call (per second of video where the platform prices by duration). */
export const AGENT_PLATFORM_CALL_PRICES: ReadonlyArray<[string, number]> = [
  // Replicate's FLUX 1.1 [pro], per image (new-api's ModelPrice default).
  ['black-forest-labs/flux-1.1-pro', 0.04],
];
