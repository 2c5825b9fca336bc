/**
 * The relay hot path (docs/reference/relay.md, docs/reference/routing.md, docs/reference/billing.md): price → reserve → choose channel → send → stream or reply →
 * settle once → log. Retries move to another channel on retryable failures until bytes reach the
 * client. Nothing here reads the database.
 */
import type { AppContext } from '../../context.ts';
import { Cancel } from '../../lib/cancel.ts';
import { clientTypeOf } from '../../lib/client-type.ts';
import { bufferedBody, readLimited, type UpstreamResponse } from '../../lib/http-client.ts';
import { resolveMappedModel } from '../../lib/mapping-rules.ts';
import { applySettlement } from '../billing/ledger.ts';
import type { TokenUsage } from '../billing/pricing.ts';
import { settle } from '../billing/settlement.ts';
import { boundUsage } from '../billing/usage-bounds.ts';
import type { CachedChannel } from '../cache/channel-cache.ts';
import { adaptorForChannel } from '../channel-types.ts';
import { deliverConversation } from '../deliver/conversation-delivery.ts';
import { deliverOpenAi } from '../deliver/openai-delivery.ts';
import { relayError } from '../http/errors.ts';
import type { RelayReply, RelayRequest } from '../http/http-types.ts';
import type { ProviderAdaptor } from '../providers/types.ts';
import { chooseChannel } from '../routing/choose.ts';
import { considerDisabling } from '../routing/disable.ts';
import { isRetryable, type UpstreamFailure } from '../routing/health.ts';
import { lacksResponsesRoute, markLacksResponsesApi } from '../routing/responses-support.ts';
import { networkFailure, okReplyFailure, readFormatFailure } from './attempt.ts';
import { type CallPrice, reserve } from './call-pricing.ts';
import {
  abortedEnding,
  type CallState,
  deferredEnd,
  type Ending,
  pingSeconds,
  promptTokensOf,
  sendFailure,
} from './call-state.ts';
import { upstreamCodecFor } from './conversion.ts';
import { recordErrorLog } from './error-log.ts';
import { SHUTDOWN_REASON } from './inflight.ts';
import { isLargeBody, prepareLargeAttempt, yieldToEventLoop } from './large-body.ts';
import {
  authorizeAttempt,
  clientFormat,
  errorFormat,
  pinnedChannelOf,
  prepareAttempt,
  type RelayCall,
  sendAttempt,
} from './relay-call.ts';

export type { RelayCall } from './relay-call.ts';

/** Records a Responses reply's id as the caller's, stored at `channel` (previous_response_id). */
function rememberStoredResponse(context: AppContext, call: RelayCall, channel: CachedChannel) {
  return (id: string) =>
    context.responseOwners.remember(id, { userId: call.caller.user.id, channelId: channel.id });
}

/**
 * What a channel's failure leads to: the same channel once more when the upstream refused credentials the
 * adaptor had cached (an expired access token, dropped now), else the failure — considered for
 * disabling — and another channel if it is retryable.
 */
function failed(
  context: AppContext,
  state: CallState,
  adaptor: ProviderAdaptor | undefined,
  channel: CachedChannel,
  failure: UpstreamFailure,
): 'same-channel' | 'next' | 'stop' {
  context.metrics?.recordUpstreamFailure(channel.id, failure.status);
  if (failure.status === 401 && adaptor?.forgetCredentials && !state.credentialsRenewed) {
    adaptor.forgetCredentials(channel);
    state.credentialsRenewed = true;
    state.tried.pop();
    return 'same-channel';
  }
  considerDisabling(context, channel, failure);
  return isRetryable(failure.status) ? 'next' : 'stop';
}

async function attemptChannels(context: AppContext, reply: RelayReply, state: CallState): Promise<Ending> {
  const { call } = state;
  const maxAttempts =
    pinnedChannelOf(call) !== null ? 1 : 1 + Math.max(0, context.options.getNumber('RetryTimes'));
  let lastFailure: UpstreamFailure | null = null;
  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    // A channel whose type serves the endpoint, not tried yet (or the pinned one).
    const channel = chooseChannel(context, call, call.model, call.endpoint, state.tried);
    if (!channel) break;
    state.tried.push(channel.id);
    const adaptor = adaptorForChannel(channel);
    const upstreamModel = resolveMappedModel(channel.modelMapping, call.model);
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
    if (!('request' in prepared)) {
      lastFailure = prepared;
      if (prepared.status >= 400) break;
      continue;
    }
    const { request: upstreamRequest, target } = prepared;
    state.upstreamFormat = target;
    state.ruleChanges = prepared.ruleChanges;
    // Only adaptors with credentials made or fetched per call (Vertex AI, Bedrock, Zhipu v3) take this step.
    const unauthorized = adaptor?.authorize
      ? await authorizeAttempt(context.upstream, adaptor, channel, upstreamRequest)
      : null;
    if (unauthorized) {
      lastFailure = unauthorized;
      continue;
    }
    const { config } = context;
    let response: UpstreamResponse;
    const boundMs = (state.stream ? config.streamingTimeoutSeconds : config.relayTimeoutSeconds) * 1000;
    try {
      response = await sendAttempt(context.upstream, adaptor, channel, upstreamRequest, {
        endpoint: call.endpoint,
        stream: state.stream,
        timeouts: { headersMs: boundMs, idleMs: boundMs },
        signal: state.abort,
      });
    } catch (error) {
      if (state.clientGone) return abortedEnding(channel, upstreamModel);
      if (state.abort.aborted) {
        // A shutdown ended the call (server/src/relay/call/inflight.ts): no other channel is tried.
        lastFailure = { status: 503, code: 'server_shutting_down', message: SHUTDOWN_REASON };
        break;
      }
      lastFailure = networkFailure(error, channel);
      context.metrics?.recordUpstreamFailure(channel.id, 0);
      continue;
    }
    if (response.statusCode >= 300 && response.statusCode < 400) {
      // Redirects are never followed (the target was not checked against the address policy).
      await response.body.dump().catch(() => undefined);
      lastFailure = {
        status: 502,
        code: 'upstream_redirect',
        message: `the upstream answered with a redirect (HTTP ${response.statusCode}); check the channel's base URL`,
      };
      continue;
    }
    if (response.statusCode >= 400) {
      const text = await readLimited(response.body).catch(() => '');
      if (target === 'openai-responses' && lacksResponsesRoute(response.statusCode, text)) {
        // The upstream has no Responses API: the same channel again, through Chat Completions.
        markLacksResponsesApi(channel.id);
        state.tried.pop();
        attempt -= 1;
        continue;
      }
      response.body.destroy();
      const failure = readFormatFailure(
        upstreamCodecFor(target, adaptor),
        response.statusCode,
        text,
        channel,
      );
      lastFailure = failure;
      const next = failed(context, state, adaptor, channel, failure);
      if (next === 'same-channel') attempt -= 1;
      if (next === 'stop') break;
      continue;
    }
    const countPrecisely = !adaptor?.supportsStreamUsage(channel);
    if (target !== 'openai-chat' || clientFormat(call) !== 'openai-chat') {
      let contentType = String(response.headers['content-type'] ?? '');
      let upstreamBody: Parameters<typeof deliverConversation>[0]['upstreamBody'] = response.body;
      const codec = upstreamCodecFor(target, adaptor);
      if (codec.okError && contentType.includes('json')) {
        // Errors sent with HTTP 200 (Baidu, Tencent …) are failures like HTTP errors: retried, never billed.
        let bytes: Buffer;
        try {
          bytes = Buffer.from(await response.body.arrayBuffer());
        } catch (error) {
          if (state.clientGone) return abortedEnding(channel, upstreamModel);
          lastFailure = networkFailure(error, channel);
          continue;
        }
        const failure = okReplyFailure(codec, bytes, channel);
        if (failure) {
          lastFailure = failure;
          const next = failed(context, state, adaptor, channel, failure);
          if (next === 'same-channel') attempt -= 1;
          if (next === 'stop') break;
          continue;
        }
        upstreamBody = bufferedBody(bytes);
      }
      const framing = adaptor?.streamFraming;
      if (state.stream && framing && contentType.includes(framing.contentType)) {
        upstreamBody = Object.assign(framing.toSse(response.body), {
          arrayBuffer: () => response.body.arrayBuffer(),
        });
        contentType = 'text/event-stream';
      }
      const result = await deliverConversation({
        reply,
        requestId: state.requestId,
        model: call.model,
        clientBody: call.body,
        sides: { client: clientFormat(call), upstream: target },
        upstreamCodec: codec,
        stream: state.stream,
        contentType,
        upstreamBody,
        startedAt: state.startedAt,
        pingSeconds: pingSeconds(context),
        countPrecisely,
        clientGone: () => state.clientGone,
        countPromptTokens: () => promptTokensOf(state),
        end: deferredEnd(state, reply.raw),
        ...(target === 'openai-responses' && clientFormat(call) === 'openai-responses'
          ? { onReplyId: rememberStoredResponse(context, call, channel) }
          : {}),
      });
      return { ...result, channel, upstreamModel };
    }
    return deliverOpenAi(context, reply, state, channel, upstreamModel, response, countPrecisely, adaptor);
  }
  if (state.clientGone) return abortedEnding(null, call.model);
  if (!lastFailure) {
    throw relayError(
      503,
      'model_not_found',
      `no available channel for model ${call.model} in group ${call.caller.usingGroup}`,
    );
  }
  sendFailure(reply, state, lastFailure);
  return { ...abortedEnding(null, call.model), outcome: 'upstream_failed_before_output' };
}

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
  if (final.outcome === 'completed') context.modelRateLimiter.recordSuccess(call.caller.user.id);
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
  const reserving = reserve(context, state);
  if (reserving) await reserving;
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
