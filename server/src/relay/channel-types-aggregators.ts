/**
 * The server parts (adaptor, account queries) of the types in common/channel-types-aggregators.ts; joined into
 * the one registry by ./channel-types.ts. Type 57 relays nothing (its entry serves nothing): no adaptor.
 */
import type { ServerParts } from './channel-types.ts';
import { newApiUpstreamAdaptor } from './providers/new-api/index.ts';
import { openAiAdaptor, openAiCompatibleAdaptor } from './providers/openai-compatible/index.ts';
import { perplexityAdaptor } from './providers/perplexity/index.ts';

const reseller: ServerParts = { adaptor: openAiCompatibleAdaptor, modelList: 'openai' };
const gateway: ServerParts = { adaptor: newApiUpstreamAdaptor, modelList: 'openai' };

export const AGGREGATOR_SERVER_PARTS: Readonly<Record<number, ServerParts>> = {
  // OpenAIMax also speaks the Responses API (its entry's `responses`): Responses clients pass through.
  6: { ...reseller, adaptor: openAiAdaptor },
  7: reseller,
  9: reseller,
  10: { ...reseller, balance: 'aiproxy-points' },
  12: { ...reseller, balance: 'credit-grants-remaining' },
  13: { ...reseller, balance: 'credit-grants-available' },
  // Perplexity lists no models over its API: the form offers the entry's list.
  27: { adaptor: perplexityAdaptor },
  53: reseller,
  57: {},
  59: gateway,
  60: gateway,
};
