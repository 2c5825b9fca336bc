/**
 * The relay hot path (REFERENCE §4–§6): price → reserve → choose channel → send → stream or reply →
 * settle once → log. Retries move to another channel on retryable failures until bytes reach the
 * client. Nothing here reads the database.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { resolveMappedModel } from '../api/channels/mapping-rules.ts';
import type { AppContext } from '../context.ts';
import { clientTypeOf } from '../lib/client-type.ts';
import { networkFailure, readUpstreamFailure } from './attempt.ts';
import type { RelayCaller } from './auth.ts';
import { applySettlement, reserveQuota } from './billing/ledger.ts';
import type { TokenUsage } from './billing/pricing.ts';
import {
  type GroupPricing,
  type ModelPricing,
  pricingForUnsetModel,
  pricingTablesFromOptions,
  resolveGroupPricing,
  resolveModelPricing,
} from './billing/pricing.ts';
import { type CallOutcome, estimatePreConsume, settle, shouldSkipPreConsume } from './billing/settlement.ts';
import { boundUsage } from './billing/usage-bounds.ts';
import type { CachedChannel } from './cache/channel-cache.ts';
import { deliverConversation, readFormatFailure, sendFormatFailure } from './conversation-delivery.ts';
import { relayError } from './errors.ts';
import { wantsIncludeUsage } from './formats/openai/stream.ts';
import { SHUTDOWN_REASON } from './inflight.ts';
import { readJsonReply } from './json-relay.ts';
import { prepareLargeAttempt } from './large-body.ts';
import { adaptorFor } from './providers/registry.ts';
import {
  authorizeAttempt,
  channelProxy,
  clientFormat,
  countCallPromptTokens,
  errorFormat,
  maxTokensOf,
  prepareAttempt,
  type RelayCall,
} from './relay-call.ts';
import { considerDisabling } from './routing/disable.ts';
import { isRetryable, type UpstreamFailure } from './routing/health.ts';
import { selectChannel } from './routing/select.ts';
import { relayStream, writeStreamHeaders } from './stream-relay.ts';
import { readLimited } from './upstream-client.ts';

export type { RelayCall } from './relay-call.ts';

interface CallState {
  call: RelayCall;
  requestId: string;
  startedAt: number;
  stream: boolean;
  pricing: ModelPricing;
  group: GroupPricing;
  preConsumed: number;
  promptTokens: number | null;
  tried: number[];
  /** A large body: other requests get a turn between the costly steps (serializing, sending). */
  largeBody: boolean;
  abort: AbortController;
  clientGone: boolean;
}

interface Ending {
  outcome: CallOutcome;
  upstreamUsage: TokenUsage | null;
  deliveredCompletionTokens: number;
  outputDelivered: boolean;
  firstResponseMs: number | null;
  channel: CachedChannel | null;
  upstreamModel: string;
}

function resolvePricing(
  context: AppContext,
  caller: RelayCaller,
  model: string,
): { pricing: ModelPricing; group: GroupPricing } {
  const tables = pricingTablesFromOptions(context.options);
  let pricing = resolveModelPricing(model, tables);
  if (!pricing) {
    if (!context.options.getBoolean('SelfUseModeEnabled') && !caller.user.acceptUnsetModelRatio) {
      throw relayError(
        400,
        'model_price_not_configured',
        `model ${model} has no price configured; ask the administrator to set one`,
      );
    }
    pricing = pricingForUnsetModel(model, tables);
  }
  return { pricing, group: resolveGroupPricing(caller.user.group, caller.usingGroup, tables) };
}

function promptTokensOf(state: CallState): number {
  state.promptTokens ??= countCallPromptTokens(state.call);
  return state.promptTokens;
}

function reserve(context: AppContext, state: CallState): void {
  const { caller } = state.call;
  const token = caller.token;
  const tokenQuota = !token || token.unlimited ? 'unlimited' : token.remainQuota;
  if (shouldSkipPreConsume(caller.user.quota, tokenQuota, context.options.getNumber('QuotaPerUnit'))) return;
  const estimate = (promptTokens: number) =>
    estimatePreConsume({
      pricing: state.pricing,
      promptTokens,
      maxTokens: maxTokensOf(state.call),
      groupRatio: state.group.groupRatio,
      preConsumedQuotaOption: context.options.getNumber('PreConsumedQuota'),
    });
  // Before any counting: a caller who cannot pay even an empty prompt is refused at once.
  refuseBelowFloor(caller, estimate(0));
  const amount = estimate(promptTokensOf(state));
  reserveQuota(context, caller, amount, state.requestId);
  state.preConsumed = amount;
}

/** Refuses a caller whose balances cannot cover `floor`, the least the request can cost. */
function refuseBelowFloor(caller: RelayCaller, floor: number): void {
  if (floor <= 0) return;
  const cannotCover = `cannot cover even the least this request can cost (${floor})`;
  if (caller.user.quota < floor)
    throw relayError(403, 'insufficient_user_quota', `the user quota (${caller.user.quota}) ${cannotCover}`);
  const token = caller.token;
  if (token && !token.unlimited && token.remainQuota < floor) {
    throw relayError(
      403,
      'insufficient_token_quota',
      `the API key quota (${token.remainQuota}) ${cannotCover}`,
    );
  }
}

function chooseChannel(context: AppContext, state: CallState): CachedChannel | null {
  const { caller, model } = state.call;
  if (caller.pinnedChannelId !== null) {
    if (state.tried.length > 0) return null;
    const channel = context.channelCache.get(caller.pinnedChannelId);
    if (channel?.status !== 1)
      throw relayError(503, 'channel_unavailable', `channel #${caller.pinnedChannelId} is not available`);
    return channel;
  }
  return (
    selectChannel(context.channelCache.candidates(caller.usingGroup, model), new Set(state.tried))?.channel ??
    null
  );
}

function sendFailure(reply: FastifyReply, state: CallState, failure: UpstreamFailure): void {
  const format = errorFormat(state.call);
  if (format !== 'openai-chat') {
    sendFormatFailure(reply, format, state.requestId, failure);
    return;
  }
  const status = failure.status >= 400 ? failure.status : 502;
  reply.code(status).send({
    error: {
      message: `${failure.message} (request id: ${state.requestId})`,
      type: failure.type ?? 'upstream_error',
      param: null,
      code: failure.code ?? null,
    },
  });
}

async function attemptChannels(context: AppContext, reply: FastifyReply, state: CallState): Promise<Ending> {
  const { call } = state;
  const maxAttempts =
    call.caller.pinnedChannelId !== null ? 1 : 1 + Math.max(0, context.options.getNumber('RetryTimes'));
  let lastFailure: UpstreamFailure | null = null;
  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    const channel = chooseChannel(context, state);
    if (!channel) break;
    state.tried.push(channel.id);
    const adaptor = adaptorFor(channel.type);
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
    const unauthorized = await authorizeAttempt(context.upstream, adaptor, channel, upstreamRequest);
    if (unauthorized) {
      lastFailure = unauthorized;
      continue;
    }
    const { config } = context;
    let response: Awaited<ReturnType<typeof context.upstream.send>>;
    try {
      response = await context.upstream.send(
        upstreamRequest,
        {
          headersMs: (state.stream ? config.streamingTimeoutSeconds : config.relayTimeoutSeconds) * 1000,
          idleMs: (state.stream ? config.streamingTimeoutSeconds : config.relayTimeoutSeconds) * 1000,
        },
        state.abort.signal,
        channelProxy(channel),
      );
    } catch (error) {
      if (state.clientGone) return abortedEnding(channel, upstreamModel);
      if (state.abort.signal.aborted) {
        // A shutdown ended the call (server/src/relay/inflight.ts): no other channel is tried.
        lastFailure = { status: 503, code: 'server_shutting_down', message: SHUTDOWN_REASON };
        break;
      }
      lastFailure = networkFailure(error, channel);
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
      response.body.destroy();
      const failure =
        target === 'openai-chat'
          ? readUpstreamFailure(response.statusCode, text, channel)
          : readFormatFailure(target, response.statusCode, text, channel);
      considerDisabling(context, channel, failure);
      lastFailure = failure;
      if (isRetryable(failure.status)) continue;
      break;
    }
    const countPrecisely = !adaptor?.supportsStreamUsage(channel);
    if (target !== 'openai-chat' || clientFormat(call) !== 'openai-chat') {
      let contentType = String(response.headers['content-type'] ?? '');
      let upstreamBody: Parameters<typeof deliverConversation>[0]['upstreamBody'] = response.body;
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
        stream: state.stream,
        contentType,
        upstreamBody,
        startedAt: state.startedAt,
        pingSeconds: pingSeconds(context),
        countPrecisely,
        clientGone: () => state.clientGone,
      });
      return { ...result, channel, upstreamModel };
    }
    return deliver(context, reply, state, channel, upstreamModel, response, countPrecisely);
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

function pingSeconds(context: AppContext): number {
  return context.options.getBoolean('general_setting.ping_interval_enabled')
    ? Math.max(1, context.options.getNumber('general_setting.ping_interval_seconds'))
    : 0;
}

function abortedEnding(channel: CachedChannel | null, upstreamModel: string): Ending {
  return {
    outcome: 'client_aborted',
    upstreamUsage: null,
    deliveredCompletionTokens: 0,
    outputDelivered: false,
    firstResponseMs: null,
    channel,
    upstreamModel,
  };
}

async function deliver(
  context: AppContext,
  reply: FastifyReply,
  state: CallState,
  channel: CachedChannel,
  upstreamModel: string,
  response: Awaited<ReturnType<AppContext['upstream']['send']>>,
  countPrecisely: boolean,
): Promise<Ending> {
  const { call } = state;
  const contentType = String(response.headers['content-type'] ?? '');
  if (
    state.stream &&
    (call.endpoint === 'chat' || call.endpoint === 'completions') &&
    contentType.includes('text/event-stream')
  ) {
    reply.hijack();
    writeStreamHeaders(reply.raw, state.requestId);
    const result = await relayStream({
      raw: reply.raw,
      upstream: response.body,
      endpoint: call.endpoint,
      clientWantsUsage: wantsIncludeUsage(call.body),
      model: call.model,
      requestId: state.requestId,
      pingSeconds: pingSeconds(context),
      startedAt: state.startedAt,
      countPromptTokens: () => promptTokensOf(state),
      countPrecisely,
      clientGone: () => state.clientGone,
    });
    return { ...result, channel, upstreamModel };
  }
  let body: Buffer;
  try {
    body = Buffer.from(await response.body.arrayBuffer());
  } catch {
    if (state.clientGone) return abortedEnding(channel, upstreamModel);
    const failure = { status: 502, message: 'the upstream reply broke off', code: 'upstream_read_failed' };
    sendFailure(reply, state, failure);
    return { ...abortedEnding(channel, upstreamModel), outcome: 'upstream_failed_before_output' };
  }
  const reading = readJsonReply(call.endpoint, body, call.model);
  if (!reading) {
    const failure = {
      status: 502,
      message: `the upstream answered HTTP 200 with a body that is not a JSON reply (${body.length} bytes)`,
      code: 'bad_upstream_reply',
    };
    sendFailure(reply, state, failure);
    return { ...abortedEnding(channel, upstreamModel), outcome: 'upstream_failed_before_output' };
  }
  if (call.surface) {
    let converted: string;
    try {
      converted = JSON.stringify(call.surface.convertReply(JSON.parse(body.toString('utf8'))));
    } catch (error) {
      const message = `the upstream reply could not be converted: ${(error as Error).message}`;
      sendFailure(reply, state, { status: 502, message, code: 'bad_upstream_reply' });
      return { ...abortedEnding(channel, upstreamModel), outcome: 'upstream_failed_before_output' };
    }
    reply.code(200).header('content-type', 'application/json').send(converted);
  } else {
    reply
      .code(200)
      .header('content-type', contentType || 'application/json')
      .send(body);
  }
  return {
    outcome: 'completed',
    upstreamUsage: reading.upstreamUsage,
    deliveredCompletionTokens: reading.countedCompletionTokens,
    outputDelivered: reading.outputDelivered,
    firstResponseMs: null,
    channel,
    upstreamModel,
  };
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

/** Prices how the call ended and applies it once (balances, counters, the consumption log). */
function settleCall(
  context: AppContext,
  request: FastifyRequest,
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
    extra: { client_type: clientTypeOf(request.headers['user-agent']) },
  });
}

/** Bodies above this size give other requests a turn between parsing, counting and serializing. */
const LARGE_BODY_BYTES = 1024 * 1024;

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Runs one relay call; the caller has authenticated the key and parsed the body. */
export async function runRelay(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  call: RelayCall,
): Promise<void> {
  const { pricing, group } = resolvePricing(context, call.caller, call.model);
  const large = Number(request.headers['content-length'] ?? 0) > LARGE_BODY_BYTES;
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
    abort: new AbortController(),
    clientGone: false,
  };
  reserve(context, state);
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
    }
  }
}
