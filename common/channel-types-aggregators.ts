/**
 * Channel types of new-api's current list that the specification does not have: the OpenAI-compatible
 * resellers and gateways new-api added (OpenAIMax, OhMyGPT, AILS, AIProxy, API2GPT, AIGC2D, Perplexity,
 * Submodel, Sub2API, New API) and the ChatGPT-subscription type it calls Codex, known but refused.
 * Ids, names and default base URLs as new-api's constant/channel.go has them; what each serves and why:
 * docs/providers/new-api-types.md. Entries in the shape of ./channel-type-facts.ts; ./channel-types.ts
 * joins them into the one registry (the server half: server/src/relay/channel-types-aggregators.ts).
 */
import { OPENAI_MODELS } from './channel-models.ts';
import { CHANNEL_ENDPOINTS, type ChannelCapability, type ChannelTypeFacts } from './channel-type-facts.ts';

/** Perplexity's Sonar models (its chat API: docs/providers/new-api-types.md, "27 Perplexity"). */
export const PERPLEXITY_MODELS = [
  'sonar',
  'sonar-pro',
  'sonar-reasoning',
  'sonar-reasoning-pro',
  'sonar-deep-research',
] as const;

/** The open-weight models Submodel serves, as new-api lists them for the type. */
export const SUBMODEL_MODELS = [
  'NousResearch/Hermes-4-405B-FP8',
  'Qwen/Qwen3-235B-A22B-Thinking-2507',
  'Qwen/Qwen3-Coder-480B-A35B-Instruct-FP8',
  'Qwen/Qwen3-235B-A22B-Instruct-2507',
  'zai-org/GLM-4.5-FP8',
  'openai/gpt-oss-120b',
  'deepseek-ai/DeepSeek-R1-0528',
  'deepseek-ai/DeepSeek-R1',
  'deepseek-ai/DeepSeek-V3-0324',
  'deepseek-ai/DeepSeek-V3.1',
] as const;

/** An OpenAI reseller: every OpenAI route under OpenAI's paths at its own address, the key as a Bearer token. */
function openAiReseller(
  id: number,
  name: string,
  defaultBaseUrl: string,
  responses = false,
): ChannelTypeFacts {
  return {
    id,
    name,
    serves: CHANNEL_ENDPOINTS,
    // new-api does not ask these upstreams for stream usage (its streamSupportedChannels): counted instead.
    openAiCompatible: { defaultBaseUrl, streamUsage: false, ...(responses ? { responses } : {}) },
    models: OPENAI_MODELS,
  };
}

/**
 * What another new-api (or Sub2API) serves as an upstream, in the client's own format: OpenAI chat and
 * Responses, Claude Messages and Gemini conversations (server/src/relay/providers/new-api/), text
 * completions, embeddings and image generations.
 */
const GATEWAY_ROUTES: readonly ChannelCapability[] = ['chat', 'completions', 'embeddings', 'images'];

function gateway(id: number, name: string): ChannelTypeFacts {
  return {
    id,
    name,
    serves: GATEWAY_ROUTES,
    form: { baseUrl: 'custom', baseUrlRequired: true },
    openAiCompatible: { defaultBaseUrl: '', streamUsage: true, responses: true },
  };
}

export const AGGREGATOR_TYPES: readonly ChannelTypeFacts[] = [
  // OpenAIMax is the one reseller new-api also sends Responses calls to.
  openAiReseller(6, 'OpenAIMax', 'https://api.openaimax.com', true),
  openAiReseller(7, 'OhMyGPT', 'https://api.ohmygpt.com'),
  openAiReseller(9, 'AILS', 'https://api.caipacity.com'),
  openAiReseller(10, 'AIProxy', 'https://api.aiproxy.io'),
  openAiReseller(12, 'API2GPT', 'https://api.api2gpt.com'),
  openAiReseller(13, 'AIGC2D', 'https://api.aigc2d.com'),
  {
    // Chat only, at /chat/completions (no /v1); its citations reach every client format
    // (server/src/relay/providers/perplexity/).
    id: 27,
    name: 'Perplexity',
    serves: ['chat'],
    openAiCompatible: {
      defaultBaseUrl: 'https://api.perplexity.ai',
      streamUsage: false,
      paths: { chat: '/chat/completions' },
    },
    models: PERPLEXITY_MODELS,
  },
  {
    id: 53,
    name: 'Submodel',
    serves: ['chat'],
    openAiCompatible: { defaultBaseUrl: 'https://llm.submodel.ai', streamUsage: true },
    models: SUBMODEL_MODELS,
  },
  {
    // A consumer ChatGPT subscription signed in over OAuth: relaying it through a shared gateway is against
    // the terms of that account type, so the type is known (shown, loaded) but never saved nor relayed
    // (docs/providers/new-api-types.md, "57").
    id: 57,
    name: 'ChatGPT Subscription (Codex)',
    serves: [],
    refusal: 'subscription-account',
  },
  gateway(59, 'Sub2API'),
  gateway(60, 'New API'),
];
