/**
 * A fake OpenAI Realtime API for integration tests: a `ws` WebSocket server on 127.0.0.1 (random port).
 * Like the real one it checks the handshake — `/v1/realtime?model=…` with `Authorization: Bearer <key>`, or
 * Azure's `/openai/realtime?api-version=…&deployment=…` with `api-key: <key>` — and refuses a bad one with
 * an HTTP error and an OpenAI error body. It sends `session.created` at once, answers `session.update` with
 * `session.updated`, and `response.create` with `response.created`, transcript, audio and text deltas and a
 * `response.done` carrying FAKE_REALTIME_USAGE (beta event names when the client sent
 * `OpenAI-Beta: realtime=v1`, GA names otherwise). Binary frames are echoed back. Everything received is
 * recorded, and each connection's close as the fake saw it.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';

/** The usage of every fake response: details are parts of the totals, as OpenAI reports them. */
export const FAKE_REALTIME_USAGE = {
  total_tokens: 1664,
  input_tokens: 1264,
  output_tokens: 400,
  input_token_details: {
    text_tokens: 264,
    audio_tokens: 1000,
    cached_tokens: 64,
    cached_tokens_details: { text_tokens: 64, audio_tokens: 0 },
  },
  output_token_details: { text_tokens: 100, audio_tokens: 300 },
};

export const FAKE_REALTIME_TRANSCRIPT = ['Hello', ' from the', ' fake realtime model'];
/** The audio delta of every fake response (its base64 is sent). */
export const FAKE_REALTIME_AUDIO = randomBytes(24 * 1024);

type Json = Record<string, unknown>;

export interface FakeRealtimeConnection {
  /** Path and query as received. */
  url: string;
  headers: IncomingHttpHeaders;
  /** Client events in order: JSON events parsed, binary frames as they came. */
  received: (Json | Buffer)[];
  socket: WebSocket;
  /** The close as this side saw it. */
  closed: Promise<{ code: number; reason: string }>;
  send(event: Json): void;
}

export interface FakeRealtime {
  url: string;
  readonly connections: FakeRealtimeConnection[];
  /** Handshakes refused (wrong key, path, query) or failed on purpose. */
  readonly refused: { url: string; status: number }[];
  /** Answers the next `count` handshakes with HTTP `status` (an OpenAI error body). */
  failNext(status: number, count?: number): void;
  close(): Promise<void>;
}

function refuse(socket: Socket, status: number, code: string, message: string): void {
  const body = JSON.stringify({ error: { message, type: 'invalid_request_error', param: null, code } });
  socket.end(
    `HTTP/1.1 ${status} Refused\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Why a handshake is refused, or null when it may connect. */
function handshakeRefusal(
  url: URL,
  headers: IncomingHttpHeaders,
  key: string,
): { status: number; code: string; message: string } | null {
  if (url.pathname === '/v1/realtime') {
    if (headers.authorization !== `Bearer ${key}`)
      return { status: 401, code: 'invalid_api_key', message: 'Incorrect API key provided' };
    if (!url.searchParams.get('model'))
      return { status: 400, code: 'missing_model', message: 'model is required' };
    return null;
  }
  if (url.pathname === '/openai/realtime') {
    if (headers['api-key'] !== key)
      return { status: 401, code: '401', message: 'Access denied due to invalid subscription key' };
    if (!url.searchParams.get('api-version') || !url.searchParams.get('deployment'))
      return { status: 404, code: 'DeploymentNotFound', message: 'api-version and deployment are required' };
    return null;
  }
  return { status: 404, code: 'not_found', message: `Invalid URL (GET ${url.pathname})` };
}

function respond(connection: FakeRealtimeConnection, beta: boolean, id: string): void {
  const name = (ga: string, old: string) => (beta ? old : ga);
  const events: Json[] = [
    { type: 'response.created', response: { id, object: 'realtime.response', status: 'in_progress' } },
    ...FAKE_REALTIME_TRANSCRIPT.map((delta) => ({
      type: name('response.output_audio_transcript.delta', 'response.audio_transcript.delta'),
      response_id: id,
      delta,
    })),
    {
      type: name('response.output_audio.delta', 'response.audio.delta'),
      response_id: id,
      delta: FAKE_REALTIME_AUDIO.toString('base64'),
    },
    { type: name('response.output_text.delta', 'response.text.delta'), response_id: id, delta: 'ok' },
    {
      type: 'response.done',
      response: {
        id,
        object: 'realtime.response',
        status: 'completed',
        output: [
          {
            type: 'message',
            role: 'assistant',
            content: [{ type: 'output_audio', transcript: FAKE_REALTIME_TRANSCRIPT.join('') }],
          },
        ],
        usage: FAKE_REALTIME_USAGE,
      },
    },
  ];
  for (const event of events) connection.send(event);
}

/** Starts the fake; connections must carry `key` (Bearer, or `api-key` on the Azure path). */
export async function startFakeRealtime(key: string): Promise<FakeRealtime> {
  const connections: FakeRealtimeConnection[] = [];
  const refused: { url: string; status: number }[] = [];
  let failures: { status: number; count: number } | null = null;
  let events = 0;
  let responses = 0;
  const eventId = () => `event_fake_${++events}`;
  const sockets = new WebSocketServer({ noServer: true });
  const server = createServer((_request, response) => {
    response.writeHead(426, { 'content-type': 'text/plain' }).end('WebSocket only');
  });
  server.on('upgrade', (request, rawSocket, head) => {
    const socket = rawSocket as Socket;
    const url = new URL(request.url ?? '/', 'http://fake');
    if (failures && failures.count > 0) {
      failures.count -= 1;
      refused.push({ url: request.url ?? '', status: failures.status });
      refuse(socket, failures.status, 'fake_failure', `fake upstream failure ${failures.status}`);
      return;
    }
    const refusal = handshakeRefusal(url, request.headers, key);
    if (refusal) {
      refused.push({ url: request.url ?? '', status: refusal.status });
      refuse(socket, refusal.status, refusal.code, refusal.message);
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      let closed!: (close: { code: number; reason: string }) => void;
      const connection: FakeRealtimeConnection = {
        url: request.url ?? '',
        headers: request.headers,
        received: [],
        socket: ws,
        closed: new Promise((resolve) => {
          closed = resolve;
        }),
        send: (event) => {
          if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ event_id: eventId(), ...event }));
        },
      };
      connections.push(connection);
      ws.on('close', (code, reason) => closed({ code, reason: reason.toString() }));
      ws.on('error', () => undefined);
      const beta = request.headers['openai-beta'] === 'realtime=v1';
      const model = url.searchParams.get('model') ?? url.searchParams.get('deployment');
      connection.send({
        type: 'session.created',
        session: { id: 'sess_fake', object: 'realtime.session', model },
      });
      ws.on('message', (data, isBinary) => {
        const frame = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer);
        if (isBinary) {
          connection.received.push(frame);
          ws.send(frame, { binary: true });
          return;
        }
        const event = JSON.parse(frame.toString('utf8')) as Json;
        connection.received.push(event);
        if (event.type === 'session.update') {
          connection.send({
            type: 'session.updated',
            session: { id: 'sess_fake', model, ...(event.session as Json) },
          });
        } else if (event.type === 'response.create') {
          responses += 1;
          respond(connection, beta, `resp_fake_${responses}`);
        }
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connections,
    refused,
    failNext(status, count = 1) {
      failures = { status, count };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const connection of connections) connection.socket.terminate();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
