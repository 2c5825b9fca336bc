/**
 * The upstream side of a realtime session: which channels may serve it (OpenAI, type 1, and Azure OpenAI,
 * type 3), the WebSocket URL and headers of each, and the connection itself — under the address policy and
 * through the channel's proxy like every HTTP upstream call (server/src/lib/http-client.ts), with failures
 * read the way the HTTP relay reads them (server/src/relay/attempt.ts).
 */
import WebSocket, { type ClientOptions, type RawData } from 'ws';
import type { AppContext } from '../../context.ts';
import { readLimited } from '../../lib/http-client.ts';
import { webSocketConnection } from '../../lib/websocket-tunnel.ts';
import { networkFailure, readUpstreamFailure } from '../attempt.ts';
import type { RelayCaller } from '../auth.ts';
import type { CachedChannel } from '../cache/channel-cache.ts';
import { relayError } from '../errors.ts';
import { openAiCompatibleConfig } from '../providers/openai-compatible/configs.ts';
import { authHeaders, azureDeployment } from '../providers/openai-compatible/index.ts';
import { channelProxy } from '../relay-call.ts';
import type { UpstreamFailure } from '../routing/health.ts';
import { selectChannel } from '../routing/select.ts';

/** Channel types that serve the Realtime API: OpenAI and Azure OpenAI. */
export const REALTIME_CHANNEL_TYPES: ReadonlySet<number> = new Set([1, 3]);

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
 * The channel for a session, like the HTTP relay chooses one (server/src/relay/pipeline.ts chooseChannel):
 * a pinned channel (`sk-<key>-<id>`, admins) is used alone, otherwise the weighted choice over the group's
 * candidates not tried yet — only channels of a realtime type.
 */
export function chooseRealtimeChannel(
  context: AppContext,
  caller: RelayCaller,
  model: string,
  tried: readonly number[],
): CachedChannel | null {
  if (caller.pinnedChannelId !== null) {
    if (tried.length > 0) return null;
    const channel = context.channelCache.get(caller.pinnedChannelId);
    if (channel?.status !== 1)
      throw relayError(503, 'channel_unavailable', `channel #${caller.pinnedChannelId} is not available`);
    if (!REALTIME_CHANNEL_TYPES.has(channel.type)) {
      throw relayError(
        400,
        'channel_not_realtime',
        `channel #${channel.id} cannot serve the Realtime API (only OpenAI and Azure OpenAI channels can)`,
      );
    }
    return channel;
  }
  const candidates = context.channelCache
    .candidates(caller.usingGroup, model)
    .filter((candidate) => REALTIME_CHANNEL_TYPES.has(candidate.channel.type));
  return selectChannel(candidates, new Set(tried))?.channel ?? null;
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
  if (!config || !REALTIME_CHANNEL_TYPES.has(channel.type)) return null;
  const base = (channel.baseUrl || config.defaultBaseUrl).trim().replace(/\/+$/, '');
  if (!/^(https?|wss?):\/\//i.test(base)) return null;
  const socketBase = base.replace(/^http/i, 'ws');
  const url = config.azure
    ? `${socketBase}/openai/realtime?api-version=${encodeURIComponent(channel.other.trim() || AZURE_REALTIME_API_VERSION)}&deployment=${encodeURIComponent(azureDeployment(upstreamModel))}`
    : `${socketBase}/v1/realtime?model=${encodeURIComponent(upstreamModel)}`;
  const headers = authHeaders(config, channel);
  if (beta) headers['openai-beta'] = beta;
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
