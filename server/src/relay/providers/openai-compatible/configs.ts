/**
 * Every channel type that speaks the OpenAI wire format, as configuration of one shared adaptor
 * (docs/reference/design-principles.md, "Code layout": OpenAI-compatible providers are a config object on a shared base, not a copy).
 */
import type { RelayEndpoint } from '../types.ts';

export interface OpenAiCompatibleConfig {
  name: string;
  /** Used when the channel has no base URL; empty means the channel must set one. */
  defaultBaseUrl: string;
  /**
   * How the key is sent: as a Bearer token, unless in Azure's `api-key` header or, with 'none-if-empty',
   * not at all when the channel has none (a local server).
   */
  auth?: 'api-key' | 'none-if-empty';
  /** Whether stream_options.include_usage is accepted upstream. */
  streamUsage: boolean;
  /** Endpoints the provider serves; all four when omitted. */
  endpoints?: readonly RelayEndpoint[];
  /** Azure: deployment URLs with api-version. */
  azure?: boolean;
  /** Serves the Responses API at `<base>/v1/responses` (conversations pass through in that format). */
  responses?: boolean;
  /**
   * Paths under the base URL where they differ from OpenAI's (`/v1/chat/completions` …); a function of
   * the model where the model decides (Volcengine bots); `{other}` is replaced by the channel's `other`.
   */
  paths?: Partial<Record<RelayEndpoint, string | ((model: string) => string)>>;
}

const all: Record<number, OpenAiCompatibleConfig> = {
  1: { name: 'OpenAI', defaultBaseUrl: 'https://api.openai.com', streamUsage: true, responses: true },
  3: { name: 'Azure OpenAI', defaultBaseUrl: '', auth: 'api-key', streamUsage: true, azure: true },
  // Only for an Ollama base URL ending in /v1 (providers/registry.ts); otherwise providers/ollama speaks natively.
  4: {
    name: 'Ollama',
    defaultBaseUrl: 'http://127.0.0.1:11434/v1',
    auth: 'none-if-empty',
    streamUsage: true,
    endpoints: ['chat', 'completions', 'embeddings'],
    paths: { chat: '/chat/completions', completions: '/completions', embeddings: '/embeddings' },
  },
  8: { name: 'Custom', defaultBaseUrl: '', streamUsage: true },
  19: { name: '360', defaultBaseUrl: 'https://ai.360.cn', streamUsage: false },
  20: { name: 'OpenRouter', defaultBaseUrl: 'https://openrouter.ai/api', streamUsage: true },
  21: { name: 'AI Proxy', defaultBaseUrl: 'https://api.aiproxy.io', streamUsage: true },
  22: { name: 'FastGPT', defaultBaseUrl: 'https://fastgpt.run/api/openapi', streamUsage: false },
  25: { name: 'Moonshot', defaultBaseUrl: 'https://api.moonshot.cn', streamUsage: true },
  31: { name: '01.AI', defaultBaseUrl: 'https://api.lingyiwanwu.com', streamUsage: false },
  40: { name: 'SiliconCloud', defaultBaseUrl: 'https://api.siliconflow.cn', streamUsage: true },
  42: { name: 'Mistral', defaultBaseUrl: 'https://api.mistral.ai', streamUsage: false },
  43: { name: 'DeepSeek', defaultBaseUrl: 'https://api.deepseek.com', streamUsage: true },
  44: { name: 'MokaAI M3E', defaultBaseUrl: '', streamUsage: false, endpoints: ['embeddings'] },
  47: { name: 'Xinference', defaultBaseUrl: '', auth: 'none-if-empty', streamUsage: false },
  // Providers whose OpenAI-compatible API lives under their own paths (docs/providers.md).
  17: {
    name: 'Alibaba Qwen',
    defaultBaseUrl: 'https://dashscope.aliyuncs.com',
    streamUsage: true,
    endpoints: ['chat', 'embeddings'],
    paths: {
      chat: '/compatible-mode/v1/chat/completions',
      embeddings: '/compatible-mode/v1/embeddings',
    },
  },
  26: {
    name: 'Zhipu GLM-4',
    defaultBaseUrl: 'https://open.bigmodel.cn',
    streamUsage: false,
    endpoints: ['chat', 'embeddings', 'images'],
    paths: {
      chat: '/api/paas/v4/chat/completions',
      embeddings: '/api/paas/v4/embeddings',
      images: '/api/paas/v4/images/generations',
    },
  },
  34: {
    name: 'Cohere',
    defaultBaseUrl: 'https://api.cohere.ai',
    streamUsage: false,
    endpoints: ['chat', 'embeddings', 'rerank'],
    paths: {
      chat: '/compatibility/v1/chat/completions',
      embeddings: '/compatibility/v1/embeddings',
      rerank: '/v2/rerank',
    },
  },
  35: {
    name: 'MiniMax',
    defaultBaseUrl: 'https://api.minimax.chat',
    streamUsage: false,
    endpoints: ['chat'],
    paths: { chat: '/v1/text/chatcompletion_v2' },
  },
  38: {
    name: 'Jina',
    defaultBaseUrl: 'https://api.jina.ai',
    streamUsage: false,
    endpoints: ['embeddings', 'rerank'],
  },
  39: {
    name: 'Cloudflare Workers AI',
    defaultBaseUrl: 'https://api.cloudflare.com',
    streamUsage: false,
    endpoints: ['chat', 'embeddings'],
    paths: {
      chat: '/client/v4/accounts/{other}/ai/v1/chat/completions',
      embeddings: '/client/v4/accounts/{other}/ai/v1/embeddings',
    },
  },
  45: {
    name: 'Volcengine Ark',
    defaultBaseUrl: 'https://ark.cn-beijing.volces.com',
    streamUsage: true,
    endpoints: ['chat', 'embeddings', 'images'],
    paths: {
      // Bot (application) models have their own endpoint.
      chat: (model) =>
        model.startsWith('bot-') ? '/api/v3/bots/chat/completions' : '/api/v3/chat/completions',
      embeddings: '/api/v3/embeddings',
      images: '/api/v3/images/generations',
    },
  },
  46: {
    name: 'Baidu Qianfan v2',
    defaultBaseUrl: 'https://qianfan.baidubce.com',
    streamUsage: true,
    endpoints: ['chat', 'embeddings'],
    paths: { chat: '/v2/chat/completions', embeddings: '/v2/embeddings' },
  },
  48: { name: 'xAI', defaultBaseUrl: 'https://api.x.ai', streamUsage: true },
};

export function openAiCompatibleConfig(type: number): OpenAiCompatibleConfig | undefined {
  return all[type];
}

export const openAiCompatibleTypes: readonly number[] = Object.keys(all).map(Number);
