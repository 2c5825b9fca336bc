/** Channel type ids and provider names (docs/reference/console-entities.md "Channel types"). */
export const channelTypeNames: Readonly<Record<number, string>> = {
  1: 'OpenAI',
  2: 'Midjourney Proxy',
  3: 'Azure OpenAI',
  4: 'Ollama',
  5: 'Midjourney Proxy Plus',
  8: 'Custom',
  11: 'PaLM2',
  14: 'Anthropic Claude',
  15: 'Baidu Wenxin',
  16: 'Zhipu ChatGLM',
  17: 'Alibaba Qwen',
  18: 'iFlytek Spark',
  19: '360 AI',
  20: 'OpenRouter',
  21: 'AI Proxy',
  22: 'FastGPT',
  23: 'Tencent Hunyuan',
  24: 'Google Gemini',
  25: 'Moonshot',
  26: 'Zhipu GLM-4V',
  31: '01.AI',
  33: 'AWS Claude',
  34: 'Cohere',
  35: 'MiniMax',
  36: 'Suno',
  37: 'Dify',
  38: 'Jina',
  39: 'Cloudflare',
  40: 'SiliconCloud',
  41: 'Vertex AI',
  42: 'Mistral',
  43: 'DeepSeek',
  44: 'MokaAI M3E',
  45: 'Volcengine',
  46: 'Baidu Wenxin V2',
  47: 'Xinference',
  48: 'xAI',
};

/**
 * Channel types the relay can serve (each has an adaptor in server/src/relay/providers/registry.ts, which a
 * test keeps in step with this list). The others are refused when a channel is saved, and the console
 * shows them disabled.
 */
export const relayedChannelTypes: ReadonlySet<number> = new Set([
  1, 3, 4, 8, 11, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 31, 33, 34, 35, 37, 38, 39, 40, 41, 42,
  43, 44, 45, 46, 47, 48,
]);

/** Channel types that serve asynchronous tasks (server/src/relay/tasks/): Midjourney Proxy (Plus), Suno. */
export const taskChannelTypes: ReadonlySet<number> = new Set([2, 5, 36]);

/** Every channel type a channel may be saved with: the relayed ones and the task ones. */
export const servedChannelTypes: ReadonlySet<number> = new Set([...relayedChannelTypes, ...taskChannelTypes]);

/**
 * Channel types whose key is optional: local servers (Ollama, Xinference) that need no credentials, to which
 * the relay sends a bearer token only when a key is set (server/src/relay/providers/openai-compatible/
 * configs.ts `none-if-empty`, server/src/relay/providers/ollama/index.ts). A channel of any other type is
 * saved only with its key.
 */
export const keyOptionalChannelTypes: ReadonlySet<number> = new Set([4, 47]);
