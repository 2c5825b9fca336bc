/**
 * OpenAI's reasoning models (docs/formats.md "Upstream rules"): the o-series (o1, o3, o4-mini …) and the
 * gpt-5 family refuse `max_tokens` on Chat Completions ("Unsupported parameter: 'max_tokens' is not
 * supported with this model. Use 'max_completion_tokens' instead.") and the sampling parameters a
 * reasoning model does not take (temperature and top_p other than their defaults, the penalties,
 * logprobs, logit_bias). new-api sends such calls the same way (its OpenAI adaptor moves max_tokens to
 * max_completion_tokens for models starting with "o" or "gpt-5" and clears their sampling parameters).
 * The gpt-5 chat models (`gpt-5-chat-latest`, `gpt-5.1-chat-latest` …) are not reasoning models and keep
 * their sampling parameters; max_completion_tokens suits them too.
 *
 * The reasoning effort (`reasoning_effort`, Responses `reasoning.effort`) is brought to one the model takes,
 * the nearest (the higher when two are as near), per OpenAI's model pages: the o-series takes low, medium
 * and high; gpt-5 minimal to high; gpt-5-pro high only; gpt-5.1 none to high; gpt-5.1-codex-max and gpt-5.2
 * and later none to xhigh. Other models are left as they are.
 */
import type { RuleNotes } from './notes.ts';
import { plainChatRules, plainResponsesRules } from './openai-plain.ts';

type Effort = 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh';
const EFFORT_ORDER: readonly Effort[] = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh'];

/** The efforts a reasoning model takes, or null when this table does not know it. */
export function openAiEfforts(model: string): readonly Effort[] | null {
  const name = model.toLowerCase().replace(/^.*\//, '');
  if (/^o\d(-|$)/.test(name)) return ['low', 'medium', 'high'];
  if (/^gpt-5-pro/.test(name)) return ['high'];
  if (/^gpt-5(-|$)/.test(name)) return ['minimal', 'low', 'medium', 'high'];
  if (/^gpt-5\.1-codex-max/.test(name)) return ['none', 'low', 'medium', 'high', 'xhigh'];
  if (/^gpt-5\.1(-|$)/.test(name)) return ['none', 'low', 'medium', 'high'];
  const minor = /^gpt-5\.(\d+)/.exec(name);
  if (minor && Number(minor[1]) >= 2) return ['none', 'low', 'medium', 'high', 'xhigh'];
  return null;
}

/** The effort of `efforts` nearest to `wanted` (the higher one when two are as near). */
function nearestEffort(wanted: Effort, efforts: readonly Effort[]): Effort {
  const at = EFFORT_ORDER.indexOf(wanted);
  let best = efforts[0] as Effort;
  for (const effort of efforts) {
    const distance = Math.abs(EFFORT_ORDER.indexOf(effort) - at);
    const bestDistance = Math.abs(EFFORT_ORDER.indexOf(best) - at);
    if (distance < bestDistance || (distance === bestDistance && EFFORT_ORDER.indexOf(effort) > at))
      best = effort;
  }
  return best;
}

/** `record[key]` brought to an effort the model takes (noted as `label`). */
function fitEffort(
  record: Record<string, unknown>,
  key: string,
  model: string,
  label: string,
  notes: RuleNotes,
): void {
  const wanted = record[key];
  if (typeof wanted !== 'string' || !EFFORT_ORDER.includes(wanted as Effort) || CHAT_VARIANT.test(model))
    return;
  const efforts = openAiEfforts(model);
  if (!efforts || efforts.includes(wanted as Effort)) return;
  const taken = nearestEffort(wanted as Effort, efforts);
  notes.changed(label, wanted, taken);
  record[key] = taken;
}

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
  if (!isOpenAiReasoningModel(model) || CHAT_VARIANT.test(model)) plainChatRules(body, model, notes);
  if (!isOpenAiReasoningModel(model)) return;
  if (body.max_tokens !== undefined) {
    if (body.max_completion_tokens === undefined) {
      body.max_completion_tokens = body.max_tokens;
      notes.renamed('max_tokens', 'max_completion_tokens');
    } else notes.dropped('max_tokens');
    delete body.max_tokens;
  }
  if (!takesSampling(model)) dropSampling(body, notes);
  fitEffort(body, 'reasoning_effort', model, 'reasoning_effort', notes);
}

/** A Responses body for `model`: no sampling parameter a reasoning model refuses, an effort it takes. */
export function openAiResponsesRules(body: Record<string, unknown>, model: string, notes: RuleNotes): void {
  if (!isOpenAiReasoningModel(model) || CHAT_VARIANT.test(model)) plainResponsesRules(body, model, notes);
  if (!takesSampling(model)) dropSampling(body, notes);
  const reasoning = body.reasoning;
  if (typeof reasoning === 'object' && reasoning !== null && !Array.isArray(reasoning)) {
    const copy = { ...(reasoning as Record<string, unknown>) };
    fitEffort(copy, 'effort', model, 'reasoning.effort', notes);
    body.reasoning = copy;
  }
}

function dropSampling(body: Record<string, unknown>, notes: RuleNotes): void {
  for (const name of REFUSED_SAMPLING) {
    if (body[name] === undefined) continue;
    delete body[name];
    notes.dropped(name);
  }
}
