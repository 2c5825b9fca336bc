/**
 * What a realtime upgrade must pass before anything is opened upstream, with the HTTP relay's own checks:
 * the key (server/src/relay/http/auth.ts authenticateKey — from `Authorization: Bearer`, or, for browsers
 * that cannot set headers, from the `openai-insecure-api-key.<key>` subprotocol), the model query, the model
 * admission (server/src/relay/http/format-surface.ts admitCall) and its price
 * (server/src/relay/call/call-pricing.ts resolvePricing). Then the channel attempts, retried on other
 * channels like HTTP calls are.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { resolveMappedModel } from '../../lib/mapping-rules.ts';
import { reserveQuota } from '../billing/ledger.ts';
import type { GroupPricing, ModelPricing } from '../billing/pricing.ts';
import type { CachedChannel } from '../cache/channel-cache.ts';
import { admitCallerLimits } from '../call/call-limits.ts';
import { resolvePricing } from '../call/call-pricing.ts';
import { authenticateKey, type RelayCaller } from '../http/auth.ts';
import { relayError } from '../http/errors.ts';
import type { Grant } from '../limits/types.ts';
import { admitModel } from '../routing/auto-group.ts';
import { chooseChannel } from '../routing/choose.ts';
import { considerDisabling } from '../routing/disable.ts';
import { isRetryable, type UpstreamFailure } from '../routing/health.ts';
import { connectUpstream, type OpenUpstream, realtimeTarget } from './upstream.ts';

/** The subprotocol prefix that carries the key (OpenAI's browser convention). */
const KEY_PROTOCOL = 'openai-insecure-api-key.';
/** The subprotocol a beta client announces itself with, and the OpenAI-Beta value it stands for. */
const BETA_PROTOCOL = 'openai-beta.realtime-v1';
const BETA_HEADER_VALUE = 'realtime=v1';
/** Subprotocols the gateway answers with, preferred first (never the one carrying the key). */
const ANSWERED_PROTOCOLS = ['realtime', BETA_PROTOCOL];

export interface RealtimeAdmission {
  caller: RelayCaller;
  model: string;
  pricing: ModelPricing;
  group: GroupPricing;
  /** The client's OpenAI-Beta value, passed on upstream as it came; null when it sent none. */
  beta: string | null;
  /** The session's hold on its caller's traffic limits (null: none apply), settled when it ends. */
  limits: Grant | null;
}

function offeredProtocols(request: FastifyRequest): string[] {
  const header = request.headers['sec-websocket-protocol'];
  return (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** The subprotocol to answer with (a browser fails a handshake that answers none of several offered). */
export function chooseProtocol(offered: ReadonlySet<string>): string | false {
  return ANSWERED_PROTOCOLS.find((protocol) => offered.has(protocol)) ?? false;
}

/**
 * A key offered as a subprotocol becomes the request's Authorization header when it has none, so that the
 * one key check reads it. The header, when present, wins.
 */
function adoptProtocolKey(request: FastifyRequest): void {
  if (request.headers.authorization) return;
  const entry = offeredProtocols(request).find((protocol) => protocol.startsWith(KEY_PROTOCOL));
  const key = entry?.slice(KEY_PROTOCOL.length);
  if (key) request.headers.authorization = `Bearer ${key}`;
}

function clientBeta(request: FastifyRequest): string | null {
  const header = request.headers['openai-beta'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (value) return value;
  return offeredProtocols(request).includes(BETA_PROTOCOL) ? BETA_HEADER_VALUE : null;
}

/** Refuses what ws would refuse anyway, before an upstream connection is opened for nothing. */
export function checkHandshake(request: FastifyRequest): void {
  const upgrade = String(request.headers.upgrade ?? '').toLowerCase();
  const key = String(request.headers['sec-websocket-key'] ?? '');
  const version = String(request.headers['sec-websocket-version'] ?? '');
  if (upgrade !== 'websocket' || !/^[+/0-9A-Za-z]{22}==$/.test(key) || (version !== '13' && version !== '8'))
    throw relayError(400, 'invalid_websocket_handshake', 'not a valid WebSocket upgrade request');
}

/** Authenticates and admits an upgrade; throws the refusal (rendered as an OpenAI error). */
export async function admitRealtime(
  context: AppContext,
  request: FastifyRequest,
): Promise<RealtimeAdmission> {
  adoptProtocolKey(request);
  const caller = authenticateKey(context, request, 'openai');
  const query = request.query as Record<string, unknown>;
  const model = typeof query.model === 'string' ? query.model.trim() : '';
  if (!model) throw relayError(400, 'invalid_request', 'the model query parameter is required');
  admitModel(context, caller, model);
  const { pricing, group } = resolvePricing(context, caller, model);
  // The session is one request and one concurrent call of the caller's limits (docs/limits.md).
  const limits = await admitCallerLimits(context, { caller, model });
  try {
    // Each response reserves its own bound later (metering.ts); here shared balances only admit the caller.
    await reserveQuota(context, caller, 0, request.id);
  } catch (error) {
    if (limits) context.limiter.settle(limits, { tokens: 0, quota: 0 }, false);
    throw error;
  }
  return { caller, model, pricing, group, beta: clientBeta(request), limits };
}

export type ChannelAttempts =
  | { ok: true; upstream: OpenUpstream; channel: CachedChannel; upstreamModel: string; tried: number[] }
  | { ok: false; failure: UpstreamFailure; tried: number[] };

/**
 * Opens the upstream socket on a chosen channel, moving to another channel on a retryable failure (429,
 * 5xx, connection errors) up to RetryTimes more tries, as the HTTP relay does
 * (server/src/relay/call/pipeline.ts attemptChannels); a dead key may disable its channel. Throws 503 when no
 * channel serves the model.
 */
export async function connectAnyChannel(
  context: AppContext,
  admission: RealtimeAdmission,
  signal: AbortSignal,
): Promise<ChannelAttempts> {
  const { caller, model } = admission;
  const tried: number[] = [];
  const maxAttempts =
    caller.pinnedChannelId !== null ? 1 : 1 + Math.max(0, context.options.getNumber('RetryTimes'));
  let lastFailure: UpstreamFailure | null = null;
  for (let attempt = 0; attempt < maxAttempts && !signal.aborted; attempt += 1) {
    const channel = chooseChannel(context, { caller }, model, 'realtime', tried);
    if (!channel) break;
    tried.push(channel.id);
    const upstreamModel = resolveMappedModel(channel.modelMapping, model);
    const target = realtimeTarget(channel, upstreamModel, admission.beta);
    if (!target) {
      lastFailure = {
        status: 502,
        code: 'channel_base_url_missing',
        message: `channel #${channel.id} has no usable base URL for the Realtime API`,
      };
      continue;
    }
    const result = await connectUpstream(context, channel, target, signal);
    if (result.ok) return { ok: true, upstream: result.upstream, channel, upstreamModel, tried };
    lastFailure = result.failure;
    if (signal.aborted) break;
    if (lastFailure.status > 0) considerDisabling(context, channel, lastFailure);
    if (!isRetryable(lastFailure.status)) break;
  }
  if (!lastFailure) {
    if (signal.aborted) return { ok: false, failure: { status: 503, message: 'aborted' }, tried };
    throw relayError(
      503,
      'model_not_found',
      `no available channel for model ${model} in group ${caller.usingGroup} serves the Realtime API`,
    );
  }
  return { ok: false, failure: lastFailure, tried };
}
