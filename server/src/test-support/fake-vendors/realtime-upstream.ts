/**
 * A fake OpenAI Realtime API for integration tests: a `ws` WebSocket server on 127.0.0.1 (random port).
 * Like the real one it checks the handshake — `/v1/realtime?model=…` with `Authorization: Bearer <key>`, or
 * Azure's `/openai/realtime?api-version=…&deployment=…` with `api-key: <key>` — and refuses a bad one with
 * an HTTP error and an OpenAI error body. It sends `session.created` at once with OpenAI's defaults (server
 * VAD that creates responses, PCM audio at 24 kHz, `inf` output tokens), answers `session.update` with the
 * whole updated session, and `response.create` with a response streamed over time
 * (realtime-responses.ts: deltas, then a `response.done` with its usage). Like OpenAI it allows one response
 * at a time in the conversation (out-of-band ones aside), answers `response.cancel` with a `response.done`
 * of status `cancelled` and the usage so far, and, while the VAD creates responses, treats every
 * `input_audio_buffer.append` as one spoken turn (speech started and stopped, audio committed, a response
 * created — interrupting the one in progress). Beta event names when the client sent
 * `OpenAI-Beta: realtime=v1`, GA names otherwise. Binary frames are echoed back. Everything received is
 * recorded, and each connection's close as the fake saw it.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { DEFAULT_BEHAVIOUR, type FakeRealtimeBehaviour, FakeResponse } from './realtime-responses.ts';

export {
  FAKE_REALTIME_AUDIO,
  FAKE_REALTIME_SCRIPT,
  FAKE_REALTIME_TEXT,
  FAKE_REALTIME_TRANSCRIPT,
  FAKE_REALTIME_USAGE,
  type FakeRealtimeBehaviour,
  usageAfter,
} from './realtime-responses.ts';

/** The instructions of a new session (OpenAI's sessions start with default instructions too). */
export const FAKE_REALTIME_INSTRUCTIONS = 'You are a helpful, friendly voice assistant.';

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
  /** Changes how responses are streamed from now on; `behave()` restores the defaults. */
  behave(changes?: Partial<FakeRealtimeBehaviour>): void;
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

const DEFAULT_TURN_DETECTION = {
  type: 'server_vad',
  threshold: 0.5,
  prefix_padding_ms: 300,
  silence_duration_ms: 500,
  create_response: true,
  interrupt_response: true,
};

/** A new session as OpenAI describes it in `session.created`: the GA shape, or the beta one. */
function defaultSession(model: string | null, beta: boolean): Json {
  const common = {
    id: 'sess_fake',
    object: 'realtime.session',
    model,
    instructions: FAKE_REALTIME_INSTRUCTIONS,
  };
  if (beta)
    return {
      ...common,
      modalities: ['text', 'audio'],
      input_audio_format: 'pcm16',
      output_audio_format: 'pcm16',
      turn_detection: DEFAULT_TURN_DETECTION,
      tools: [],
      max_response_output_tokens: 'inf',
    };
  return {
    type: 'realtime',
    ...common,
    output_modalities: ['audio'],
    audio: {
      input: { format: { type: 'audio/pcm', rate: 24000 }, turn_detection: DEFAULT_TURN_DETECTION },
      output: { format: { type: 'audio/pcm', rate: 24000 }, voice: 'alloy' },
    },
    tools: [],
    max_output_tokens: 'inf',
  };
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `update` over `base`: objects merged key by key, anything else (null included) replaced. */
function merged(base: Json, update: Json): Json {
  const result: Json = { ...base };
  for (const [key, value] of Object.entries(update)) {
    const current = result[key];
    result[key] = isObject(current) && isObject(value) ? merged(current, value) : value;
  }
  return result;
}

function outputLimit(value: unknown): number | null {
  return typeof value === 'number' && value > 0 ? value : null;
}

/** What one connection holds: its session, its input audio buffer and the responses in progress. */
class FakeRealtimeSession {
  private session: Json;
  private bufferedAudio = 0;
  private readonly responses = new Set<FakeResponse>();
  private items = 0;

  constructor(
    private readonly connection: FakeRealtimeConnection,
    private readonly beta: boolean,
    model: string | null,
    private readonly behaviour: () => FakeRealtimeBehaviour,
    private readonly nextResponseId: () => string,
  ) {
    this.session = defaultSession(model, beta);
    connection.send({ type: 'session.created', session: this.session });
  }

  private get turnDetection(): Json | null {
    const detection = this.beta
      ? this.session.turn_detection
      : ((this.session.audio as Json | undefined)?.input as Json | undefined)?.turn_detection;
    return isObject(detection) ? detection : null;
  }

  private error(code: string, message: string, event: Json, param: string | null = null): void {
    this.connection.send({
      type: 'error',
      error: {
        type: 'invalid_request_error',
        code,
        message,
        param,
        event_id: typeof event.event_id === 'string' ? event.event_id : null,
      },
    });
  }

  private inConversation(): FakeResponse | undefined {
    return [...this.responses].find((response) => response.inConversation);
  }

  private createResponse(event: Json, parameters: Json): void {
    const inConversation = parameters.conversation !== 'none';
    const active = inConversation ? this.inConversation() : undefined;
    if (active) {
      this.error(
        'conversation_already_has_active_response',
        `Conversation already has an active response in progress: ${active.id}. Wait until the response is finished before creating a new one.`,
        event,
      );
      return;
    }
    const limit =
      parameters.max_output_tokens ??
      parameters.max_response_output_tokens ??
      (this.beta ? this.session.max_response_output_tokens : this.session.max_output_tokens);
    const response = new FakeResponse({
      id: this.nextResponseId(),
      beta: this.beta,
      maxOutputTokens: outputLimit(limit),
      inConversation,
      behaviour: this.behaviour(),
      send: (sent) => this.connection.send(sent),
      onEnd: (ended) => this.responses.delete(ended),
    });
    this.responses.add(response);
    response.start();
  }

  private cancelResponse(event: Json): void {
    const id = typeof event.response_id === 'string' ? event.response_id : null;
    const target = id ? [...this.responses].find((response) => response.id === id) : this.inConversation();
    if (!target) {
      this.error('response_cancel_not_active', 'Cancellation failed: no active response found', event);
      return;
    }
    target.cancel('client_cancelled');
  }

  /** One `input_audio_buffer.append`: with turn detection on, a whole spoken turn. */
  private appendAudio(event: Json): void {
    this.bufferedAudio += Buffer.from(String(event.audio ?? ''), 'base64').length;
    const detection = this.turnDetection;
    if (!detection) return;
    const itemId = `item_fake_input_${++this.items}`;
    this.connection.send({ type: 'input_audio_buffer.speech_started', audio_start_ms: 0, item_id: itemId });
    const active = this.inConversation();
    if (active && detection.interrupt_response !== false) active.cancel('turn_detected');
    this.connection.send({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: 1000, item_id: itemId });
    this.commitAudio(itemId);
    if (detection.create_response !== false) this.createResponse({}, {});
  }

  private commitAudio(itemId = `item_fake_input_${++this.items}`): void {
    this.bufferedAudio = 0;
    this.connection.send({ type: 'input_audio_buffer.committed', previous_item_id: null, item_id: itemId });
    this.connection.send({
      type: 'conversation.item.created',
      item: { id: itemId, type: 'message', role: 'user', content: [{ type: 'input_audio' }] },
    });
  }

  handle(event: Json): void {
    switch (event.type) {
      case 'session.update':
        this.session = merged(this.session, isObject(event.session) ? event.session : {});
        this.connection.send({ type: 'session.updated', session: this.session });
        return;
      case 'response.create':
        this.createResponse(event, isObject(event.response) ? event.response : {});
        return;
      case 'response.cancel':
        this.cancelResponse(event);
        return;
      case 'input_audio_buffer.append':
        this.appendAudio(event);
        return;
      case 'input_audio_buffer.commit':
        if (this.bufferedAudio === 0) this.error('input_audio_buffer_commit_empty', 'buffer is empty', event);
        else this.commitAudio();
        return;
      case 'input_audio_buffer.clear':
        this.bufferedAudio = 0;
        this.connection.send({ type: 'input_audio_buffer.cleared' });
        return;
      case 'conversation.item.create':
        this.connection.send({
          type: 'conversation.item.created',
          item: { id: `item_fake_${++this.items}`, ...(isObject(event.item) ? event.item : {}) },
        });
        return;
    }
  }

  close(): void {
    for (const response of [...this.responses]) response.stop();
  }
}

/** Starts the fake; connections must carry `key` (Bearer, or `api-key` on the Azure path). */
export async function startFakeRealtime(key: string): Promise<FakeRealtime> {
  const connections: FakeRealtimeConnection[] = [];
  const refused: { url: string; status: number }[] = [];
  let failures: { status: number; count: number } | null = null;
  let behaviour: FakeRealtimeBehaviour = { ...DEFAULT_BEHAVIOUR };
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
      const session = new FakeRealtimeSession(
        connection,
        request.headers['openai-beta'] === 'realtime=v1',
        url.searchParams.get('model') ?? url.searchParams.get('deployment'),
        () => behaviour,
        () => `resp_fake_${++responses}`,
      );
      ws.on('close', (code, reason) => {
        session.close();
        closed({ code, reason: reason.toString() });
      });
      ws.on('error', () => undefined);
      ws.on('message', (data, isBinary) => {
        const frame = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer);
        if (isBinary) {
          connection.received.push(frame);
          ws.send(frame, { binary: true });
          return;
        }
        const event = JSON.parse(frame.toString('utf8')) as Json;
        connection.received.push(event);
        session.handle(event);
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
    behave(changes = {}) {
      behaviour = { ...DEFAULT_BEHAVIOUR, ...changes };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const connection of connections) connection.socket.terminate();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
