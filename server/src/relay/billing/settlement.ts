/**
 * What a call reserves before it is sent, and what it finally costs however it ends (docs/reference/billing.md
 * "Pre-consume" and "Streams"; principle 3 of docs/reference/design-principles.md). Pure functions: the quota ledger applies their
 * results.
 *
 * Idempotency: `settle` is a pure function of its input, so computing it twice gives the same answer, but
 * APPLYING its delta twice would charge or refund twice. The caller settles exactly once per request id:
 * it records the settlement under the request id in the same transaction that applies the delta (or
 * guards it with an "already settled" flag held by the request), and ignores any later attempt, e.g. a
 * client abort racing the end of the upstream stream. The first outcome observed wins.
 */
import { type ModelPricing, type TokenUsage, tokenCount } from './pricing.ts';
import { quotaForUsage } from './quota.ts';

/** Both balances above this many USD skip pre-consumption (trusted-balance shortcut). */
export const TRUSTED_BALANCE_USD = 10;

export interface PreConsumeInput {
  pricing: ModelPricing;
  /** Prompt tokens counted locally before sending. */
  promptTokens: number;
  /** The request's max_tokens (or max_completion_tokens / max_output_tokens); absent or ≤ 0 when unset. */
  maxTokens?: number | null;
  groupRatio: number;
  /** The PreConsumedQuota option: the completion allowance, in tokens, when max_tokens is unset. */
  preConsumedQuotaOption: number;
}

/**
 * The quota to reserve before sending: the prompt plus max_tokens completion tokens, priced like a real
 * call (completion ratio included); without max_tokens the PreConsumedQuota option is the completion
 * allowance. A per-call model reserves its call price.
 */
export function estimatePreConsume(input: PreConsumeInput): number {
  const maxTokens = tokenCount(input.maxTokens ?? undefined);
  const completionAllowance = maxTokens > 0 ? maxTokens : tokenCount(input.preConsumedQuotaOption);
  return quotaForUsage(
    input.pricing,
    { promptTokens: tokenCount(input.promptTokens), completionTokens: completionAllowance },
    input.groupRatio,
  );
}

/**
 * True when pre-consumption can be skipped: the user and the token (or an unlimited token) both hold more
 * than TRUSTED_BALANCE_USD of quota. The call is then settled in full afterwards (preConsumed = 0).
 */
export function shouldSkipPreConsume(
  userQuota: number,
  tokenQuota: number | 'unlimited',
  quotaPerUnit: number,
): boolean {
  const trusted = TRUSTED_BALANCE_USD * quotaPerUnit;
  if (!(trusted > 0)) return false;
  return userQuota > trusted && (tokenQuota === 'unlimited' || tokenQuota > trusted);
}

/**
 * How a call ended.
 * - completed: the upstream finished and the reply (or the whole stream) reached the client.
 * - client_aborted: the client went away before the end.
 * - upstream_failed_before_output: the upstream failed (error status, connection error, timeout, or a
 *   stream that ended without any output and without usage) before anything was delivered.
 * - upstream_failed_after_output: the upstream failed mid-stream, after some output was delivered.
 * A stream that "completes" without delivering anything and without usage should be reported as
 * upstream_failed_before_output, so that its prompt is not billed (docs/reference/known-defects.md).
 */
export type CallOutcome =
  | 'completed'
  | 'client_aborted'
  | 'upstream_failed_before_output'
  | 'upstream_failed_after_output';

/** The rule a settlement applied, for logs and tests. */
export type SettlementRule =
  | 'completed: upstream usage'
  | 'completed: counted tokens'
  | 'client aborted: upstream usage'
  | 'client aborted: counted delivered tokens'
  | 'client aborted: nothing delivered, refund'
  | 'upstream failed before output: refund'
  | 'upstream failed after output: upstream usage'
  | 'upstream failed after output: counted delivered tokens'
  | 'per call: price'
  | 'per call: nothing delivered, refund';

export interface SettleInput {
  /** Quota reserved by pre-consumption (0 when it was skipped). */
  preConsumed: number;
  outcome: CallOutcome;
  /** The upstream's own usage, when it arrived (final usage chunk or response body). */
  upstreamUsage?: TokenUsage | null;
  /** Prompt tokens counted locally before sending. */
  countedPromptTokens: number;
  /** Completion tokens counted over what was delivered to the client (CompletionCounter). */
  deliveredCompletionTokens: number;
  /**
   * The gateway's own counts as a whole usage, when they have parts the two numbers above cannot carry
   * (audio tokens of a realtime response): used instead of them wherever counted tokens are billed.
   */
  countedUsage?: TokenUsage;
  /**
   * Whether any output reached the client; defaults to deliveredCompletionTokens > 0. Set it for output
   * that has no completion tokens (an image, an embedding, a tool call counted elsewhere).
   */
  outputDelivered?: boolean;
  pricing: ModelPricing;
  groupRatio: number;
}

export interface Settlement {
  /** What the call costs in the end. */
  finalQuota: number;
  /** finalQuota − preConsumed: positive = charge more, negative = refund. */
  delta: number;
  /** The usage the charge is based on (all zero on a refund); log it as prompt/completion tokens. */
  usage: TokenUsage;
  rule: SettlementRule;
}

const noUsage: TokenUsage = { promptTokens: 0, completionTokens: 0 };

/**
 * The upstream usage, with a zero prompt or completion count filled from the local counts: some
 * upstreams report only one side in their final stream chunk.
 */
function completeUpstreamUsage(upstream: TokenUsage, input: SettleInput): TokenUsage {
  return {
    ...upstream,
    promptTokens: tokenCount(upstream.promptTokens) || tokenCount(input.countedPromptTokens),
    completionTokens: tokenCount(upstream.completionTokens) || tokenCount(input.deliveredCompletionTokens),
  };
}

function countedUsage(input: SettleInput): TokenUsage {
  if (input.countedUsage) return input.countedUsage;
  return {
    promptTokens: tokenCount(input.countedPromptTokens),
    completionTokens: tokenCount(input.deliveredCompletionTokens),
  };
}

/** Which usage to bill, by the rules of each outcome; null means "refund everything". */
function chooseUsage(input: SettleInput): { usage: TokenUsage | null; rule: SettlementRule } {
  const upstream = input.upstreamUsage ?? null;
  const delivered = input.outputDelivered ?? tokenCount(input.deliveredCompletionTokens) > 0;
  switch (input.outcome) {
    case 'completed':
      return upstream
        ? { usage: completeUpstreamUsage(upstream, input), rule: 'completed: upstream usage' }
        : { usage: countedUsage(input), rule: 'completed: counted tokens' };
    case 'client_aborted':
      if (upstream)
        return { usage: completeUpstreamUsage(upstream, input), rule: 'client aborted: upstream usage' };
      // Nothing reached the client: the prompt is not billed either (docs/reference/known-defects.md).
      if (!delivered) return { usage: null, rule: 'client aborted: nothing delivered, refund' };
      return { usage: countedUsage(input), rule: 'client aborted: counted delivered tokens' };
    case 'upstream_failed_before_output':
      return { usage: null, rule: 'upstream failed before output: refund' };
    case 'upstream_failed_after_output':
      return upstream
        ? {
            usage: completeUpstreamUsage(upstream, input),
            rule: 'upstream failed after output: upstream usage',
          }
        : { usage: countedUsage(input), rule: 'upstream failed after output: counted delivered tokens' };
  }
}

/**
 * The final cost of a call and the difference to apply to the reservation.
 *
 * Per-token models:
 * - completed → the upstream usage when present, else counted prompt + counted delivered completion;
 * - client_aborted → the upstream usage when it arrived, else counted prompt + delivered completion, and
 *   0 when nothing at all was delivered;
 * - upstream_failed_before_output → 0 (everything refunded);
 * - upstream_failed_after_output → the upstream usage when present, else counted prompt + delivered
 *   completion.
 * Per-call models: the call price when the call completed, or when it was cut short after output was
 * delivered (or after the upstream reported usage); 0 when nothing was delivered.
 */
export function settle(input: SettleInput): Settlement {
  const choice = chooseUsage(input);
  const preConsumed = tokenCount(input.preConsumed);
  let finalQuota = 0;
  let rule = choice.rule;
  if (input.pricing.kind === 'per_call') {
    rule = choice.usage ? 'per call: price' : 'per call: nothing delivered, refund';
    if (choice.usage) finalQuota = quotaForUsage(input.pricing, choice.usage, input.groupRatio);
  } else if (choice.usage) {
    finalQuota = quotaForUsage(input.pricing, choice.usage, input.groupRatio);
  }
  return { finalQuota, delta: finalQuota - preConsumed, usage: choice.usage ?? { ...noUsage }, rule };
}
