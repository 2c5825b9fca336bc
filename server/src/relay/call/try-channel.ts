/**
 * One try of a call at one channel (docs/relay-walkthrough.md): the upstream request built for the channel
 * (./relay-call.ts prepareAttempt: format, body, upstream rules, param override), its credentials when the
 * adaptor fetches them, the send, and the answer — delivered (server/src/relay/deliver/deliver-reply.ts)
 * or read as a failure. Every way a try can end is one outcome, and each failure says what follows:
 * - `next`: another channel (a retryable status, a connection failure, a channel that cannot serve it);
 * - `same-channel`: this channel again, the try not counted (credentials the adaptor had cached were
 *   refused and dropped; the upstream has no Responses API and is spoken to through Chat Completions; or
 *   the failure disabled this key of a multi-key channel whose other keys still serve — each such try
 *   disables a key, so they end);
 * - `stop`: no other channel (a refusal that another channel would repeat, a shutdown).
 * The loop over channels (./pipeline.ts) acts on the outcome; nothing here chooses a channel.
 */

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
import { isRetryable, type UpstreamFailure } from '../routing/health.ts';
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

export type TryOutcome =
  | { kind: 'ended'; ending: Ending }
  | { kind: 'failed'; failure: UpstreamFailure; next: 'next' | 'same-channel' | 'stop' };

const failedWith = (failure: UpstreamFailure, next: 'next' | 'same-channel' | 'stop'): TryOutcome => ({
  kind: 'failed',
  failure,
  next,
});

/**
 * What an upstream's failure leads to: the same channel once more when the upstream refused credentials
 * the adaptor had cached (an expired access token, dropped now), else the failure — counted, considered
 * for disabling — and another channel if it is retryable.
 */
function judged(
  context: AppContext,
  state: CallState,
  adaptor: ProviderAdaptor | undefined,
  channel: CachedChannel,
  failure: UpstreamFailure,
): TryOutcome {
  context.metrics?.recordUpstreamFailure(channel.id, failure.status);
  if (failure.status === 401 && adaptor?.forgetCredentials && !state.credentialsRenewed) {
    adaptor.forgetCredentials(channel);
    state.credentialsRenewed = true;
    return failedWith(failure, 'same-channel');
  }
  // Another key of the same channel (server/src/relay/cache/multi-key.ts) when this one was disabled.
  if (considerDisabling(context, channel, failure) === 'key') return failedWith(failure, 'same-channel');
  return failedWith(failure, isRetryable(failure.status) ? 'next' : 'stop');
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
  target: ReturnType<typeof upstreamCodecFor>['id'],
  response: UpstreamResponse,
): Promise<TryOutcome> {
  const text = await readLimited(response.body).catch(() => '');
  response.body.destroy();
  if (target === 'openai-responses' && lacksResponsesRoute(response.statusCode, text)) {
    markLacksResponsesApi(channel.id);
    return failedWith(
      { status: response.statusCode, message: 'the upstream serves no Responses API' },
      'same-channel',
    );
  }
  const failure = readFormatFailure(upstreamCodecFor(target, adaptor), response.statusCode, text, channel);
  return judged(context, state, adaptor, channel, failure);
}

/** How many tries a call may make: one when pinned to a channel, else 1 + RetryTimes. */
export function maxAttemptsOf(context: Pick<AppContext, 'options'>, call: RelayCall): number {
  return pinnedChannelOf(call) !== null ? 1 : 1 + Math.max(0, context.options.getNumber('RetryTimes'));
}

/**
 * Another key of a multi-key channel for a retry after an upstream's retryable answer (429, 5xx), as
 * new-api may retry at the same channel with its next key — when the call still has a try left (it counts,
 * in `state.tried`). Null otherwise.
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
  return pickOtherKey(channel.keySet, channel.keyIndex ?? 0);
}

/**
 * One try at `channel`, and — for a multi-key channel whose key met a retryable answer — the next tries at
 * its other keys while the call has tries left (./pipeline.ts counts them by `state.tried`).
 */
export async function tryChannel(
  context: AppContext,
  reply: RelayReply,
  state: CallState,
  channel: CachedChannel,
): Promise<TryOutcome> {
  let keyed = channel;
  for (;;) {
    const outcome = await tryKey(context, reply, state, keyed);
    if (outcome.kind === 'ended' || outcome.next !== 'next') return outcome;
    const other = anotherKey(context, state, keyed, outcome.failure);
    if (!other) return outcome;
    state.tried.push(other.id);
    keyed = other;
  }
}

async function tryKey(
  context: AppContext,
  reply: RelayReply,
  state: CallState,
  channel: CachedChannel,
): Promise<TryOutcome> {
  const { call } = state;
  const adaptor = adaptorForChannel(channel);
  // A compaction call is routed and priced by `<model>-openai-compact`; the upstream is asked for the model
  // itself, mapped by the channel (new-api's relay/helper/model_mapped.go).
  const upstreamModel = resolveMappedModel(
    channel.modelMapping,
    call.endpoint === 'responses-compact' ? compactBaseModel(call.model) : call.model,
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
  if (!('request' in prepared)) return failedWith(prepared, prepared.status >= 400 ? 'stop' : 'next');
  const { request, target } = prepared;
  applyHeaderOverride(request.headers, channel.headerOverride, call.clientHeaders);
  state.upstreamFormat = target;
  state.ruleChanges = prepared.ruleChanges;
  // Only adaptors with credentials made or fetched per call (Vertex AI, Bedrock, Zhipu v3) take this step.
  const unauthorized = adaptor?.authorize
    ? await authorizeAttempt(context.upstream, adaptor, channel, request)
    : null;
  if (unauthorized) return failedWith(unauthorized, 'next');
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
    context.metrics?.recordUpstreamFailure(channel.id, 0);
    return failedWith(networkFailure(error, channel), 'next');
  }
  if (response.statusCode >= 300 && response.statusCode < 400) {
    // Redirects are never followed (the target was not checked against the address policy).
    await response.body.dump().catch(() => undefined);
    const message = `the upstream answered with a redirect (HTTP ${response.statusCode}); check the channel's base URL`;
    return failedWith({ status: 502, code: 'upstream_redirect', message }, 'next');
  }
  if (response.statusCode >= 400) return errorStatus(context, state, channel, adaptor, target, response);
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
  const { failure } = delivered;
  return failure.status === 0
    ? failedWith(failure, 'next')
    : judged(context, state, adaptor, channel, failure);
}
