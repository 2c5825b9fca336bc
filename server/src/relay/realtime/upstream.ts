/**
 * The upstream side of a realtime session: the WebSocket URL and headers of a channel whose type serves it
 * (`realtime` in common/channel-types.ts: OpenAI and Azure OpenAI; the channel is chosen by
 * server/src/relay/routing/choose.ts), and the connection itself — under the address policy and through
 * the channel's proxy like every HTTP upstream call (server/src/lib/http-client.ts), with failures read
 * the way the HTTP relay reads them (server/src/relay/call/attempt.ts).
 */
import WebSocket, { type ClientOptions, type RawData } from 'ws';
import { servesCapability } from '../../../../common/channel-types.ts';
import type { AppContext } from '../../context.ts';
import { readLimited } from '../../lib/http-client.ts';
import { webSocketConnection } from '../../lib/websocket-tunnel.ts';
import type { CachedChannel } from '../cache/channel-cache.ts';
import { applyHeaderOverride } from '../cache/header-override.ts';
import { networkFailure, readUpstreamFailure } from '../call/attempt.ts';
import { channelProxy } from '../call/relay-call.ts';
import { openAiCompatibleConfig } from '../providers/openai-compatible/configs.ts';
import { authHeaders, azureDeployment } from '../providers/openai-compatible/index.ts';
import type { UpstreamFailure } from '../routing/health.ts';

/** Azure's first API version with `/openai/realtime`, used when the channel's `other` names none. */
export const AZURE_REALTIME_API_VERSION = '2024-10-01-preview';

/** The largest frame accepted from an upstream (OpenAI's own frames are far smaller). */
const MAX_UPSTREAM_FRAME_BYTES = 32 * 1024 * 1024;
/** How long a closing handshake may take before the socket is cut. */
export const CLOSE_TIMEOUT_MS = 5_000;

export interface RealtimeTarget {
  url: string;
  headers: Record<string, string>;
}

/**
 * The upstream URL and headers: `ws(s)://<base>/v1/realtime?model=<model>` with the channel's bearer key
 * (OpenAI), or `ws(s)://<base>/openai/realtime?api-version=<other>&deployment=<model>` with `api-key`
 * (Azure). `beta` is the client's OpenAI-Beta value, passed on as it came; null when the channel has no URL.
 */
export function realtimeTarget(
  channel: CachedChannel,
  upstreamModel: string,
  beta: string | null,
): RealtimeTarget | null {
  const config = openAiCompatibleConfig(channel.type);
  if (!config || !servesCapability(channel.type, 'realtime')) return null;
  const base = (channel.baseUrl || config.defaultBaseUrl).trim().replace(/\/+$/, '');
  if (!/^(https?|wss?):\/\//i.test(base)) return null;
  const socketBase = base.replace(/^http/i, 'ws');
  const url = config.azure
    ? `${socketBase}/openai/realtime?api-version=${encodeURIComponent(channel.other.trim() || AZURE_REALTIME_API_VERSION)}&deployment=${encodeURIComponent(azureDeployment(upstreamModel))}`
    : `${socketBase}/v1/realtime?model=${encodeURIComponent(upstreamModel)}`;
  const headers = authHeaders(config, channel);
  if (beta) headers['openai-beta'] = beta;
  applyHeaderOverride(headers, channel.headerOverride);
  return { url, headers };
}

/** An upstream socket that is open; what it sent before the session took it over is kept in order. */
export interface OpenUpstream {
  socket: WebSocket;
  /** Stops buffering and returns what arrived so far (call once, then listen to `message` directly). */
  takeEarlyMessages(): [RawData, boolean][];
}

export type UpstreamAttempt = { ok: true; upstream: OpenUpstream } | { ok: false; failure: UpstreamFailure };

function redirectFailure(status: number): UpstreamFailure {
  // Redirects are never followed (their target was not checked against the address policy).
  return {
    status: 502,
    code: 'upstream_redirect',
    message: `the upstream answered with a redirect (HTTP ${status}); check the channel's base URL`,
  };
}

/** The options of the upstream socket: the policy's lookup for a direct connection, or the open tunnel. */
async function socketOptions(
  context: AppContext,
  channel: CachedChannel,
  target: RealtimeTarget,
  signal: AbortSignal,
): Promise<ClientOptions & { lookup?: unknown; closeTimeout?: number }> {
  const connection = await webSocketConnection(context.upstream, target.url, signal, channelProxy(channel));
  return {
    ...connection,
    headers: target.headers,
    closeTimeout: CLOSE_TIMEOUT_MS,
    maxPayload: MAX_UPSTREAM_FRAME_BYTES,
    perMessageDeflate: false,
    followRedirects: false,
  };
}

/**
 * Opens the upstream socket for `channel`. Resolves with the open socket, or with the failure as the HTTP
 * relay would read it: an error status with its body, a redirect, a connection error or timeout.
 */
export async function connectUpstream(
  context: AppContext,
  channel: CachedChannel,
  target: RealtimeTarget,
  signal: AbortSignal,
): Promise<UpstreamAttempt> {
  let socket: WebSocket;
  try {
    socket = new WebSocket(target.url, await socketOptions(context, channel, target, signal));
  } catch (error) {
    return { ok: false, failure: networkFailure(error, channel) };
  }
  const early: [RawData, boolean][] = [];
  const keep = (data: RawData, isBinary: boolean) => early.push([data, isBinary]);
  socket.on('message', keep);
  return new Promise<UpstreamAttempt>((resolve) => {
    let settled = false;
    const finish = (attempt: UpstreamAttempt) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', abort);
      if (!attempt.ok) {
        socket.off('message', keep);
        if (socket.readyState !== WebSocket.CLOSED) socket.terminate();
      }
      resolve(attempt);
    };
    const abort = () => finish({ ok: false, failure: networkFailure(signal.reason, channel) });
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    // After a failure the socket may still report its own end: that is not a second failure.
    socket.on('error', (error) => finish({ ok: false, failure: networkFailure(error, channel) }));
    socket.once('unexpected-response', (request, response) => {
      const status = response.statusCode ?? 502;
      if (status >= 300 && status < 400) {
        response.destroy();
        request.destroy();
        finish({ ok: false, failure: redirectFailure(status) });
        return;
      }
      readLimited(response)
        .catch(() => '')
        .then((text) => {
          response.destroy();
          request.destroy();
          finish({ ok: false, failure: readUpstreamFailure(status, text, channel) });
        });
    });
    socket.once('open', () =>
      finish({
        ok: true,
        upstream: {
          socket,
          takeEarlyMessages: () => {
            socket.off('message', keep);
            return early.splice(0);
          },
        },
      }),
    );
  });
}
