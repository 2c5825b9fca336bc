/**
 * Built-in ratios that no option holds (the option-backed tables are in options/default-ratios.ts):
 * completion ratios by model family, the last resort for names no table knows, and the audio ratios of
 * OpenAI's audio models, which are relative to the model's text prices as quotaForUsage applies them.
 */

/**
 * Completion ratios of model families, for names that neither the CompletionRatio option nor the built-in
 * table knows even by prefix (new-api's hard-coded rules). The longest family a name starts with wins.
 */
export const completionRatioFamilies: Readonly<Record<string, number>> = {
  'chatgpt-4o': 3,
  'gpt-4o-2024-05-13': 3,
  'gpt-4o': 4,
  'gpt-4.1': 4,
  'gpt-4.5': 2,
  'gpt-5': 8,
  'gpt-4-turbo': 3,
  'gpt-4-1106': 3,
  'gpt-4-0125': 3,
  'gpt-4': 2,
  'gpt-3.5-turbo-1106': 2,
  'gpt-3.5': 3,
  o1: 4,
  o3: 4,
  o4: 4,
  'claude-instant': 3,
  'claude-2': 3,
  'claude-': 5,
  'gemini-2.5-pro': 8,
  'gemini-2.5-flash-lite': 4,
  'gemini-2.5-flash': 8.333333,
  'gemini-': 4,
  'deepseek-': 4,
  'mistral-': 3,
  'grok-': 5,
  // new-api prices ERNIE-Speed and ERNIE-Lite completions at twice their prompts.
  'ERNIE-Speed-': 2,
  'ERNIE-Lite-': 2,
};

interface AudioListPrice {
  /** USD per 1M tokens: text prompt, text completion, audio prompt, audio completion. */
  textInput: number;
  textOutput: number;
  audioInput: number;
  audioOutput: number;
}

/** OpenAI's audio-capable models, at their list prices; audio ratios are derived from them. */
const audioListPrices: Readonly<Record<string, AudioListPrice>> = {
  'gpt-4o-audio-preview': { textInput: 2.5, textOutput: 10, audioInput: 40, audioOutput: 80 },
  'gpt-4o-mini-audio-preview': { textInput: 0.15, textOutput: 0.6, audioInput: 10, audioOutput: 20 },
  'gpt-4o-realtime-preview': { textInput: 5, textOutput: 20, audioInput: 40, audioOutput: 80 },
  'gpt-4o-mini-realtime-preview': { textInput: 0.6, textOutput: 2.4, audioInput: 10, audioOutput: 20 },
  'gpt-audio': { textInput: 2.5, textOutput: 10, audioInput: 32, audioOutput: 64 },
  'gpt-audio-mini': { textInput: 0.6, textOutput: 2.4, audioInput: 10, audioOutput: 20 },
  'gpt-realtime': { textInput: 4, textOutput: 16, audioInput: 32, audioOutput: 64 },
  'gpt-realtime-mini': { textInput: 0.6, textOutput: 2.4, audioInput: 10, audioOutput: 20 },
};

/** Six decimals, like the built-in ratio tables (removes floating-point noise such as 3.9999999999999996). */
const tidy = (value: number): number => Number.parseFloat(value.toFixed(6));

export const builtInAudioRatios: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(audioListPrices).map(([model, price]) => [model, tidy(price.audioInput / price.textInput)]),
);
export const builtInAudioCompletionRatios: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(audioListPrices).map(([model, price]) => [
    model,
    tidy(price.audioOutput / price.textOutput),
  ]),
);
