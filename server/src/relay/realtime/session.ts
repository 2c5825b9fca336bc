/**
 * One realtime session once both sockets are open: frames pass through unchanged and in order both ways
 * (text stays text, binary stays binary), a side that cannot keep up pauses the other, upstream text frames
 * are shown to the meter (server/src/relay/realtime/metering.ts), and either side's close ends the other.
 * A used-up balance or a shutdown (server/src/relay/inflight.ts) ends the session with an `error` event in
 * the Realtime API's shape.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import WebSocket, { type RawData } from 'ws';
import { maskSecrets } from '../errors.ts';
import { SHUTDOWN_REASON } from '../inflight.ts';
import type { QuotaStop, RealtimeMeter } from './metering.ts';
import type { OpenUpstream } from './upstream.ts';

/** Bytes queued towards one side before the other side is paused, and the level that resumes it. */
const HIGH_WATER_BYTES = 4 * 1024 * 1024;
const LOW_WATER_BYTES = 1024 * 1024;
/** A side that has not answered the previous ping within this interval is cut. */
export const HEARTBEAT_MS = 30_000;
/** Close codes (RFC 6455 §7.4): normal, going away, policy violation, internal error. */
const NORMAL = 1000;
const GOING_AWAY = 1001;
const POLICY_VIOLATION = 1008;
const INTERNAL_ERROR = 1011;
/** The longest close reason a frame can carry. */
const MAX_REASON_BYTES = 123;

export interface SessionInit {
  client: WebSocket;
  upstream: OpenUpstream;
  meter: RealtimeMeter;
  requestId: string;
  channelKey: string;
  logger: FastifyBaseLogger;
  /** Aborted by a shutdown. */
  abort: AbortSignal;
  /** Called once when both sockets are closed. */
  onEnd: (summary: SessionSummary) => void;
}

export interface SessionSummary {
  clientCode: number;
  upstreamCode: number;
  reason: 'client_closed' | 'upstream_closed' | 'quota_exhausted' | 'shutdown' | 'error';
}

/** Codes a close frame may carry (1005, 1006 and 1015 only describe what happened locally). */
function sendableCode(code: number): boolean {
  return (
    (code >= 1000 && code <= 1014 && code !== 1004 && code !== 1005 && code !== 1006) ||
    (code >= 3000 && code <= 4999)
  );
}

/** The close code ws sends for a frame it refuses (lib/receiver.js of the ws package): size, UTF-8, protocol. */
function frameRefusalCode(errorCode: string | undefined): number {
  if (
    errorCode === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' ||
    errorCode === 'WS_ERR_UNSUPPORTED_DATA_PAYLOAD_LENGTH'
  )
    return 1009;
  if (errorCode === 'WS_ERR_INVALID_UTF8') return 1007;
  if (errorCode === 'WS_ERR_TOO_MANY_BUFFERED_PARTS') return 1008;
  return errorCode?.startsWith('WS_ERR_') ? 1002 : 0;
}

function reasonText(reason: Buffer | string, secrets: readonly string[]): string {
  let text = maskSecrets(reason.toString(), secrets);
  while (Buffer.byteLength(text) > MAX_REASON_BYTES) text = text.slice(0, -1);
  return text;
}

/** An `error` server event as the Realtime API sends it. */
export function errorEvent(type: string, code: string, message: string, requestId: string): string {
  return JSON.stringify({
    type: 'error',
    event_id: `event_${randomUUID().replaceAll('-', '')}`,
    error: { type, code, message: `${message} (request id: ${requestId})`, param: null, event_id: null },
  });
}

function asBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

/** Relays frames between the two open sockets until both are closed. */
export function runSession(init: SessionInit): void {
  const { client, meter, requestId, logger } = init;
  const upstream = init.upstream.socket;
  let reason: SessionSummary['reason'] | null = null;
  let clientCode = 0;
  let upstreamCode = 0;
  let ended = false;

  const closeSocket = (socket: WebSocket, code: number, text = '') => {
    if (socket.readyState === WebSocket.CONNECTING) socket.terminate();
    else if (socket.readyState === WebSocket.OPEN) socket.close(code, text);
  };
  /** Ends the session from the gateway's side: the client gets `event` (if any) before its close. */
  const end = (why: SessionSummary['reason'], code: number, event?: string) => {
    reason ??= why;
    if (event && client.readyState === WebSocket.OPEN) client.send(event);
    closeSocket(client, code);
    closeSocket(upstream, code === POLICY_VIOLATION ? NORMAL : code);
  };
  const stopForQuota = (stop: QuotaStop) =>
    end(
      'quota_exhausted',
      POLICY_VIOLATION,
      errorEvent('insufficient_quota', stop.code, stop.message, requestId),
    );
  const onShutdown = () =>
    end(
      'shutdown',
      GOING_AWAY,
      errorEvent('server_error', 'server_shutting_down', SHUTDOWN_REASON, requestId),
    );
  let heartbeat: NodeJS.Timeout | undefined;
  const finishIfClosed = () => {
    if (ended || client.readyState !== WebSocket.CLOSED || upstream.readyState !== WebSocket.CLOSED) return;
    ended = true;
    clearInterval(heartbeat);
    init.abort.removeEventListener('abort', onShutdown);
    init.onEnd({ clientCode, upstreamCode, reason: reason ?? 'error' });
  };

  /** Forwards `from`'s frames to `to`, pausing `from` while `to` has too much queued. */
  const pipe = (from: WebSocket, to: WebSocket, observe?: (frame: Buffer) => void) => {
    let paused = false;
    const drained = () => {
      if (paused && to.bufferedAmount <= LOW_WATER_BYTES) {
        paused = false;
        from.resume();
      }
    };
    return (data: RawData, isBinary: boolean) => {
      if (reason === 'quota_exhausted' || reason === 'shutdown') {
        // Past the end of the session only the upstream's own reports still count (a response.done).
        if (observe && !isBinary) observe(asBuffer(data));
        return;
      }
      const frame = asBuffer(data);
      if (to.readyState === WebSocket.OPEN) {
        to.send(frame, { binary: isBinary }, drained);
        if (!paused && to.bufferedAmount > HIGH_WATER_BYTES) {
          paused = true;
          from.pause();
        }
      }
      if (observe && !isBinary) observe(frame);
    };
  };

  const fromUpstream = pipe(upstream, client, (frame) => {
    let stop: QuotaStop | null = null;
    try {
      stop = meter.observe(frame);
    } catch (error) {
      // A socket listener must not throw; the frame has reached the client already.
      logger.error({ requestId, err: error }, 'realtime billing failed');
    }
    if (stop && reason === null) stopForQuota(stop);
  });
  const fromClient = pipe(client, upstream);

  client.on('message', fromClient);
  upstream.on('message', fromUpstream);
  for (const [data, isBinary] of init.upstream.takeEarlyMessages()) fromUpstream(data, isBinary);

  /** The code the gateway closed the client with after a frame it refused (ws cuts such a socket). */
  let refusedFrameCode = 0;
  client.on('close', (code, text) => {
    clientCode = code;
    reason ??= 'client_closed';
    const forwarded = sendableCode(code) ? code : refusedFrameCode || (code === 1005 ? NORMAL : GOING_AWAY);
    closeSocket(upstream, forwarded, reasonText(text, []));
    finishIfClosed();
  });
  upstream.on('close', (code, text) => {
    upstreamCode = code;
    reason ??= 'upstream_closed';
    const forwarded = sendableCode(code) ? code : code === 1005 ? NORMAL : INTERNAL_ERROR;
    closeSocket(client, forwarded, reasonText(text, [init.channelKey]));
    finishIfClosed();
  });
  const onSocketError = (side: 'client' | 'upstream') => (error: Error) => {
    logger.warn(
      { requestId, side, err: maskSecrets(error.message, [init.channelKey]) },
      'realtime socket error',
    );
  };
  client.on('error', (error: Error & { code?: string }) => {
    refusedFrameCode = frameRefusalCode(error.code);
    onSocketError('client')(error);
  });
  upstream.on('error', onSocketError('upstream'));

  // A peer that vanished without a close (a dead TCP connection) is noticed by its missing pong.
  const alive = new Map<WebSocket, boolean>([
    [client, true],
    [upstream, true],
  ]);
  for (const socket of alive.keys()) socket.on('pong', () => alive.set(socket, true));
  heartbeat = setInterval(() => {
    if (ended) return clearInterval(heartbeat);
    for (const [socket, answered] of alive) {
      if (socket.readyState !== WebSocket.OPEN) continue;
      if (!answered) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  if (init.abort.aborted) onShutdown();
  else init.abort.addEventListener('abort', onShutdown, { once: true });

  // The upstream may have ended between its handshake and this hand-over (its close event is past).
  if (upstream.readyState !== WebSocket.OPEN && reason === null) {
    reason = 'upstream_closed';
    closeSocket(client, INTERNAL_ERROR);
  }
}
