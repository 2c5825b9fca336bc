/**
 * One realtime session once both sockets are open: frames pass through unchanged and in order both ways
 * (text stays text, binary stays binary), a side that cannot keep up pauses the other, and either side's
 * close ends the other. The meter (server/src/relay/realtime/metering.ts) sees every text frame: a client
 * frame goes upstream only once the meter admits it (a response.create whose bound is reserved; later
 * frames wait their turn while shared balances decide), upstream frames are counted as delivered when they
 * reach the client. When the session ends with responses in progress — the client left, the balance ran
 * out, a shutdown (server/src/relay/call/inflight.ts) — they are cancelled upstream (`response.cancel`) and
 * the upstream is closed once their `response.done` came, or after CANCEL_GRACE_MS, so that they are billed
 * from the upstream's usage when it reports it. A used-up balance or a shutdown ends the session with an
 * `error` event in the Realtime API's shape.
 */
import type { FastifyBaseLogger } from 'fastify';
import WebSocket, { type RawData } from 'ws';
import { SHUTDOWN_REASON } from '../call/inflight.ts';
import { maskSecrets } from '../http/errors.ts';
import { errorEvent } from './events.ts';
import type { QuotaStop, RealtimeMeter, ResponseEnding } from './metering.ts';
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
/** How long responses cancelled at the end of a session may take to report their usage. */
export const CANCEL_GRACE_MS = 1_500;

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

/** How the responses still in progress ended, by why the session ended. */
const ENDINGS: Record<SessionSummary['reason'], ResponseEnding> = {
  client_closed: 'client_disconnected',
  upstream_closed: 'upstream_closed',
  quota_exhausted: 'quota_exhausted',
  shutdown: 'shutdown',
  error: 'client_disconnected',
};

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
  /** Settles what the meter still holds, once, as the session's reason says. */
  const finishMeter = () => {
    try {
      meter.finish(ENDINGS[reason ?? 'error']);
    } catch (error) {
      logger.error({ requestId, err: error }, 'realtime billing failed');
    }
  };

  /**
   * Closes the upstream: at once when no response is in progress; otherwise after cancelling them and
   * waiting (at most CANCEL_GRACE_MS) for their response.done, which carries the upstream's usage.
   */
  let retiring = false;
  let grace: NodeJS.Timeout | undefined;
  const retireUpstream = (code: number, text = '') => {
    if (retiring) return;
    retiring = true;
    meter.beginEnding(ENDINGS[reason ?? 'error']);
    const inProgress = upstream.readyState === WebSocket.OPEN ? meter.responsesInProgress() : [];
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      clearTimeout(grace);
      finishMeter();
      closeSocket(upstream, code, text);
    };
    if (inProgress.length === 0) return close();
    // A slow client may have paused the upstream: its response.done must still be read.
    upstream.resume();
    for (const id of inProgress) upstream.send(JSON.stringify({ type: 'response.cancel', response_id: id }));
    grace = setTimeout(close, CANCEL_GRACE_MS);
    meter.whenIdle(close);
  };

  /** Ends the session from the gateway's side: the client gets `event` (if any) before its close. */
  const end = (why: SessionSummary['reason'], code: number, event?: string) => {
    reason ??= why;
    if (event && client.readyState === WebSocket.OPEN) client.send(event);
    closeSocket(client, code);
    retireUpstream(code === POLICY_VIOLATION ? NORMAL : code);
  };
  const stopForQuota = (stop: QuotaStop, announce: boolean) => {
    if (reason !== null) return;
    end(
      'quota_exhausted',
      POLICY_VIOLATION,
      announce ? errorEvent(stop.type, stop.code, stop.message, requestId) : undefined,
    );
  };
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
    clearTimeout(grace);
    finishMeter();
    init.abort.removeEventListener('abort', onShutdown);
    init.onEnd({ clientCode, upstreamCode, reason: reason ?? 'error' });
  };

  /** Forwards `from`'s frames to `to`, pausing `from` while `to` has too much queued. */
  const pipe = (from: WebSocket, to: WebSocket) => {
    let paused = false;
    const drained = () => {
      if (paused && to.bufferedAmount <= LOW_WATER_BYTES) {
        paused = false;
        from.resume();
      }
    };
    /** Sends the frame; true when it went out to `to`. */
    return (frame: Buffer, isBinary: boolean): boolean => {
      if (to.readyState !== WebSocket.OPEN) return false;
      to.send(frame, { binary: isBinary }, drained);
      if (!paused && to.bufferedAmount > HIGH_WATER_BYTES) {
        paused = true;
        from.pause();
      }
      return true;
    };
  };

  const toClient = pipe(upstream, client);
  const fromUpstream = (data: RawData, isBinary: boolean) => {
    const frame = asBuffer(data);
    // Past a gateway-side end only the upstream's own reports still count (a response.done).
    const delivered = reason !== 'quota_exhausted' && reason !== 'shutdown' && toClient(frame, isBinary);
    if (isBinary) return;
    try {
      meter.observe(frame, delivered);
    } catch (error) {
      // A socket listener must not throw; the frame has reached the client already.
      logger.error({ requestId, err: error }, 'realtime billing failed');
    }
  };

  const toUpstream = pipe(client, upstream);
  /** Client frames waiting while the meter decides on an earlier one (shared balances answer later). */
  const waiting: [Buffer, boolean][] = [];
  let deciding = false;
  const admit = (frame: Buffer, isBinary: boolean) => {
    if (isBinary) {
      toUpstream(frame, true);
      return;
    }
    let admitted: boolean | Promise<boolean>;
    try {
      admitted = meter.admitClientFrame(frame);
    } catch (error) {
      // Nothing goes upstream unbilled: a frame the meter could not judge is dropped.
      logger.error({ requestId, err: error }, 'realtime billing failed');
      return;
    }
    if (admitted === true) toUpstream(frame, false);
    if (typeof admitted === 'boolean') return;
    // The client waits too (a few frames already read still arrive and queue up behind this one).
    deciding = true;
    client.pause();
    admitted
      .then(
        (ok) => {
          if (ok && reason === null) toUpstream(frame, false);
        },
        (error: unknown) => logger.error({ requestId, err: error }, 'realtime billing failed'),
      )
      .finally(() => {
        deciding = false;
        while (!deciding && waiting.length > 0) {
          const [next, binary] = waiting.shift() as [Buffer, boolean];
          admit(next, binary);
        }
        if (!deciding && upstream.bufferedAmount <= HIGH_WATER_BYTES) client.resume();
      });
  };
  const fromClient = (data: RawData, isBinary: boolean) => {
    const frame = asBuffer(data);
    if (deciding) waiting.push([frame, isBinary]);
    else admit(frame, isBinary);
  };

  meter.attach({
    toClient: (event) => {
      if (client.readyState === WebSocket.OPEN) client.send(event);
    },
    toUpstream: (event) => {
      if (upstream.readyState === WebSocket.OPEN) upstream.send(event);
    },
    stop: stopForQuota,
  });
  client.on('message', fromClient);
  upstream.on('message', fromUpstream);
  for (const [data, isBinary] of init.upstream.takeEarlyMessages()) fromUpstream(data, isBinary);

  /** The code the gateway closed the client with after a frame it refused (ws cuts such a socket). */
  let refusedFrameCode = 0;
  client.on('close', (code, text) => {
    clientCode = code;
    reason ??= 'client_closed';
    waiting.length = 0;
    const forwarded = sendableCode(code) ? code : refusedFrameCode || (code === 1005 ? NORMAL : GOING_AWAY);
    retireUpstream(forwarded, reasonText(text, []));
    finishIfClosed();
  });
  upstream.on('close', (code, text) => {
    upstreamCode = code;
    reason ??= 'upstream_closed';
    clearTimeout(grace);
    finishMeter();
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
    finishMeter();
    closeSocket(client, INTERNAL_ERROR);
  }
}
