/**
 * The relay hot path (docs/relay-walkthrough.md; docs/reference/relay.md, routing.md, billing.md): reserve
 * → choose a channel → try it (./try-channel.ts: build, send, deliver or fail) → another channel while the
 * failure allows → settle once → log. Retries move to another channel until bytes reach the client.
 * Nothing here reads the database.
 */
import type { AppContext } from '../../context.ts';
import { Cancel } from '../../lib/cancel.ts';
import { clientTypeOf } from '../../lib/client-type.ts';
import { applySettlement } from '../billing/ledger.ts';
import type { TokenUsage } from '../billing/pricing.ts';
import { settle } from '../billing/settlement.ts';
import { boundUsage } from '../billing/usage-bounds.ts';
import type { RelayReply, RelayRequest } from '../http/http-types.ts';
import { endChannelHold } from '../routing/next-channel.ts';
import { attemptChannels } from './attempt-channels.ts';
import { admitCallLimits, settleCallLimits } from './call-limits.ts';
import { type CallPrice, reserve } from './call-pricing.ts';
import { abortedEnding, type CallState, type Ending, promptTokensOf } from './call-state.ts';
import { recordErrorLog } from './error-log.ts';
import { isLargeBody, yieldToEventLoop } from './large-body.ts';
import { errorFormat, type RelayCall } from './relay-call.ts';
import { trailLogFields } from './trail.ts';

export type { RelayCall } from './relay-call.ts';

/** The upstream's usage within sane bounds; an out-of-bounds report is logged (never the key). */
function boundedUsage(context: AppContext, state: CallState, final: Ending): TokenUsage {
  const { usage, anomalies } = boundUsage(final.upstreamUsage as TokenUsage);
  if (Object.keys(anomalies).length > 0) {
    context.logger.warn(
      { requestId: state.requestId, channelId: final.channel?.id ?? 0, reported: anomalies, billed: usage },
      'upstream reported usage out of bounds; billed at the bound',
    );
  }
  return usage;
}

/** The call's own facts for its log row's `other`. */
function logExtra(request: RelayRequest, state: CallState, final: Ending): Record<string, unknown> {
  const extra: Record<string, unknown> = {
    client_type: clientTypeOf(request.headers['user-agent']),
    request_format: errorFormat(state.call),
  };
  if (state.upstreamFormat) extra.upstream_format = state.upstreamFormat;
  if (state.ruleChanges) extra.upstream_rules = state.ruleChanges;
  if (state.affinity) extra.affinity = state.affinity;
  if (state.trail || state.fallback) Object.assign(extra, trailLogFields(state));
  if (final.logFields) Object.assign(extra, final.logFields);
  return extra;
}

/** Prices how the call ended and applies it once (balances, counters, the consumption log). */
function settleCall(
  context: AppContext,
  request: RelayRequest,
  state: CallState,
  ending: Ending | null,
): void {
  const { call, pricing, group } = state;
  const final = ending ?? {
    ...abortedEnding(null, call.model),
    outcome: 'upstream_failed_before_output' as const,
  };
  const upstreamUsage = final.upstreamUsage ? boundedUsage(context, state, final) : null;
  const settlement = settle({
    preConsumed: state.preConsumed,
    outcome: final.outcome,
    upstreamUsage,
    // Counting is only needed when the upstream did not report the prompt (and something was delivered).
    countedPromptTokens: upstreamUsage?.promptTokens ? 0 : final.outputDelivered ? promptTokensOf(state) : 0,
    deliveredCompletionTokens: final.deliveredCompletionTokens,
    outputDelivered: final.outputDelivered,
    pricing,
    groupRatio: group.groupRatio,
  });
  const used = {
    tokens: settlement.usage.promptTokens + settlement.usage.completionTokens,
    quota: settlement.finalQuota,
    completed: final.outcome === 'completed',
  };
  settleCallLimits(context, state, used);
  endChannelHold(context, state, used);
  if (used.completed && state.affinityKey && final.channel && !state.fallback) {
    context.affinity.remember(state.affinityKey, {
      channelId: final.channel.id,
      keyIndex: final.channel.keyIndex ?? 0,
    });
  }
  applySettlement(context, {
    caller: call.caller,
    requestId: state.requestId,
    model: call.model,
    upstreamModel: final.upstreamModel,
    channelId: final.channel?.id ?? 0,
    channelName: final.channel?.name ?? '',
    triedChannels: state.tried,
    pricing,
    group,
    settlement,
    isStream: state.stream,
    useTime: Math.round((Date.now() - state.startedAt) / 1000),
    firstResponseMs: final.firstResponseMs,
    extra: logExtra(request, state, final),
  });
  recordErrorLog(context, state, final);
  context.metrics?.recordRelayCall({
    model: call.model,
    channelId: final.channel?.id ?? 0,
    outcome: final.outcome,
    durationSeconds: (Date.now() - state.startedAt) / 1000,
    firstByteSeconds: final.firstResponseMs === null ? null : final.firstResponseMs / 1000,
    retries: Math.max(0, state.tried.length - 1),
    promptTokens: settlement.usage.promptTokens,
    completionTokens: settlement.usage.completionTokens,
    quota: settlement.finalQuota,
  });
}

/**
 * Where the call's conversation was served before (server/src/relay/routing/affinity.ts), for the chooser
 * to prefer (server/src/relay/routing/next-channel.ts); nothing when affinity is off or nothing identifies
 * the conversation.
 */
async function findAffinity(context: AppContext, request: RelayRequest, state: CallState): Promise<void> {
  const { affinity } = context;
  if (!affinity.enabled) return;
  const { call } = state;
  const queryAt = request.url.indexOf('?');
  const key = affinity.keyOf({
    model: call.model,
    usingGroup: call.caller.usingGroup,
    path: queryAt < 0 ? request.url : request.url.slice(0, queryAt),
    headers: request.headers,
    body: call.body,
    userId: call.caller.user.id,
    tokenId: call.caller.token?.id ?? null,
  });
  if (!key) return;
  state.affinityKey = key;
  const found = affinity.lookup(key);
  state.affinityTarget = found instanceof Promise ? await found : found;
  if (!state.affinityTarget) state.affinity = 'miss';
}

/**
 * Runs one relay call; the caller has authenticated the key, parsed and bounded the body
 * (server/src/relay/call/request-limits.ts), priced the call and checked its floor (priceCall), decoded it
 * and admitted its prompt (server/src/relay/call/admission.ts).
 */
export async function runRelay(
  context: AppContext,
  request: RelayRequest,
  reply: RelayReply,
  call: RelayCall,
  price: CallPrice,
): Promise<void> {
  const { pricing, group } = price;
  const large = isLargeBody(request);
  if (large) await yieldToEventLoop();
  const state: CallState = {
    call,
    requestId: request.id,
    startedAt: Date.now(),
    stream:
      call.stream ??
      (call.body.stream === true && (call.endpoint === 'chat' || call.endpoint === 'completions')),
    pricing,
    group,
    preConsumed: 0,
    promptTokens: null,
    tried: [],
    largeBody: large,
    abort: new Cancel(),
    clientGone: false,
    upstreamFormat: null,
  };
  const limiting = admitCallLimits(context, reply, state);
  if (limiting) await limiting;
  try {
    const reserving = reserve(context, state);
    if (reserving) await reserving;
    await findAffinity(context, request, state);
  } catch (error) {
    settleCallLimits(context, state, { tokens: 0, quota: 0, completed: false });
    throw error;
  }
  const release = context.inflight.enter(state.abort);
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) {
      state.clientGone = true;
      state.abort.abort();
    }
  });
  let ending: Ending | null = null;
  try {
    if (large) await yieldToEventLoop();
    ending = await attemptChannels(context, reply, state);
  } finally {
    try {
      settleCall(context, request, state, ending);
    } finally {
      release();
      // A stream's end goes out only now that its charge is journaled (call-state.ts deferredEnd).
      if (state.endResponse) {
        context.writer.writeJournal();
        state.endResponse();
      }
    }
  }
}
