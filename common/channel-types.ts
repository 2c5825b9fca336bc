/**
 * The channel-type registry (docs/providers.md "The channel-type registry"; ids as in
 * docs/reference/console-entities.md): one entry per type — its name, what it serves, its key rule, the
 * fields the channel form shows, how the shared OpenAI-compatible adaptor reaches it and the models the
 * form offers. The console, the channel API and the relay all ask it; the server adds each type's adaptor
 * and account queries in server/src/relay/channel-types.ts. The shape is in ./channel-type-facts.ts.
 */
import {
  AI360_MODELS,
  CLAUDE_MODELS,
  DEEPSEEK_MODELS,
  GEMINI_MODELS,
  M3E_MODELS,
  MIDJOURNEY_MODELS,
  MISTRAL_MODELS,
  MOONSHOT_MODELS,
  OLLAMA_MODELS,
  OPENAI_MODELS,
  OPENROUTER_MODELS,
  QWEN_MODELS,
  SILICONFLOW_MODELS,
  SUNO_MODELS,
  VERTEX_MODELS,
  XAI_MODELS,
  YI_MODELS,
  ZHIPU_MODELS,
} from './channel-models.ts';
import {
  CHANNEL_CAPABILITIES,
  CHANNEL_ENDPOINTS,
  type ChannelCapability,
  type ChannelEndpoint,
  type ChannelTypeFacts,
  VERTEX_REGION_TEMPLATE,
  VOLCENGINE_BASE_URLS,
} from './channel-type-facts.ts';

import { AGENT_PLATFORM_TYPES } from './channel-types-agents.ts';
import { AGGREGATOR_TYPES } from './channel-types-aggregators.ts';
import { CUSTOM_ROUTE_TYPES } from './channel-types-custom.ts';
import { VIDEO_PLATFORM_TYPES } from './channel-types-video.ts';

export * from './channel-type-facts.ts';

/** Every OpenAI route, and OpenAI's video API: what an OpenAI-compatible server behind a type serves. */
const EVERY_OPENAI_ROUTE: readonly ChannelCapability[] = [...CHANNEL_ENDPOINTS, 'videos'];
const CHAT: readonly ChannelCapability[] = ['chat'];
const CHAT_AND_EMBEDDINGS: readonly ChannelCapability[] = ['chat', 'embeddings'];

/** The types of the specification (ids 1–48). */
const SPECIFICATION_TYPES: readonly ChannelTypeFacts[] = [
  {
    id: 1,
    name: 'OpenAI',
    serves: [...CHANNEL_ENDPOINTS, 'realtime', 'videos'],
    form: { organization: true },
    openAiCompatible: { defaultBaseUrl: 'https://api.openai.com', streamUsage: true, responses: true },
    models: OPENAI_MODELS,
  },
  {
    id: 2,
    name: 'Midjourney Proxy',
    serves: ['mj'],
    form: { baseUrl: 'midjourney' },
    models: MIDJOURNEY_MODELS,
  },
  {
    id: 3,
    name: 'Azure OpenAI',
    serves: [...CHANNEL_ENDPOINTS, 'realtime'],
    form: {
      baseUrl: 'azure',
      baseUrlRequired: true,
      other: { kind: 'azure' },
      notice: { kind: 'warning', text: 'azure' },
    },
    openAiCompatible: { defaultBaseUrl: '', auth: 'api-key', streamUsage: true, azure: true },
    models: OPENAI_MODELS,
  },
  {
    // The OpenAI-compatible API when the base URL ends in /v1, else Ollama's own (server/src/relay/channel-types.ts).
    id: 4,
    name: 'Ollama',
    serves: ['chat', 'completions', 'embeddings'],
    key: { optional: true },
    openAiCompatible: {
      defaultBaseUrl: 'http://127.0.0.1:11434/v1',
      auth: 'none-if-empty',
      streamUsage: true,
      paths: { chat: '/chat/completions', completions: '/completions', embeddings: '/embeddings' },
    },
    models: OLLAMA_MODELS,
  },
  {
    id: 5,
    name: 'Midjourney Proxy Plus',
    serves: ['mj'],
    form: { baseUrl: 'midjourney' },
    models: MIDJOURNEY_MODELS,
  },
  {
    id: 8,
    name: 'Custom',
    serves: EVERY_OPENAI_ROUTE,
    form: { baseUrl: 'custom', baseUrlRequired: true, notice: { kind: 'warning', text: 'custom' } },
    openAiCompatible: { defaultBaseUrl: '', streamUsage: true },
    models: OPENAI_MODELS,
  },
  { id: 11, name: 'PaLM2', serves: CHAT },
  { id: 14, name: 'Anthropic Claude', serves: CHAT, models: CLAUDE_MODELS },
  { id: 15, name: 'Baidu Wenxin', serves: CHAT_AND_EMBEDDINGS, key: { hint: 'baidu' } },
  { id: 16, name: 'Zhipu ChatGLM', serves: CHAT, models: ZHIPU_MODELS },
  {
    // Chat and embeddings through DashScope's OpenAI-compatible mode; rerank and images natively.
    id: 17,
    name: 'Alibaba Qwen',
    serves: ['chat', 'embeddings', 'rerank', 'images', 'wan'],
    openAiCompatible: {
      defaultBaseUrl: 'https://dashscope.aliyuncs.com',
      streamUsage: true,
      paths: {
        chat: '/compatible-mode/v1/chat/completions',
        embeddings: '/compatible-mode/v1/embeddings',
      },
    },
    models: QWEN_MODELS,
  },
  {
    id: 18,
    name: 'iFlytek Spark',
    serves: CHAT,
    key: { hint: 'iflytek' },
    form: { other: { kind: 'iflytek', default: 'v2.1' } },
  },
  {
    id: 19,
    name: '360 AI',
    serves: EVERY_OPENAI_ROUTE,
    openAiCompatible: { defaultBaseUrl: 'https://ai.360.cn', streamUsage: false },
    models: AI360_MODELS,
  },
  {
    id: 20,
    name: 'OpenRouter',
    serves: EVERY_OPENAI_ROUTE,
    openAiCompatible: { defaultBaseUrl: 'https://openrouter.ai/api', streamUsage: true },
    models: OPENROUTER_MODELS,
  },
  {
    // With a knowledge-base ID in `other`, chat goes to the library API (server/src/relay/channel-types.ts).
    id: 21,
    name: 'AI Proxy',
    serves: EVERY_OPENAI_ROUTE,
    form: { other: { kind: 'knowledgeBase' } },
    openAiCompatible: { defaultBaseUrl: 'https://api.aiproxy.io', streamUsage: true },
    models: OPENAI_MODELS,
  },
  {
    id: 22,
    name: 'FastGPT',
    serves: EVERY_OPENAI_ROUTE,
    key: { hint: 'fastgpt' },
    form: { baseUrl: 'fastgpt' },
    openAiCompatible: { defaultBaseUrl: 'https://fastgpt.run/api/openapi', streamUsage: false },
    models: OPENAI_MODELS,
  },
  { id: 23, name: 'Tencent Hunyuan', serves: CHAT, key: { hint: 'tencent' } },
  { id: 24, name: 'Google Gemini', serves: [...CHAT_AND_EMBEDDINGS, 'veo'], models: GEMINI_MODELS },
  {
    id: 25,
    name: 'Moonshot',
    serves: EVERY_OPENAI_ROUTE,
    openAiCompatible: { defaultBaseUrl: 'https://api.moonshot.cn', streamUsage: true },
    models: MOONSHOT_MODELS,
  },
  {
    id: 26,
    name: 'Zhipu GLM-4V',
    serves: ['chat', 'embeddings', 'images'],
    openAiCompatible: {
      defaultBaseUrl: 'https://open.bigmodel.cn',
      streamUsage: false,
      paths: {
        chat: '/api/paas/v4/chat/completions',
        embeddings: '/api/paas/v4/embeddings',
        images: '/api/paas/v4/images/generations',
      },
    },
    models: ZHIPU_MODELS,
  },
  {
    id: 31,
    name: '01.AI',
    serves: EVERY_OPENAI_ROUTE,
    openAiCompatible: { defaultBaseUrl: 'https://api.lingyiwanwu.com', streamUsage: false },
    models: YI_MODELS,
  },
  {
    id: 33,
    name: 'AWS Claude',
    serves: CHAT,
    key: { hint: 'aws' },
    form: { notice: { kind: 'info', text: 'aws' } },
    models: CLAUDE_MODELS,
  },
  {
    id: 34,
    name: 'Cohere',
    serves: ['chat', 'embeddings', 'rerank'],
    openAiCompatible: {
      defaultBaseUrl: 'https://api.cohere.ai',
      streamUsage: false,
      paths: {
        chat: '/compatibility/v1/chat/completions',
        embeddings: '/compatibility/v1/embeddings',
        rerank: '/v2/rerank',
      },
    },
  },
  {
    id: 35,
    name: 'MiniMax',
    serves: [...CHAT, 'hailuo'],
    openAiCompatible: {
      defaultBaseUrl: 'https://api.minimax.chat',
      streamUsage: false,
      paths: { chat: '/v1/text/chatcompletion_v2' },
    },
  },
  {
    id: 36,
    name: 'Suno',
    serves: ['suno'],
    form: { baseUrl: 'suno', notice: { kind: 'warning', text: 'suno' } },
    models: SUNO_MODELS,
  },
  { id: 37, name: 'Dify', serves: CHAT, form: { notice: { kind: 'warning', text: 'dify' } } },
  {
    id: 38,
    name: 'Jina',
    serves: ['embeddings', 'rerank'],
    openAiCompatible: { defaultBaseUrl: 'https://api.jina.ai', streamUsage: false },
  },
  {
    id: 39,
    name: 'Cloudflare',
    serves: CHAT_AND_EMBEDDINGS,
    form: { other: { kind: 'cloudflare', required: true } },
    openAiCompatible: {
      defaultBaseUrl: 'https://api.cloudflare.com',
      streamUsage: false,
      paths: {
        chat: '/client/v4/accounts/{other}/ai/v1/chat/completions',
        embeddings: '/client/v4/accounts/{other}/ai/v1/embeddings',
      },
    },
  },
  {
    id: 40,
    name: 'SiliconCloud',
    serves: EVERY_OPENAI_ROUTE,
    form: { notice: { kind: 'info', text: 'siliconcloud' } },
    openAiCompatible: { defaultBaseUrl: 'https://api.siliconflow.cn', streamUsage: true },
    models: SILICONFLOW_MODELS,
  },
  {
    id: 41,
    name: 'Vertex AI',
    serves: CHAT,
    key: { json: true, hint: 'vertex' },
    form: {
      other: { kind: 'vertex', multiline: true, template: VERTEX_REGION_TEMPLATE },
      notice: { kind: 'info', text: 'vertex' },
    },
    models: VERTEX_MODELS,
  },
  {
    id: 42,
    name: 'Mistral',
    serves: EVERY_OPENAI_ROUTE,
    openAiCompatible: { defaultBaseUrl: 'https://api.mistral.ai', streamUsage: false },
    models: MISTRAL_MODELS,
  },
  {
    id: 43,
    name: 'DeepSeek',
    serves: EVERY_OPENAI_ROUTE,
    openAiCompatible: { defaultBaseUrl: 'https://api.deepseek.com', streamUsage: true },
    models: DEEPSEEK_MODELS,
  },
  {
    id: 44,
    name: 'MokaAI M3E',
    serves: ['embeddings'],
    openAiCompatible: { defaultBaseUrl: '', streamUsage: false },
    models: M3E_MODELS,
  },
  {
    id: 45,
    name: 'Volcengine',
    serves: ['chat', 'embeddings', 'images'],
    form: {
      baseUrl: 'volcengine',
      baseUrlRequired: true,
      baseUrlOptions: VOLCENGINE_BASE_URLS,
      notice: { kind: 'info', text: 'volcengine' },
    },
    openAiCompatible: {
      defaultBaseUrl: 'https://ark.cn-beijing.volces.com',
      streamUsage: true,
      paths: {
        // Bot (application) models have their own endpoint.
        chat: (model) =>
          model.startsWith('bot-') ? '/api/v3/bots/chat/completions' : '/api/v3/chat/completions',
        embeddings: '/api/v3/embeddings',
        images: '/api/v3/images/generations',
      },
    },
  },
  {
    id: 46,
    name: 'Baidu Wenxin V2',
    serves: CHAT_AND_EMBEDDINGS,
    openAiCompatible: {
      defaultBaseUrl: 'https://qianfan.baidubce.com',
      streamUsage: true,
      paths: { chat: '/v2/chat/completions', embeddings: '/v2/embeddings' },
    },
  },
  {
    id: 47,
    name: 'Xinference',
    serves: EVERY_OPENAI_ROUTE,
    key: { optional: true },
    openAiCompatible: { defaultBaseUrl: '', auth: 'none-if-empty', streamUsage: false },
    models: OLLAMA_MODELS,
  },
  {
    id: 48,
    name: 'xAI',
    serves: EVERY_OPENAI_ROUTE,
    openAiCompatible: { defaultBaseUrl: 'https://api.x.ai', streamUsage: true },
    models: XAI_MODELS,
  },
];

/**
 * Every channel type: the specification's, then the ones new-api added since, one file per family
 * (./channel-types-aggregators.ts, ./channel-types-agents.ts, ./channel-types-video.ts, ./channel-types-custom.ts).
 */
export const CHANNEL_TYPES: readonly ChannelTypeFacts[] = [
  ...SPECIFICATION_TYPES,
  ...AGGREGATOR_TYPES,
  ...AGENT_PLATFORM_TYPES,
  ...VIDEO_PLATFORM_TYPES,
  ...CUSTOM_ROUTE_TYPES,
].sort((a, b) => a.id - b.id);

const byId = new Map(CHANNEL_TYPES.map((entry) => [entry.id, entry]));

/** The entry of a type id, or undefined for a type the gateway does not know. */
export function channelType(id: number): ChannelTypeFacts | undefined {
  return byId.get(id);
}

const serving = new Map<ChannelCapability, ReadonlySet<number>>(
  CHANNEL_CAPABILITIES.map((capability) => [
    capability,
    new Set(
      CHANNEL_TYPES.filter(
        (entry) =>
          entry.serves.includes(capability) &&
          // Compaction answers only where the Responses API is served (new-api: OpenAI-format channels).
          (capability !== 'responses-compact' || entry.openAiCompatible?.responses === true),
      ).map((entry) => entry.id),
    ),
  ]),
);

/** The types that serve a capability (one set per capability, made once). */
export function typesServing(capability: ChannelCapability): ReadonlySet<number> {
  return serving.get(capability) ?? new Set();
}

/** Whether channels of a type serve a capability (the relay route, realtime, videos, a task platform). */
export function servesCapability(type: number, capability: ChannelCapability): boolean {
  return typesServing(capability).has(type);
}

/** The relay routes a type serves. */
export function endpointsOf(type: number): ChannelEndpoint[] {
  return CHANNEL_ENDPOINTS.filter((endpoint) => servesCapability(type, endpoint));
}

/** Type id → provider name. */
export const channelTypeNames: Readonly<Record<number, string>> = Object.fromEntries(
  CHANNEL_TYPES.map((entry) => [entry.id, entry.name]),
);

/**
 * Types the relay serves (an OpenAI route, in any client format): each has an adaptor in
 * server/src/relay/channel-types.ts.
 */
export const relayedChannelTypes: ReadonlySet<number> = new Set(
  CHANNEL_TYPES.filter((entry) => endpointsOf(entry.id).length > 0).map((entry) => entry.id),
);

/**
 * Types a channel may be saved with: those that serve anything (the relay's, and the task types). The
 * others are refused when a channel is saved, and the console shows them disabled.
 */
export const servedChannelTypes: ReadonlySet<number> = new Set(
  CHANNEL_TYPES.filter((entry) => entry.serves.length > 0).map((entry) => entry.id),
);

/**
 * Types whose key is optional: local servers (Ollama, Xinference) to which the relay sends a bearer token
 * only when a key is set (`auth: 'none-if-empty'`). A channel of any other type is saved only with its key.
 */
export const keyOptionalChannelTypes: ReadonlySet<number> = new Set(
  CHANNEL_TYPES.filter((entry) => entry.key?.optional === true).map((entry) => entry.id),
);
