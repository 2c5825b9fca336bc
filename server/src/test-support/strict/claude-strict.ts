/**
 * What Anthropic's Messages API refuses that a permissive fake would take (issue 24's strict mode), with
 * Anthropic's error shape: `temperature` beside `top_p` on Sonnet 4.5, Haiku 4.5 and Opus 4.1 and later;
 * with extended thinking a budget under 1,024 or not below `max_tokens`, `temperature` other than 1,
 * `top_k`, `top_p` under 0.95; and `max_tokens` above a model's largest output. Written from Anthropic's
 * documentation independently of the gateway's rules (server/src/relay/rules/).
 */
import type { StrictRefusal } from './openai-strict.ts';

function refusal(message: string): StrictRefusal {
  return { status: 400, body: { type: 'error', error: { type: 'invalid_request_error', message } } };
}

/** [pattern, largest max_tokens] in the order they are tried (Anthropic's models overview). */
const MAX_OUTPUT: [RegExp, number][] = [
  [/claude-3-7-sonnet/, 64_000],
  [/claude-3-5-(sonnet|haiku)/, 8192],
  [/claude-3-(haiku|opus|sonnet)/, 4096],
  [/claude-opus-4-1|claude-opus-4(?![-.]?\d)/, 32_000],
  [/claude-opus-4-20/, 32_000],
  [/claude-(sonnet|haiku|opus)-4/, 64_000],
];

const NO_SAMPLING_PAIR = /claude-(sonnet|haiku)-4-[5-9]|claude-opus-4-[1-9]|claude-(sonnet|haiku|opus)-[5-9]/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The refusal Anthropic gives a Messages body, or null when it would take it. */
export function claudeRefusal(body: Record<string, unknown>): StrictRefusal | null {
  const model = typeof body.model === 'string' ? body.model.toLowerCase() : '';
  const maxTokens = typeof body.max_tokens === 'number' ? body.max_tokens : 0;
  const limit = MAX_OUTPUT.find(([pattern]) => pattern.test(model))?.[1];
  if (limit !== undefined && maxTokens > limit) {
    return refusal(
      `max_tokens: ${maxTokens} > ${limit}, which is the maximum allowed number of output tokens for ${body.model}`,
    );
  }
  const version =
    /claude-[a-z]+-(\d+)(?:-(\d)(?!\d))?/.exec(model) ?? /claude-(\d+)(?:-(\d)(?!\d))?-[a-z]+/.exec(model);
  const generation = version ? Number(version[1]) + Number(version[2] ?? 0) / 10 : null;
  if (generation !== null && generation < 4.6 && isRecord(body.thinking) && body.thinking.type === 'adaptive')
    return refusal(
      'thinking.type: adaptive thinking is not supported on this model; use "enabled" with budget_tokens.',
    );
  if (
    generation !== null &&
    generation < 4.5 &&
    isRecord(body.output_config) &&
    body.output_config.effort !== undefined
  )
    return refusal('output_config.effort: Extra inputs are not permitted');
  const thinking = isRecord(body.thinking) && body.thinking.type === 'enabled' ? body.thinking : null;
  if (thinking) {
    const budget = typeof thinking.budget_tokens === 'number' ? thinking.budget_tokens : 0;
    if (budget < 1024)
      return refusal('thinking.enabled.budget_tokens: Input should be greater than or equal to 1024');
    if (maxTokens <= budget) return refusal('`max_tokens` must be greater than `thinking.budget_tokens`.');
    if (body.temperature !== undefined && body.temperature !== 1)
      return refusal('`temperature` may only be set to 1 when thinking is enabled.');
    if (body.top_k !== undefined) return refusal('`top_k` is not supported when thinking is enabled.');
    if (typeof body.top_p === 'number' && body.top_p < 0.95)
      return refusal('`top_p` must be greater than or equal to 0.95 when thinking is enabled.');
  }
  if (NO_SAMPLING_PAIR.test(model) && body.temperature !== undefined && body.top_p !== undefined)
    return refusal('`temperature` and `top_p` cannot both be specified for this model. Please use only one.');
  return null;
}
