/**
 * Money of asynchronous tasks (docs/tasks.md): a submission is priced per call from the model price of
 * its action (`mj_imagine`, `suno_music` …) times the group ratio, reserved before the upstream is asked,
 * and either kept — with a consumption log row — when the upstream accepts the task, or released when it
 * does not. A task that fails later is refunded in full exactly once: the caller of refundTask must first
 * have moved the row to its final state with a conditional update that only one instance can win.
 */
import { type LogFacts, logFactColumns, logFacts } from '../../../../common/log-facts.ts';
import { LogType } from '../../../../common/statuses.ts';
import type { AppContext } from '../../context.ts';
import { applySettlement, reserveQuota } from '../billing/ledger.ts';
import type { GroupPricing, PerCallPricing } from '../billing/pricing.ts';
import { settle } from '../billing/settlement.ts';
import { admitCallerLimits } from '../call/call-limits.ts';
import { resolvePricing } from '../call/call-pricing.ts';
import type { RelayCaller } from '../http/auth.ts';
import { relayError } from '../http/errors.ts';

export interface TaskReservation {
  model: string;
  /** The quota the task costs. */
  quota: number;
  /** The upstream accepted the task: the charge stands and is logged. */
  confirm(channel: { id: number; name: string }, extra: Record<string, unknown>): void;
  /** The upstream refused it (or could not be reached): the reservation is given back, nothing logged. */
  release(): void;
}

/** Reserves the price of one task of `model`; 400 when the model has no per-call price, 403 without quota. */
export async function reserveTask(
  context: AppContext,
  caller: RelayCaller,
  model: string,
  requestId: string,
  /** Units of the price the task costs (a video's seconds); 1 for a task priced per call. */
  units = 1,
): Promise<TaskReservation> {
  const resolved = resolvePricing(context, caller, model);
  if (resolved.pricing.kind !== 'per_call') {
    throw relayError(
      400,
      'model_price_not_configured',
      `${model} is priced per task: set a model price (ModelPrice) for it`,
    );
  }
  const pricing: PerCallPricing = { ...resolved.pricing, modelPrice: resolved.pricing.modelPrice * units };
  const group: GroupPricing = resolved.group;
  const quota = Math.round(pricing.modelPrice * pricing.quotaPerUnit * group.groupRatio);
  // The submission is one request and one call in flight of the caller's limits, its price on budgets
  // (docs/limits.md); settled with the charge when the upstream accepts it, given back when not.
  const limits = await admitCallerLimits(context, { caller, model }, { tokens: 0, quota });
  try {
    await reserveQuota(context, caller, quota, requestId);
  } catch (error) {
    if (limits) context.limiter.settle(limits, { tokens: 0, quota: 0 }, false);
    throw error;
  }
  const startedAt = Date.now();
  const finish = (
    outcome: 'completed' | 'upstream_failed_before_output',
    channel: { id: number; name: string } | null,
    extra: Record<string, unknown>,
  ) => {
    if (limits)
      context.limiter.settle(
        limits,
        { tokens: 0, quota: outcome === 'completed' ? quota : 0 },
        outcome === 'completed',
      );
    const settlement = settle({
      preConsumed: quota,
      outcome,
      upstreamUsage: null,
      countedPromptTokens: 0,
      deliveredCompletionTokens: 0,
      outputDelivered: outcome === 'completed',
      pricing,
      groupRatio: group.groupRatio,
    });
    applySettlement(context, {
      caller,
      requestId,
      model,
      upstreamModel: model,
      channelId: channel?.id ?? 0,
      channelName: channel?.name ?? '',
      triedChannels: channel ? [channel.id] : [],
      pricing,
      group,
      settlement,
      isStream: false,
      useTime: Math.round((Date.now() - startedAt) / 1000),
      firstResponseMs: null,
      extra,
    });
  };
  let settled = false;
  return {
    model,
    quota,
    confirm(channel, extra) {
      if (settled) return;
      settled = true;
      finish('completed', channel, extra);
    },
    release() {
      if (settled) return;
      settled = true;
      finish('upstream_failed_before_output', null, {});
    },
  };
}

/** How a log row names a task: its platform (a product name, the same in every language) and its id. */
export interface TaskLabel {
  platform: string;
  id: string;
}

/** The failure reason of a task that ran out of time (its fail_reason too). */
export const TIMED_OUT_REASON = 'timed out';

export interface RefundedTask {
  userId: number;
  tokenId: number | null;
  channelId: number;
  quota: number;
  label: TaskLabel;
  reason: string;
}

/** The facts of a refund row's sentence: a timeout, or a failure with its reason. */
function refundFacts(task: RefundedTask): LogFacts {
  const named = { platform: task.label.platform, task_id: task.label.id, quota: task.quota };
  return task.reason === TIMED_OUT_REASON
    ? logFacts('log.task_timed_out', named)
    : logFacts('log.task_failed', { ...named, reason: task.reason });
}

/**
 * Gives a failed task's quota back to the user and the key, takes it off the used counters and writes a
 * system log row. Call it once per task: only after winning the conditional update to the final state.
 */
export function refundTask(context: AppContext, task: RefundedTask): void {
  if (task.quota <= 0) return;
  const { writer } = context;
  context.accounts.changeBalance(task.userId, task.tokenId, task.quota);
  writer.increment('users', task.userId, { used_quota: -task.quota });
  if (task.tokenId !== null) writer.increment('tokens', task.tokenId, { used_quota: -task.quota });
  if (task.channelId > 0) writer.increment('channels', task.channelId, { used_quota: -task.quota });
  writer.appendLog({
    user_id: task.userId,
    created_at: Math.floor(Date.now() / 1000),
    type: LogType.system,
    ...logFactColumns(context.options, refundFacts(task), { task_refund: true, reason: task.reason }),
    quota: task.quota,
    channel_id: task.channelId,
  });
}
