/**
 * The built-in pricing tables (docs/reference/billing.md): the defaults of the ModelRatio, CompletionRatio,
 * CacheRatio and ModelPrice options, restored by POST /api/option/rest_model_ratio.
 *
 * Each token-priced model is written as the provider's public list price in USD per 1M tokens (input,
 * output, cached input), and the ratios are derived from it: ratio = input / 2 (ratio 1 = $2 per 1M
 * prompt tokens), completion ratio = output / input, cache ratio = cached input / input. Chinese providers
 * publish prices in CNY; those are converted at the default USD exchange rate (7.3 CNY per USD).
 * Per-call models carry a fixed USD price per request (an image, a Midjourney action, a song).
 */
import { cny, type ListPrice, same, usd } from './list-prices.ts';
import { AGENT_PLATFORM_CALL_PRICES, AGENT_PLATFORM_TOKEN_PRICES } from './prices-agents.ts';
import { AGGREGATOR_CALL_PRICES, AGGREGATOR_TOKEN_PRICES } from './prices-aggregators.ts';
import { VIDEO_PLATFORM_CALL_PRICES, VIDEO_PLATFORM_TOKEN_PRICES } from './prices-video.ts';

/** Cache-creation (cache write) tokens are billed at this multiple of the prompt price unless set. */
export const DEFAULT_CACHE_CREATION_RATIO = 1.25;

const tokenPrices: ReadonlyArray<[string, ListPrice]> = [
  // OpenAI
  ...same(['gpt-4o', 'gpt-4o-2024-08-06', 'gpt-4o-2024-11-20'], usd(2.5, 10, 1.25)),
  ...same(['gpt-4o-2024-05-13', 'chatgpt-4o-latest'], usd(5, 15)),
  ...same(['gpt-4o-mini', 'gpt-4o-mini-2024-07-18'], usd(0.15, 0.6, 0.075)),
  ...same(['gpt-4o-audio-preview', 'gpt-4o-audio-preview-2024-12-17'], usd(2.5, 10)),
  ...same(['gpt-4o-realtime-preview', 'gpt-4o-realtime-preview-2024-12-17'], usd(5, 20, 2.5)),
  ...same(['gpt-4o-mini-realtime-preview', 'gpt-4o-mini-realtime-preview-2024-12-17'], usd(0.6, 2.4, 0.3)),
  ...same(['gpt-4.1', 'gpt-4.1-2025-04-14'], usd(2, 8, 0.5)),
  ...same(['gpt-4.1-mini', 'gpt-4.1-mini-2025-04-14'], usd(0.4, 1.6, 0.1)),
  ...same(['gpt-4.1-nano', 'gpt-4.1-nano-2025-04-14'], usd(0.1, 0.4, 0.025)),
  ...same(['gpt-4.5-preview', 'gpt-4.5-preview-2025-02-27'], usd(75, 150, 37.5)),
  ...same(['gpt-5', 'gpt-5-2025-08-07', 'gpt-5-chat-latest'], usd(1.25, 10, 0.125)),
  ...same(['gpt-5-mini', 'gpt-5-mini-2025-08-07'], usd(0.25, 2, 0.025)),
  ...same(['gpt-5-nano', 'gpt-5-nano-2025-08-07'], usd(0.05, 0.4, 0.005)),
  ...same(
    ['gpt-4-turbo', 'gpt-4-turbo-2024-04-09', 'gpt-4-turbo-preview', 'gpt-4-0125-preview'],
    usd(10, 30),
  ),
  ...same(['gpt-4', 'gpt-4-0613'], usd(30, 60)),
  ...same(['gpt-4-32k', 'gpt-4-32k-0613'], usd(60, 120)),
  ...same(['gpt-3.5-turbo', 'gpt-3.5-turbo-0125'], usd(0.5, 1.5)),
  ['gpt-3.5-turbo-1106', usd(1, 2)],
  ['gpt-3.5-turbo-instruct', usd(1.5, 2)],
  ...same(['o1', 'o1-2024-12-17'], usd(15, 60, 7.5)),
  ...same(['o1-mini', 'o1-mini-2024-09-12'], usd(1.1, 4.4, 0.55)),
  ...same(['o1-pro', 'o1-pro-2025-03-19'], usd(150, 600)),
  ...same(['o3', 'o3-2025-04-16'], usd(2, 8, 0.5)),
  ...same(['o3-mini', 'o3-mini-2025-01-31'], usd(1.1, 4.4, 0.55)),
  ...same(['o3-pro', 'o3-pro-2025-06-10'], usd(20, 80)),
  ...same(['o4-mini', 'o4-mini-2025-04-16'], usd(1.1, 4.4, 0.275)),
  ['gpt-image-1', usd(5, 40, 1.25)],
  ['text-embedding-3-small', usd(0.02)],
  ['text-embedding-3-large', usd(0.13)],
  ['text-embedding-ada-002', usd(0.1)],
  // Audio models are metered in tokens equivalent to their per-minute / per-character prices.
  ['whisper-1', usd(30)],
  ['tts-1', usd(15)],
  ['tts-1-hd', usd(30)],
  ...same(['text-moderation-latest', 'text-moderation-stable'], usd(0.2)),
  // OpenAI's omni moderation models are free: priced at 0, so they are served and billed nothing.
  ...same(['omni-moderation-latest', 'omni-moderation-2024-09-26'], usd(0)),
  // Anthropic: output is 5× input on every model; cache reads cost 10% of input.
  ['claude-3-haiku-20240307', usd(0.25, 1.25, 0.025)],
  ...same(['claude-3-5-haiku-20241022', 'claude-3-5-haiku-latest'], usd(0.8, 4, 0.08)),
  ...same(['claude-haiku-4-5', 'claude-haiku-4-5-20251001'], usd(1, 5, 0.1)),
  ...same(
    [
      'claude-3-sonnet-20240229',
      'claude-3-5-sonnet',
      'claude-3-5-sonnet-20240620',
      'claude-3-5-sonnet-20241022',
      'claude-3-5-sonnet-latest',
      'claude-3-7-sonnet-20250219',
      'claude-3-7-sonnet-latest',
      'claude-sonnet-4-20250514',
      'claude-sonnet-4-0',
      'claude-sonnet-4-5',
      'claude-sonnet-4-5-20250929',
    ],
    usd(3, 15, 0.3),
  ),
  ...same(
    [
      'claude-3-opus-20240229',
      'claude-opus-4-20250514',
      'claude-opus-4-0',
      'claude-opus-4-1',
      'claude-opus-4-1-20250805',
    ],
    usd(15, 75, 1.5),
  ),
  ...same(['claude-opus-4-5', 'claude-opus-4-5-20251101'], usd(5, 25, 0.5)),
  // Google
  ...same(['gemini-1.5-pro', 'gemini-1.5-pro-latest', 'gemini-1.5-pro-002'], usd(1.25, 5)),
  ...same(['gemini-1.5-flash', 'gemini-1.5-flash-latest', 'gemini-1.5-flash-002'], usd(0.075, 0.3)),
  ['gemini-1.5-flash-8b', usd(0.0375, 0.15)],
  ...same(['gemini-2.0-flash', 'gemini-2.0-flash-001'], usd(0.1, 0.4, 0.025)),
  ...same(['gemini-2.0-flash-lite', 'gemini-2.0-flash-lite-001'], usd(0.075, 0.3)),
  ['gemini-2.5-pro', usd(1.25, 10, 0.3125)],
  ['gemini-2.5-flash', usd(0.3, 2.5, 0.075)],
  ['gemini-2.5-flash-lite', usd(0.1, 0.4, 0.025)],
  ['gemini-embedding-001', usd(0.15)],
  // DeepSeek
  ...same(['deepseek-chat', 'deepseek-coder'], usd(0.27, 1.1, 0.07)),
  ['deepseek-reasoner', usd(0.55, 2.19, 0.14)],
  // Mistral
  ['mistral-large-latest', usd(2, 6)],
  ['mistral-medium-latest', usd(0.4, 2)],
  ['mistral-small-latest', usd(0.1, 0.3)],
  ['codestral-latest', usd(0.3, 0.9)],
  ['pixtral-large-latest', usd(2, 6)],
  ['open-mistral-nemo', usd(0.15)],
  ['ministral-8b-latest', usd(0.1)],
  ['ministral-3b-latest', usd(0.04)],
  ['mistral-embed', usd(0.1)],
  // Moonshot (CNY list prices)
  ['moonshot-v1-8k', cny(12)],
  ['moonshot-v1-32k', cny(24)],
  ['moonshot-v1-128k', cny(60)],
  ['kimi-k2-0711-preview', cny(4, 16, 1)],
  // xAI
  ...same(['grok-2', 'grok-2-1212', 'grok-2-vision-1212'], usd(2, 10)),
  ['grok-beta', usd(5, 15)],
  ...same(['grok-3', 'grok-3-beta'], usd(3, 15, 0.75)),
  ...same(['grok-3-mini', 'grok-3-mini-beta'], usd(0.3, 0.5, 0.075)),
  ['grok-4', usd(3, 15, 0.75)],
  // Qwen, Alibaba DashScope (CNY list prices)
  ['qwen-turbo', cny(0.3, 0.6)],
  ['qwen-plus', cny(0.8, 2)],
  ['qwen-max', cny(2.4, 9.6)],
  ['qwen-long', cny(0.5, 2)],
  ['text-embedding-v1', cny(0.7)],
  ['text-embedding-v3', cny(0.5)],
  // GLM, Zhipu (CNY list prices; glm-4.5 family at the international USD prices)
  ['glm-4-plus', cny(5)],
  ['glm-4-air', cny(0.5)],
  ['glm-4-airx', cny(10)],
  ['glm-4-long', cny(1)],
  ['glm-4-flash', cny(0)],
  ['glm-4.5', usd(0.6, 2.2, 0.11)],
  ['glm-4.5-air', usd(0.2, 1.1, 0.03)],
  ['embedding-3', cny(0.5)],
  // The native-protocol families at the prices new-api ships for them (docs/reference/billing.md,
  // "Built-in prices of the native-protocol families": source, date, and the exchange rates it used).
  // Baidu ERNIE: ERNIE-Speed and ERNIE-Lite completions cost twice the prompt (new-api's rule).
  ['ERNIE-4.0-8K', cny(120)],
  ...same(['ERNIE-3.5-8K', 'ERNIE-3.5-8K-1222', 'ERNIE-3.5-4K-0205'], cny(12)),
  ...same(['ERNIE-3.5-8K-0205', 'ERNIE-Bot-8K'], cny(24)),
  ...same(['ERNIE-Speed-8K', 'ERNIE-Speed-128K'], cny(4, 8)),
  ['ERNIE-Lite-8K-0922', cny(8, 16)],
  ['ERNIE-Lite-8K-0308', cny(3, 6)],
  ['ERNIE-Tiny-8K', cny(1)],
  ['BLOOMZ-7B', cny(4)],
  ...same(['Embedding-V1', 'bge-large-zh', 'bge-large-en', 'tao-8k'], cny(2)),
  // Zhipu: ChatGLM (v3 API) and the first GLM-4 models (v4)
  ...same(['chatglm_turbo', 'chatglm_std', 'glm-3-turbo'], cny(5)),
  ['chatglm_pro', cny(10)],
  ['chatglm_lite', cny(2)],
  ...same(['glm-4', 'glm-4-0520', 'glm-4-alltools'], cny(100)),
  ['glm-4v', cny(50)],
  ['glm-4v-plus', cny(10)],
  // iFlytek Spark: `SparkDesk` also prices every other `SparkDesk-…` name by prefix.
  ...same(
    ['SparkDesk', 'SparkDesk-v1.1', 'SparkDesk-v2.1', 'SparkDesk-v3.1', 'SparkDesk-v3.5', 'SparkDesk-v4.0'],
    cny(18),
  ),
  // Tencent Hunyuan: one price for the family (`hunyuan-turbo`, `hunyuan-lite` … by prefix).
  ['hunyuan', cny(100)],
  // 360 AI
  ...same(['360GPT_S2_V9', '360gpt-turbo-responsibility-8k', '360gpt-pro', '360gpt2-pro'], cny(12)),
  ['360gpt-turbo', cny(1.2)],
  ...same(['embedding-bert-512-v1', 'embedding_s1_v1', 'semantic_similarity_s1_v1'], cny(1)),
  // 01.AI: the first three are USD prices as the source converted them (at 7.2 CNY per USD).
  ['yi-34b-chat-0205', usd(0.36)],
  ['yi-34b-chat-200k', usd(1.728)],
  ['yi-vl-plus', usd(0.864)],
  ...same(['yi-large', 'yi-large-preview'], cny(20)),
  ['yi-medium', cny(2.5)],
  ['yi-vision', cny(6)],
  ...same(['yi-medium-200k', 'yi-large-turbo'], cny(12)),
  ['yi-spark', cny(1)],
  ...same(['yi-large-rag', 'yi-large-rag-preview'], cny(25)),
  // MiniMax
  ['abab6.5-chat', cny(30)],
  ['abab6.5s-chat', cny(10)],
  ['abab6-chat', cny(100)],
  ['abab5.5-chat', cny(15)],
  ['abab5.5s-chat', cny(5)],
  // Google PaLM (the name new-api's PaLM channels serve)
  ['PaLM-2', usd(2)],
  // Cohere
  ['command-r-08-2024', usd(0.15, 0.6)],
  ['command-r-plus-08-2024', usd(2.5, 10)],
];

/** Fixed USD price per call. */
const callPrices: ReadonlyArray<[string, number]> = [
  ['dall-e-3', 0.04],
  ['dall-e-2', 0.02],
  ['imagen-3.0-generate-002', 0.03],
  ['mj_imagine', 0.1],
  ['mj_variation', 0.1],
  ['mj_reroll', 0.1],
  ['mj_blend', 0.1],
  ['mj_modal', 0.1],
  ['mj_zoom', 0.1],
  ['mj_shorten', 0.1],
  ['mj_high_variation', 0.1],
  ['mj_low_variation', 0.1],
  ['mj_pan', 0.1],
  // Inpaint and custom zoom open a modal; the modal submission (mj_modal) is what gets charged.
  ['mj_inpaint', 0],
  ['mj_custom_zoom', 0],
  ['mj_describe', 0.05],
  ['mj_upscale', 0.05],
  ['mj_upload', 0.05],
  ['swap_face', 0.05],
  ['suno_music', 0.1],
  ['suno_lyrics', 0.01],
];

/**
 * Rounds a derived ratio to 6 decimals, which removes floating-point noise (0.6 / 0.15 =
 * 3.9999999999999996 → 4) and keeps the CNY conversions readable in the console's editor.
 */
function tidy(value: number): number {
  return Number.parseFloat(value.toFixed(6));
}

function buildTables() {
  const modelRatio: Record<string, number> = {};
  const completionRatio: Record<string, number> = {};
  const cacheRatio: Record<string, number> = {};
  for (const [model, price] of [
    ...tokenPrices,
    ...AGGREGATOR_TOKEN_PRICES,
    ...AGENT_PLATFORM_TOKEN_PRICES,
    ...VIDEO_PLATFORM_TOKEN_PRICES,
  ]) {
    modelRatio[model] = tidy(price.input / 2);
    if (price.input > 0 && price.output !== undefined)
      completionRatio[model] = tidy(price.output / price.input);
    if (price.input > 0 && price.cachedInput !== undefined)
      cacheRatio[model] = tidy(price.cachedInput / price.input);
  }
  const modelPrice: Record<string, number> = Object.fromEntries([
    ...callPrices,
    ...AGGREGATOR_CALL_PRICES,
    ...AGENT_PLATFORM_CALL_PRICES,
    ...VIDEO_PLATFORM_CALL_PRICES,
  ]);
  return { modelRatio, completionRatio, cacheRatio, modelPrice };
}

const tables = buildTables();

/** model → ratio (1 = $2 per 1M prompt tokens). A fresh copy on every call. */
export function defaultModelRatios(): Record<string, number> {
  return { ...tables.modelRatio };
}

/** model → completion-token price as a multiple of the prompt price. A fresh copy on every call. */
export function defaultCompletionRatios(): Record<string, number> {
  return { ...tables.completionRatio };
}

/** model → cached-prompt-token price as a multiple of the prompt price. A fresh copy on every call. */
export function defaultCacheRatios(): Record<string, number> {
  return { ...tables.cacheRatio };
}

/** model → fixed USD price per call. A fresh copy on every call. */
export function defaultModelPrices(): Record<string, number> {
  return { ...tables.modelPrice };
}

/** The built-in completion ratio of a model, if the tables have one (an admin-set ratio wins over it). */
export function builtInCompletionRatio(model: string): number | undefined {
  return Object.hasOwn(tables.completionRatio, model) ? tables.completionRatio[model] : undefined;
}
