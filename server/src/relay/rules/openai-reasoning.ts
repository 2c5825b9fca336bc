/**
 * OpenAI's reasoning models (docs/formats.md "Upstream rules"): the o-series (o1, o3, o4-mini …) and the
 * gpt-5 family refuse `max_tokens` on Chat Completions ("Unsupported parameter: 'max_tokens' is not
 * supported with this model. Use 'max_completion_tokens' instead.") and the sampling parameters a
 * reasoning model does not take (temperature and top_p other than their defaults, the penalties,
 * logprobs, logit_bias). new-api sends such calls the same way (its OpenAI adaptor moves max_tokens to
 * max_completion_tokens for models starting with "o" or "gpt-5" and clears their sampling parameters).
 * The gpt-5 chat models (`gpt-5-chat-latest`, `gpt-5.1-chat-latest` …) are not reasoning models and keep
 * their sampling parameters; max_completion_tokens suits them too.
 */
import type { RuleNotes } from './notes.ts';

/** o1, o3-mini, o4-mini-2025-04-16 …, gpt-5, gpt-5-mini, gpt-5.1, gpt-5-codex … (a provider prefix allowed). */
const REASONING_FAMILY = /(?:^|\/)(?:o\d(?:-|$)|gpt-5(?:[.-]|$))/i;
const CHAT_VARIANT = /(?:^|\/)gpt-5(?:\.\d+)?-chat(?:-|$)/i;

/** Parameters a reasoning model refuses (other than at their defaults, which sending them adds nothing to). */
const REFUSED_SAMPLING = [
  'temperature',
  'top_p',
  'presence_penalty',
  'frequency_penalty',
  'logprobs',
  'top_logprobs',
  'logit_bias',
] as const;

export function isOpenAiReasoningModel(model: string): boolean {
  return REASONING_FAMILY.test(model);
}

function takesSampling(model: string): boolean {
  return !isOpenAiReasoningModel(model) || CHAT_VARIANT.test(model);
}

/** A Chat Completions body for `model`: max_completion_tokens, and no sampling parameter it refuses. */
export function openAiChatRules(body: Record<string, unknown>, model: string, notes: RuleNotes): void {
  if (!isOpenAiReasoningModel(model)) return;
  if (body.max_tokens !== undefined) {
    if (body.max_completion_tokens === undefined) {
      body.max_completion_tokens = body.max_tokens;
      notes.renamed('max_tokens', 'max_completion_tokens');
    } else notes.dropped('max_tokens');
    delete body.max_tokens;
  }
  if (!takesSampling(model)) dropSampling(body, notes);
}

/** A Responses body for `model`: no sampling parameter a reasoning model refuses. */
export function openAiResponsesRules(body: Record<string, unknown>, model: string, notes: RuleNotes): void {
  if (!takesSampling(model)) dropSampling(body, notes);
}

function dropSampling(body: Record<string, unknown>, notes: RuleNotes): void {
  for (const name of REFUSED_SAMPLING) {
    if (body[name] === undefined) continue;
    delete body[name];
    notes.dropped(name);
  }
}
