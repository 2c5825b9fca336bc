/** OpenAI usage objects ↔ the billing module's TokenUsage. */
import type { TokenUsage } from '../billing/pricing.ts';
import type { Usage } from '../formats/openai/openai-types.ts';

export function tokenUsageOf(usage: Usage): TokenUsage {
  const result: TokenUsage = {
    promptTokens: usage.prompt_tokens ?? 0,
    completionTokens: usage.completion_tokens ?? 0,
  };
  const cached = usage.prompt_tokens_details?.cached_tokens;
  if (typeof cached === 'number' && cached > 0) result.cachedTokens = cached;
  const audioPrompt = usage.prompt_tokens_details?.audio_tokens;
  if (typeof audioPrompt === 'number' && audioPrompt > 0) result.audioPromptTokens = audioPrompt;
  const audioCompletion = usage.completion_tokens_details?.audio_tokens;
  if (typeof audioCompletion === 'number' && audioCompletion > 0)
    result.audioCompletionTokens = audioCompletion;
  return result;
}
