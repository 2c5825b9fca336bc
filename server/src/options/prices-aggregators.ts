/**
 * Built-in prices of the models served by the types in common/channel-types-aggregators.ts, from new-api's public
 * default ratios, in the list-price form of ./list-prices.ts; joined into the tables by ./default-ratios.ts.
 */
import type { ListPrice } from './list-prices.ts';

/** model → list price per 1M tokens. */
export const AGGREGATOR_TOKEN_PRICES: ReadonlyArray<[string, ListPrice]> = [];

/** model → fixed USD price per call (per second of video where the platform prices by duration). */
export const AGGREGATOR_CALL_PRICES: ReadonlyArray<[string, number]> = [];
