/**
 * The models each channel type offers, for the channel form's model picker (GET /api/models returns
 * channel type → model names; GET /api/channel/models the union). Operators may add any other name.
 */
const openai = [
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
const claude = [
  'claude-3-5-sonnet-20241022',
  'claude-3-5-haiku-20241022',
  'claude-3-7-sonnet-20250219',
  'claude-sonnet-4-20250514',
  'claude-opus-4-20250514',
  'claude-3-opus-20240229',
  'claude-3-haiku-20240307',
];
const gemini = [
  'gemini-2.0-flash',
  'gemini-2.0-flash-lite',
  'gemini-2.5-flash',
  'gemini-2.5-pro',
  'gemini-1.5-pro',
  'gemini-1.5-flash',
  'text-embedding-004',
];
const deepseek = ['deepseek-chat', 'deepseek-reasoner'];
const mistral = [
  'mistral-large-latest',
  'mistral-medium-latest',
  'mistral-small-latest',
  'codestral-latest',
  'open-mistral-nemo',
  'mistral-embed',
];
const moonshot = ['moonshot-v1-8k', 'moonshot-v1-32k', 'moonshot-v1-128k', 'kimi-k2-0711-preview'];
const xai = ['grok-4', 'grok-3', 'grok-3-mini', 'grok-2-1212', 'grok-2-vision-1212'];
const qwen = [
  'qwen-turbo',
  'qwen-plus',
  'qwen-max',
  'qwen-long',
  'qwen2.5-72b-instruct',
  'text-embedding-v3',
];
const zhipu = ['glm-4', 'glm-4-plus', 'glm-4-air', 'glm-4-flash', 'glm-4v', 'glm-4.5', 'embedding-3'];
const yi = ['yi-large', 'yi-medium', 'yi-lightning', 'yi-vision'];
const ai360 = ['360gpt-turbo', '360gpt-pro', '360gpt2-pro', 'embedding-s1-v1'];
const siliconflow = [
  'deepseek-ai/DeepSeek-V3',
  'deepseek-ai/DeepSeek-R1',
  'Qwen/Qwen2.5-72B-Instruct',
  'BAAI/bge-m3',
];
const ollama = ['llama3.1', 'llama3.2', 'qwen2.5', 'mistral', 'nomic-embed-text'];
const m3e = ['m3e-base', 'm3e-small', 'm3e-large'];
const midjourney = [
  'mj_imagine',
  'mj_variation',
  'mj_upscale',
  'mj_reroll',
  'mj_blend',
  'mj_describe',
  'mj_modal',
  'mj_shorten',
];

const byType: Record<number, string[]> = {
  1: openai,
  2: midjourney,
  3: openai,
  4: ollama,
  5: midjourney,
  8: openai,
  14: claude,
  16: zhipu,
  17: qwen,
  19: ai360,
  20: [
    ...openai,
    ...claude.map((model) => `anthropic/${model}`),
    ...gemini.map((model) => `google/${model}`),
  ],
  21: openai,
  22: openai,
  24: gemini,
  25: moonshot,
  26: zhipu,
  31: yi,
  33: claude,
  36: ['suno_music', 'suno_lyrics'],
  40: siliconflow,
  41: [...gemini, ...claude],
  42: mistral,
  43: deepseek,
  44: m3e,
  47: ollama,
  48: xai,
};

export function modelsByChannelType(): Record<number, string[]> {
  return Object.fromEntries(Object.entries(byType).map(([type, models]) => [type, [...models]]));
}

export function allKnownModels(): string[] {
  return [...new Set(Object.values(byType).flat())].sort();
}
