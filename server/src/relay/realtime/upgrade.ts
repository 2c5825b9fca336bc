/**
 * `GET /v1/realtime?model=…` upgraded to a WebSocket: the OpenAI Realtime API relayed to an OpenAI or
 * Azure OpenAI channel (docs/realtime.md). The HTTP server's `upgrade` requests for this path go through
 * Fastify's routing like any request (hooks, request id, rate limits, OpenAI-format errors); the route
 * admits the caller, opens the upstream socket first and only then accepts the client's upgrade, so every
 * refusal and upstream failure is a proper HTTP error. Upgrade requests for other paths are served as
 * ordinary requests, as Node serves them when nobody listens for upgrades.
 */
import { type IncomingMessage, type Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import WebSocket, { type ServerOptions, WebSocketServer } from 'ws';
import type { AppContext } from '../../context.ts';
import { clientTypeOf } from '../../lib/client-type.ts';
import { SHUTDOWN_REASON } from '../call/inflight.ts';
import { UPSTREAM_ERROR_TYPE } from '../formats/openai/errors.ts';
import { authenticateKey } from '../http/auth.ts';
import { openAiErrorReply, relayError } from '../http/errors.ts';
import { errorRenderer } from '../http/format-surface.ts';
import { refuseWhenOverloaded } from '../http/load-guard.ts';
import { admitRealtime, checkHandshake, chooseProtocol, connectAnyChannel } from './admission.ts';
import { RealtimeMeter } from './metering.ts';
import { runSession, type SessionInit } from './session.ts';
import { CLOSE_TIMEOUT_MS } from './upstream.ts';

export const REALTIME_PATH = '/v1/realtime';
/** The largest frame a client may send; a larger one closes the session with 1009 (message too big). */
export const MAX_CLIENT_FRAME_BYTES = 16 * 1024 * 1024;

interface PendingUpgrade {
  socket: Socket;
  head: Buffer;
  response: ServerResponse;
}

function isRealtimePath(url: string | undefined): boolean {
  const path = (url ?? '').split('?')[0] ?? '';
  return path === REALTIME_PATH || path === `${REALTIME_PATH}/`;
}

/**
 * Serves an upgrade request for another path as an ordinary request: written back without its Upgrade
 * header, on the same connection, which is handed to the HTTP server again (its documented `connection`
 * injection).
 */
function serveAsOrdinaryRequest(
  server: Server,
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
): void {
  const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`];
  const raw = request.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const name = raw[index] as string;
    const value = raw[index + 1] as string;
    const lower = name.toLowerCase();
    if (lower === 'upgrade') continue;
    if (lower === 'connection') {
      const tokens = value
        .split(',')
        .map((token) => token.trim())
        .filter((token) => token && token.toLowerCase() !== 'upgrade');
      if (tokens.length > 0) lines.push(`${name}: ${tokens.join(', ')}`);
      continue;
    }
    lines.push(`${name}: ${value}`);
  }
  socket.unshift(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), head]));
  server.emit('connection', socket);
}

/**
 * Hands an upgrade for the realtime path to Fastify, with a response that closes the connection when
 * sent. `pending` holds it before Fastify sees the request: its hooks may run the route at once.
 */
function routeUpgrade(
  server: Server,
  pending: WeakMap<IncomingMessage, PendingUpgrade>,
  request: IncomingMessage,
  socket: Socket,
  head: Buffer,
): void {
  const response = new ServerResponse(request);
  response.shouldKeepAlive = false;
  response.assignSocket(socket);
  response.on('finish', () => {
    response.detachSocket(socket);
    socket.end();
  });
  pending.set(request, { socket, head, response });
  server.emit('request', request, response);
}

async function relaySession(
  context: AppContext,
  sockets: WebSocketServer,
  upgrade: PendingUpgrade,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  checkHandshake(request);
  const admission = await admitRealtime(context, request);
  const endSessionLimits = (quota: number, completed: boolean) => {
    const grant = admission.limits;
    admission.limits = null;
    if (grant) context.limiter.settle(grant, { tokens: 0, quota }, completed);
  };
  const abort = new AbortController();
  let clientGone = false;
  const onClientGone = () => {
    clientGone = true;
    abort.abort(new Error('the client closed the connection'));
  };
  upgrade.socket.once('close', onClientGone);
  const release = context.inflight.enter(abort);
  let handedOver = false;
  try {
    if (abort.signal.aborted && !clientGone) throw relayError(503, 'server_shutting_down', SHUTDOWN_REASON);
    const opened = await connectAnyChannel(context, admission, abort.signal);
    upgrade.socket.off('close', onClientGone);
    if (clientGone) {
      if (opened.ok) opened.upstream.socket.terminate();
      reply.hijack();
      upgrade.socket.destroy();
      return reply;
    }
    if (abort.signal.aborted) throw relayError(503, 'server_shutting_down', SHUTDOWN_REASON);
    if (!opened.ok) {
      const { failure } = opened;
      return reply
        .code(failure.status >= 400 ? failure.status : 502)
        .send(
          openAiErrorReply(
            failure.message,
            failure.type ?? UPSTREAM_ERROR_TYPE,
            failure.code ?? null,
            request.id,
          ),
        );
    }
    const upstream = opened.upstream.socket;
    reply.hijack();
    upgrade.response.detachSocket(upgrade.socket);
    const accepted: { client: WebSocket | null } = { client: null };
    if (!upgrade.socket.destroyed) {
      sockets.handleUpgrade(request.raw, upgrade.socket, upgrade.head, (client) => {
        accepted.client = client;
      });
    }
    const client = accepted.client;
    if (!client) {
      // The client left, or ws refused the handshake (it answered the client itself).
      upstream.close(1001);
      upgrade.socket.destroy();
      return reply;
    }
    const { channel, upstreamModel } = opened;
    const meter = new RealtimeMeter(context, {
      caller: admission.caller,
      requestId: request.id,
      model: admission.model,
      upstreamModel,
      channel,
      tried: opened.tried,
      pricing: admission.pricing,
      group: admission.group,
      clientType: clientTypeOf(request.headers['user-agent']),
    });
    const session = { requestId: request.id, channelId: channel.id, model: admission.model, upstreamModel };
    context.logger.info(session, 'realtime session opened');
    const sessionInit: SessionInit = {
      client,
      upstream: opened.upstream,
      meter,
      requestId: request.id,
      channelKey: channel.key,
      logger: context.logger,
      abort: abort.signal,
      onEnd: (summary) => {
        release();
        endSessionLimits(meter.billedQuota, meter.billedResponses > 0);
        context.logger.info(
          { ...session, ...summary, responses: meter.billedResponses, quota: meter.billedQuota },
          'realtime session closed',
        );
      },
    };
    try {
      runSession(sessionInit);
    } catch (error) {
      // No socket may stay open without its session.
      client.terminate();
      upstream.terminate();
      throw error;
    }
    handedOver = true;
    return reply;
  } finally {
    upgrade.socket.off('close', onClientGone);
    if (!handedOver) {
      release();
      endSessionLimits(0, false);
    }
  }
}

/** Registers the realtime relay on `app`'s HTTP server (one call from server/src/app.ts). */
export async function registerRealtimeRelay(app: FastifyInstance, context: AppContext): Promise<void> {
  // closeTimeout (ws 8.23, not in its typings): a client that never answers a close is cut after it.
  const options: ServerOptions & { closeTimeout: number } = {
    noServer: true,
    clientTracking: false,
    maxPayload: MAX_CLIENT_FRAME_BYTES,
    perMessageDeflate: false,
    closeTimeout: CLOSE_TIMEOUT_MS,
    handleProtocols: (offered) => chooseProtocol(offered),
  };
  const sockets = new WebSocketServer(options);
  const pending = new WeakMap<IncomingMessage, PendingUpgrade>();
  const requestIds = new WeakMap<IncomingMessage, string>();
  sockets.on('headers', (headers, request) => {
    const id = requestIds.get(request);
    if (id) headers.push(`X-Request-Id: ${id}`);
  });
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!isRealtimePath(request.url)) {
      serveAsOrdinaryRequest(app.server, request, socket, head);
      return;
    }
    // The HTTP server's own error handling left the socket with the upgrade.
    socket.on('error', () => socket.destroy());
    routeUpgrade(app.server, pending, request, socket as Socket, head);
  });
  app.addHook('onClose', async () => {
    sockets.close();
  });

  await app.register(async (scope) => {
    scope.setErrorHandler(errorRenderer('openai-chat'));
    // The system-load guard's 503 before a session starts (server/src/relay/http/load-guard.ts).
    scope.addHook('onRequest', refuseWhenOverloaded(context, { allMethods: true }));
    scope.get(REALTIME_PATH, async (request, reply) => {
      const upgrade = pending.get(request.raw);
      if (!upgrade) {
        // The key first: only a caller with a valid key learns how this route is used.
        authenticateKey(context, request, 'openai');
        throw relayError(
          426,
          'upgrade_required',
          `${REALTIME_PATH} is a WebSocket endpoint: connect with Upgrade: websocket`,
        );
      }
      pending.delete(request.raw);
      requestIds.set(request.raw, request.id);
      return relaySession(context, sockets, upgrade, request, reply);
    });
  });
}
