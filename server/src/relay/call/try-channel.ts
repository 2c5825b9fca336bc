/**
 * One try of a call at one channel (docs/relay-walkthrough.md): the upstream request built for the channel
 * (./relay-call.ts prepareAttempt: format, body, upstream rules, param override), its credentials when the
 * adaptor fetches them, the send, and the answer — delivered (server/src/relay/deliver/deliver-reply.ts)
 * or read as a failure. Every way a try can end is one outcome, and each failure says what follows (the
 * error policy of the failure's class decides between `next` and `stop`: server/src/relay/routing/error-class.ts),
 * recorded in the call's trail (./trail.ts):
 * - `next`: another channel (a class the policy retries, a channel that cannot serve it);
 * - `same-channel`: this channel again, the try not counted (credentials the adaptor had cached were
 *   refused and dropped; the upstream has no Responses API and is spoken to through Chat Completions; or
 *   the failure disabled this key of a multi-key channel whose other keys still serve — each such try
 *   disables a key, so they end);
 * - `stop`: no other channel (a class the policy returns, such as a prompt too long; a shutdown).
 * The loop over channels (./attempt-channels.ts) acts on the outcome; nothing here chooses a channel.
 */

import type { ErrorClass } from '../../../../common/error-classes.ts';
import type { AppContext } from '../../context.ts';
import { readLimited, type UpstreamResponse } from '../../lib/http-client.ts';
import { resolveMappedModel } from '../../lib/mapping-rules.ts';
import { compactBaseModel } from '../billing/model-lookup.ts';
import type { CachedChannel } from '../cache/channel-cache.ts';
import { applyHeaderOverride } from '../cache/header-override.ts';
import { pickOtherKey } from '../cache/multi-key.ts';
import { adaptorForChannel } from '../channel-types.ts';
import { deliverReply } from '../deliver/deliver-reply.ts';
import type { RelayReply } from '../http/http-types.ts';
import type { ProviderAdaptor } from '../providers/types.ts';
import { considerDisabling } from '../routing/disable.ts';
import { classifyFailure, cooldownSeconds, ErrorPolicies } from '../routing/error-class.ts';
import type { UpstreamFailure } from '../routing/health.ts';
import { lacksResponsesRoute, markLacksResponsesApi } from '../routing/responses-support.ts';
import { networkFailure, readFormatFailure } from './attempt.ts';
import { abortedEnding, type CallState, type Ending } from './call-state.ts';
import { upstreamCodecFor } from './conversion.ts';
import { SHUTDOWN_REASON } from './inflight.ts';
import { prepareLargeAttempt, yieldToEventLoop } from './large-body.ts';
import {
  authorizeAttempt,
  clientFormat,
  pinnedChannelOf,
  prepareAttempt,
  type RelayCall,
  sendAttempt,
} from './relay-call.ts';
import { recordTry } from './trail.ts';

export type TryOutcome =
  | { kind: 'ended'; ending: Ending }
  | { kind: 'failed'; failure: UpstreamFailure; next: 'next' | 'same-channel' | 'stop' };

const failedWith = (failure: UpstreamFailure, next: 'next' | 'same-channel' | 'stop'): TryOutcome => ({
  kind: 'failed',
  failure,
  next,
});

const TRAIL_ACTION = { next: 'next_channel', 'same-channel': 'same_channel', stop: 'returned' } as const;

/**
 * A try that failed before the upstream judged the call (the channel cannot serve it, its credentials could
 * not be fetched, a redirect): recorded in the trail, no policy applied.
 */
function left(
  state: CallState,
  channel: CachedChannel,
  model: string,
  failure: UpstreamFailure,
  next: 'next' | 'same-channel' | 'stop',
): TryOutcome {
  recordTry(state, channel, model, failure, classifyFailure(failure), TRAIL_ACTION[next]);
  return failedWith(failure, next);
}

/** The error policy of each class, merged once per option revision (one per option store). */
const policies = new WeakMap<AppContext['options'], ErrorPolicies>();

function policyOf(context: AppContext, errorClass: ErrorClass) {
  let table = policies.get(context.options);
  if (!table) {
    table = new ErrorPolicies(context.options);
    policies.set(context.options, table);
  }
  return table.of(errorClass);
}

/**
 * What an upstream's failure leads to (docs/reference/routing.md, "Retries"): the same channel once more
 * when the upstream refused credentials the adaptor had cached (an expired access token, dropped now);
 * else the failure is classified (server/src/relay/routing/error-class.ts) and its class's policy applies —
 * the channel (a multi-key channel: the key) cools down for the policy's seconds or the upstream's
 * Retry-After, it is disabled under the automatic-disable switches when the dead-key rules or the policy
 * say so (another key of the same channel then), and the call moves on (`retry`) or ends (`return`).
 */
function judged(
  context: AppContext,
  state: CallState,
  adaptor: ProviderAdaptor | undefined,
  channel: CachedChannel,
  model: string,
  failure: UpstreamFailure,
): TryOutcome {
  context.metrics?.recordUpstreamFailure(channel.id, failure.status);
  const errorClass = classifyFailure(failure);
  if (failure.status === 401 && adaptor?.forgetCredentials && !state.credentialsRenewed) {
    adaptor.forgetCredentials(channel);
    state.credentialsRenewed = true;
    recordTry(state, channel, model, failure, errorClass, 'same_channel');
    return failedWith(failure, 'same-channel');
  }
  const policy = policyOf(context, errorClass);
  const seconds = cooldownSeconds(policy, failure);
  if (seconds > 0)
    context.cooldowns.cool(channel.id, channel.keySet ? (channel.keyIndex ?? 0) : null, seconds);
  // A connection failure says nothing about the key: only an upstream's answer may disable it.
  const disabled =
    failure.status > 0
      ? considerDisabling(context, channel, failure, policy.disable ? errorClass : null)
      : null;
  // Another key of the same channel (server/src/relay/cache/multi-key.ts) when this one was disabled.
  const next = disabled === 'key' ? 'same-channel' : policy.action === 'return' ? 'stop' : 'next';
  recordTry(state, channel, model, failure, errorClass, TRAIL_ACTION[next]);
  return failedWith(failure, next);
}

/** Records a Responses reply's id as the caller's, stored at `channel` (previous_response_id). */
function rememberStoredResponse(context: AppContext, call: RelayCall, channel: CachedChannel) {
  return (id: string) =>
    context.responseOwners.remember(id, { userId: call.caller.user.id, channelId: channel.id });
}

/** The failure of an error status (the same channel through Chat Completions when it has no Responses API). */
async function errorStatus(
  context: AppContext,
  state: CallState,
  channel: CachedChannel,
  adaptor: ProviderAdaptor | undefined,
  model: string,
  target: ReturnType<typeof upstreamCodecFor>['id'],
  response: UpstreamResponse,
): Promise<TryOutcome> {
  const text = await readLimited(response.body).catch(() => '');
  response.body.destroy();
  if (target === 'openai-responses' && lacksResponsesRoute(response.statusCode, text)) {
    markLacksResponsesApi(channel.id);
    const failure = { status: response.statusCode, message: 'the upstream serves no Responses API' };
    return left(state, channel, model, failure, 'same-channel');
  }
  const codec = upstreamCodecFor(target, adaptor);
  const failure = readFormatFailure(codec, response.statusCode, text, channel, response.headers);
  return judged(context, state, adaptor, channel, model, failure);
}

/** How many tries a call may make: one when pinned to a channel, else 1 + RetryTimes. */
export function maxAttemptsOf(context: Pick<AppContext, 'options'>, call: RelayCall): number {
  return pinnedChannelOf(call) !== null ? 1 : 1 + Math.max(0, context.options.getNumber('RetryTimes'));
}

/**
 * Another key of a multi-key channel for a retry after an upstream's retryable answer (429, 5xx), as
 * new-api may retry at the same channel with its next key — when the call still has a try left (it counts,
 * in `state.tried`) and the key is not cooling down. Null otherwise.
 */
function anotherKey(
  context: AppContext,
  state: CallState,
  channel: CachedChannel,
  failure: UpstreamFailure,
): CachedChannel | null {
  if (!channel.keySet || failure.code === 'upstream_redirect') return null;
  if (failure.status < 429 || (failure.status > 429 && failure.status < 500)) return null;
  if (state.clientGone || state.tried.length >= maxAttemptsOf(context, state.call)) return null;
  const other = pickOtherKey(channel.keySet, channel.keyIndex ?? 0);
  return other && !context.cooldowns.isCooling(other.id, other.keyIndex ?? 0) ? other : null;
}

/**
 * One try at `channel` for `model` (the requested model, or a fallback: ./fallback.ts), and — for a
 * multi-key channel whose key met a retryable answer — the next tries at its other keys while the call has
 * tries left (./attempt-channels.ts counts them by `state.tried`).
 */
export async function tryChannel(
  context: AppContext,
  reply: RelayReply,
  state: CallState,
  channel: CachedChannel,
  model: string,
): Promise<TryOutcome> {
  let keyed = channel;
  for (;;) {
    const outcome = await tryKey(context, reply, state, keyed, model);
    if (outcome.kind === 'ended' || outcome.next !== 'next') return outcome;
    const other = anotherKey(context, state, keyed, outcome.failure);
    if (!other) return outcome;
    const last = state.trail?.at(-1);
    if (last) last.action = 'next_key';
    state.tried.push(other.id);
    keyed = other;
  }
}

async function tryKey(
  context: AppContext,
  reply: RelayReply,
  state: CallState,
  channel: CachedChannel,
  model: string,
): Promise<TryOutcome> {
  const { call } = state;
  const adaptor = adaptorForChannel(channel);
  // A compaction call is routed and priced by `<model>-openai-compact`; the upstream is asked for the model
  // itself, mapped by the channel (new-api's relay/helper/model_mapped.go).
  const upstreamModel = resolveMappedModel(
    channel.modelMapping,
    call.endpoint === 'responses-compact' ? compactBaseModel(model) : model,
  );
  const prepared = state.largeBody
    ? await prepareLargeAttempt(
        call,
        state.stream,
        channel,
        adaptor,
        upstreamModel,
        context.options,
        yieldToEventLoop,
      )
    : prepareAttempt(call, state.stream, channel, adaptor, upstreamModel, context.options);
  // A channel that cannot serve the call (status 0) leaves it to the next; a refusal (≥ 400) is final.
  if (!('request' in prepared))
    return left(state, channel, model, prepared, prepared.status >= 400 ? 'stop' : 'next');
  const { request, target } = prepared;
  applyHeaderOverride(request.headers, channel.headerOverride, call.clientHeaders);
  state.upstreamFormat = target;
  state.ruleChanges = prepared.ruleChanges;
  // Only adaptors with credentials made or fetched per call (Vertex AI, Bedrock, Zhipu v3) take this step.
  const unauthorized = adaptor?.authorize
    ? await authorizeAttempt(context.upstream, adaptor, channel, request)
    : null;
  if (unauthorized) return left(state, channel, model, unauthorized, 'next');
  const { config } = context;
  const boundMs = (state.stream ? config.streamingTimeoutSeconds : config.relayTimeoutSeconds) * 1000;
  let response: UpstreamResponse;
  try {
    response = await sendAttempt(context.upstream, adaptor, channel, request, {
      endpoint: call.endpoint,
      stream: state.stream,
      timeouts: { headersMs: boundMs, idleMs: boundMs },
      signal: state.abort,
    });
  } catch (error) {
    if (state.clientGone) return { kind: 'ended', ending: abortedEnding(channel, upstreamModel) };
    // A shutdown ended the call (./inflight.ts): no other channel is tried.
    if (state.abort.aborted)
      return failedWith({ status: 503, code: 'server_shutting_down', message: SHUTDOWN_REASON }, 'stop');
    return judged(context, state, adaptor, channel, model, networkFailure(error, channel));
  }
  if (response.statusCode >= 300 && response.statusCode < 400) {
    // Redirects are never followed (the target was not checked against the address policy).
    await response.body.dump().catch(() => undefined);
    const message = `the upstream answered with a redirect (HTTP ${response.statusCode}); check the channel's base URL`;
    return left(state, channel, model, { status: 502, code: 'upstream_redirect', message }, 'next');
  }
  if (response.statusCode >= 400)
    return errorStatus(context, state, channel, adaptor, model, target, response);
  const delivered = await deliverReply(context, reply, state, {
    channel,
    adaptor,
    upstreamModel,
    target,
    response,
    ...(target === 'openai-responses' && clientFormat(call) === 'openai-responses'
      ? { onReplyId: rememberStoredResponse(context, call, channel) }
      : {}),
  });
  if (!('failure' in delivered)) return { kind: 'ended', ending: delivered };
  // The body broke off before it could be read (a connection failure), or it was an error sent with 200.
  return judged(context, state, adaptor, channel, model, delivered.failure);
}
