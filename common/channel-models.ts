/**
 * Model names the channel form offers per provider (common/channel-types.ts names them per type; GET
 * /api/models returns channel type → names, GET /api/channel/models the union). Operators may add any
 * other name.
 */
export const OPENAI_MODELS: readonly string[] = [
  'gpt-4o',
  'gpt-4o-2024-11-20',
  'gpt-4o-2024-08-06',
  'gpt-4o-mini',
  'gpt-4o-mini-2024-07-18',
  'gpt-4.1',
  'gpt-4.1-mini',
  'gpt-4.1-nano',
  'gpt-4-turbo',
  'gpt-4',
  'gpt-3.5-turbo',
  'o1',
  'o1-mini',
  'o3',
  'o3-mini',
  'o4-mini',
  'gpt-5',
  'gpt-5-mini',
  'gpt-5-nano',
  'text-embedding-3-small',
  'text-embedding-3-large',
  'text-embedding-ada-002',
  'omni-moderation-latest',
  'text-moderation-latest',
  'gpt-3.5-turbo-instruct',
  'dall-e-3',
  'dall-e-2',
  'gpt-image-1',
  'tts-1',
  'tts-1-hd',
  'whisper-1',
];
export const CLAUDE_MODELS: readonly string[] = [
  'claude-3-5-sonnet-20241022',
  'claude-3-5-haiku-20241022',
  'claude-3-7-sonnet-20250219',
  'claude-sonnet-4-20250514',
  'claude-opus-4-20250514',
  'claude-3-opus-20240229',
  'claude-3-haiku-20240307',
];
export const GEMINI_MODELS: readonly string[] = [
  'gemini-2.0-flash',
  'gemini-2.0-flash-lite',
  'gemini-2.5-flash',
  'gemini-2.5-pro',
  'gemini-1.5-pro',
  'gemini-1.5-flash',
  'text-embedding-004',
];
export const DEEPSEEK_MODELS: readonly string[] = ['deepseek-chat', 'deepseek-reasoner'];
export const MISTRAL_MODELS: readonly string[] = [
  'mistral-large-latest',
  'mistral-medium-latest',
  'mistral-small-latest',
  'codestral-latest',
  'open-mistral-nemo',
  'mistral-embed',
];
export const MOONSHOT_MODELS: readonly string[] = [
  'moonshot-v1-8k',
  'moonshot-v1-32k',
  'moonshot-v1-128k',
  'kimi-k2-0711-preview',
];
export const XAI_MODELS: readonly string[] = [
  'grok-4',
  'grok-3',
  'grok-3-mini',
  'grok-2-1212',
  'grok-2-vision-1212',
];
export const QWEN_MODELS: readonly string[] = [
  'qwen-turbo',
  'qwen-plus',
  'qwen-max',
  'qwen-long',
  'qwen2.5-72b-instruct',
  'text-embedding-v3',
];
export const ZHIPU_MODELS: readonly string[] = [
  'glm-4',
  'glm-4-plus',
  'glm-4-air',
  'glm-4-flash',
  'glm-4v',
  'glm-4.5',
  'embedding-3',
];
export const YI_MODELS: readonly string[] = ['yi-large', 'yi-medium', 'yi-lightning', 'yi-vision'];
export const AI360_MODELS: readonly string[] = [
  '360gpt-turbo',
  '360gpt-pro',
  '360gpt2-pro',
  'embedding-s1-v1',
];
export const SILICONFLOW_MODELS: readonly string[] = [
  'deepseek-ai/DeepSeek-V3',
  'deepseek-ai/DeepSeek-R1',
  'Qwen/Qwen2.5-72B-Instruct',
  'BAAI/bge-m3',
];
export const OLLAMA_MODELS: readonly string[] = [
  'llama3.1',
  'llama3.2',
  'qwen2.5',
  'mistral',
  'nomic-embed-text',
];
export const M3E_MODELS: readonly string[] = ['m3e-base', 'm3e-small', 'm3e-large'];
export const MIDJOURNEY_MODELS: readonly string[] = [
  'mj_imagine',
  'mj_variation',
  'mj_upscale',
  'mj_reroll',
  'mj_blend',
  'mj_describe',
  'mj_modal',
  'mj_shorten',
];
export const SUNO_MODELS: readonly string[] = ['suno_music', 'suno_lyrics'];
/** OpenRouter names other vendors' models `<vendor>/<model>`. */
export const OPENROUTER_MODELS: readonly string[] = [
  ...OPENAI_MODELS,
  ...CLAUDE_MODELS.map((model) => `anthropic/${model}`),
  ...GEMINI_MODELS.map((model) => `google/${model}`),
];
/** Vertex AI serves Google's models and Anthropic's. */
export const VERTEX_MODELS: readonly string[] = [...GEMINI_MODELS, ...CLAUDE_MODELS];
