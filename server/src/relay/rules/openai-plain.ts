/**
 * OpenAI's chat models that do not reason (gpt-4o, gpt-4.1, the gpt-5 chat models, gpt-4-turbo,
 * gpt-3.5 …; docs/formats.md "Upstream rules"): they refuse a reasoning effort ("Unsupported parameter:
 * 'reasoning_effort' is not supported with this model.") and a completion longer than they write ("max_tokens
 * is too large: 32000. This model supports at most 16384 completion tokens") — both of which a call converted
 * from Claude Code carries. The effort is dropped and the completion lowered to the model's limit, from
 * OpenAI's model pages. Models this table does not know are left as they are.
 */
import type { RuleNotes } from './notes.ts';

/** [pattern, the largest completion], tried in order. */
const OUTPUT_LIMITS: readonly [RegExp, number][] = [
  [/^gpt-4o-2024-05-13/, 4096],
  [/^(gpt-4o|chatgpt-4o|gpt-5(\.\d+)?-chat)/, 16_384],
  [/^gpt-4\.1/, 32_768],
  [/^(gpt-4-turbo|gpt-4-1106|gpt-4-0125|gpt-3\.5)/, 4096],
];

/** The largest completion of a chat model that does not reason, or null when this table does not know it. */
export function openAiOutputLimit(model: string): number | null {
  const name = model.toLowerCase().replace(/^.*\//, '');
  for (const [pattern, limit] of OUTPUT_LIMITS) if (pattern.test(name)) return limit;
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function lower(body: Record<string, unknown>, field: string, limit: number, notes: RuleNotes): void {
  const value = body[field];
  if (typeof value === 'number' && value > limit) {
    notes.changed(field, value, limit);
    body[field] = limit;
  }
}

/** A Chat Completions body for a model that does not reason. */
export function plainChatRules(body: Record<string, unknown>, model: string, notes: RuleNotes): void {
  const limit = openAiOutputLimit(model);
  if (limit === null) return;
  if (body.reasoning_effort !== undefined) {
    delete body.reasoning_effort;
    notes.dropped('reasoning_effort');
  }
  lower(body, 'max_tokens', limit, notes);
  lower(body, 'max_completion_tokens', limit, notes);
}

/** A Responses body for a model that does not reason. */
export function plainResponsesRules(body: Record<string, unknown>, model: string, notes: RuleNotes): void {
  const limit = openAiOutputLimit(model);
  if (limit === null) return;
  if (isRecord(body.reasoning) && body.reasoning.effort !== undefined) {
    const { effort: _dropped, ...rest } = body.reasoning;
    if (Object.keys(rest).length > 0) body.reasoning = rest;
    else delete body.reasoning;
    notes.dropped('reasoning.effort');
  }
  lower(body, 'max_output_tokens', limit, notes);
}
