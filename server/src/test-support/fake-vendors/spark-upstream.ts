/**
 * A fake iFlytek Spark WebSocket API for integration tests: a `ws` server on 127.0.0.1 (random port) behind
 * a node:http server that upgrades only a request it can verify, as the real one does — it recomputes the
 * HMAC-SHA256 signature from the query's host and date and the request line with its own APISecret, checks
 * the APIKey and that the date is within 300 s of its clock, and refuses anything else with HTTP 401 and
 * `{"message": …}`. Written independently of the gateway's signing code. Each request frame is recorded; a
 * wrong app_id answers error 11200, a domain that is not the path's or a malformed conversation error
 * 10163; otherwise the reply comes in several text frames, the last (status 2) with the usage. It can be
 * told to answer an error frame first, after some text, or to fall silent.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type WebSocket from 'ws';
import { WebSocketServer } from 'ws';

export const FAKE_SPARK_APP_ID = 'fakeapp01';
export const FAKE_SPARK_API_SECRET = 'ZmFrZS1zcGFyay1hcGktc2VjcmV0LTAx';
export const FAKE_SPARK_API_KEY = 'fake-spark-api-key-0001';
export const FAKE_SPARK_KEY = `${FAKE_SPARK_APP_ID}|${FAKE_SPARK_API_SECRET}|${FAKE_SPARK_API_KEY}`;
export const FAKE_SPARK_PIECES = ['你好，', '我是', '讯飞星火认知大模型。'];
export const FAKE_SPARK_USAGE = {
  question_tokens: 4,
  prompt_tokens: 17,
  completion_tokens: 9,
  total_tokens: 26,
};

/** The domain each path serves (the public API's table). */
const DOMAINS: Readonly<Record<string, string>> = {
  '/v1.1/chat': 'general',
  '/v2.1/chat': 'generalv2',
  '/v3.1/chat': 'generalv3',
  '/v3.5/chat': 'generalv3.5',
  '/v4.0/chat': '4.0Ultra',
  '/chat/pro-128k': 'pro-128k',
  '/chat/max-32k': 'max-32k',
};

const MAX_CLOCK_SKEW_MS = 300_000;

type Json = Record<string, unknown>;

export interface FakeSparkRequest {
  /** The path the socket was opened on. */
  path: string;
  frame: Json;
}

export interface FakeSparkError {
  code: number;
  message: string;
  /** Text frames sent before the error frame (0: the error comes first). */
  afterPieces?: number;
}

export interface FakeSpark {
  /** The http:// base URL (what a channel's base URL holds). */
  url: string;
  readonly requests: FakeSparkRequest[];
  /** Handshakes refused, with the reason. */
  readonly refused: { path: string; reason: string }[];
  /** Connections the fake saw closed (opened ones only). */
  readonly closed: number;
  /** Answers the next request frame with this error frame. */
  failNext(error: FakeSparkError): void;
  /** Sends `pieces` text frames to the next request, then nothing more (the socket stays open). */
  stallNext(pieces: number): void;
  close(): Promise<void>;
}

function refuse(socket: Socket, reason: string): void {
  const body = JSON.stringify({ message: reason });
  socket.end(
    `HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Why the handshake's signature does not hold, or null when it does. */
function signatureProblem(request: IncomingMessage): string | null {
  const url = new URL(request.url ?? '/', 'http://fake');
  const authorization = url.searchParams.get('authorization');
  const date = url.searchParams.get('date');
  const host = url.searchParams.get('host');
  if (!authorization || !date || !host) return 'authorization, date and host are required';
  if (host !== request.headers.host) return 'the host does not match the request';
  const at = Date.parse(date);
  if (Number.isNaN(at) || Math.abs(Date.now() - at) > MAX_CLOCK_SKEW_MS)
    return 'HMAC signature cannot be verified, a valid date or x-date header is required for HMAC Authentication';
  const fields = Object.fromEntries(
    [
      ...Buffer.from(authorization, 'base64')
        .toString('utf8')
        .matchAll(/(\w+)="([^"]*)"/g),
    ].map((match) => [match[1], match[2]]),
  );
  if (fields.api_key !== FAKE_SPARK_API_KEY) return 'HMAC signature cannot be verified: unknown api_key';
  if (fields.algorithm !== 'hmac-sha256' || fields.headers !== 'host date request-line')
    return 'HMAC signature cannot be verified: unsupported algorithm or headers';
  const expected = createHmac('sha256', FAKE_SPARK_API_SECRET)
    .update(`host: ${host}\ndate: ${date}\nGET ${url.pathname} HTTP/1.1`)
    .digest();
  const given = Buffer.from(fields.signature ?? '', 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return 'HMAC signature does not match';
  return null;
}

/** Why a request frame cannot be served on `path` (Spark's error code and message), or null. */
function frameProblem(path: string, frame: Json): { code: number; message: string } | null {
  const header = frame.header as Json | undefined;
  const chat = (frame.parameter as { chat?: Json } | undefined)?.chat;
  const text = (frame.payload as { message?: { text?: unknown } } | undefined)?.message?.text;
  if (header?.app_id !== FAKE_SPARK_APP_ID) return { code: 11200, message: 'AppIdNoAuthError' };
  if (!chat || chat.domain !== DOMAINS[path])
    return { code: 10163, message: `the domain does not match ${path}` };
  if (!Array.isArray(text) || text.length === 0) return { code: 10163, message: 'payload.message.text' };
  const roles = text.map((item: { role?: unknown; content?: unknown }) =>
    typeof item?.content === 'string' ? item.role : 'invalid',
  );
  const valid = roles.every(
    (role, index) => role === 'user' || role === 'assistant' || (role === 'system' && index === 0),
  );
  if (!valid || roles.at(-1) !== 'user') return { code: 10163, message: 'invalid message roles' };
  return null;
}

export async function startFakeSpark(): Promise<FakeSpark> {
  const requests: FakeSparkRequest[] = [];
  const refused: { path: string; reason: string }[] = [];
  const failures: FakeSparkError[] = [];
  const stalls: number[] = [];
  let closed = 0;
  let sessions = 0;
  const server = createServer((_request, response) => {
    response.writeHead(426, { 'content-type': 'application/json' }).end('{"message":"upgrade required"}');
  });
  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket: Socket, head) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const problem = DOMAINS[path] ? signatureProblem(request) : 'no such path';
    if (problem) {
      refused.push({ path, reason: problem });
      refuse(socket, problem);
      return;
    }
    sockets.handleUpgrade(request, socket, head, (client) => serve(client, path));
  });

  const serve = (client: WebSocket, path: string) => {
    client.on('close', () => {
      closed += 1;
    });
    client.once('message', (data) => {
      sessions += 1;
      const sid = `cht000fake${sessions}`;
      let frame: Json;
      try {
        frame = JSON.parse(data.toString()) as Json;
      } catch {
        client.send(JSON.stringify({ header: { code: 10003, message: 'not JSON', sid, status: 2 } }));
        client.close();
        return;
      }
      requests.push({ path, frame });
      const send = (piece: string, status: number, extra: Json = {}) =>
        client.send(
          JSON.stringify({
            header: { code: 0, message: 'Success', sid, status },
            payload: {
              choices: { status, seq: 0, text: [{ content: piece, role: 'assistant', index: 0 }] },
              ...extra,
            },
          }),
        );
      const problem = frameProblem(path, frame);
      const failure: FakeSparkError | undefined = problem ?? failures.shift();
      const stall = problem || failure ? undefined : stalls.shift();
      const pieces = failure ? (failure.afterPieces ?? 0) : (stall ?? FAKE_SPARK_PIECES.length);
      for (let index = 0; index < pieces; index += 1) {
        const last = !failure && stall === undefined && index === FAKE_SPARK_PIECES.length - 1;
        const piece = FAKE_SPARK_PIECES[index % FAKE_SPARK_PIECES.length]!;
        if (last) send(piece, 2, { usage: { text: FAKE_SPARK_USAGE } });
        else send(piece, index === 0 ? 0 : 1);
      }
      if (failure) {
        client.send(
          JSON.stringify({ header: { code: failure.code, message: failure.message, sid, status: 2 } }),
        );
      }
      if (stall === undefined) client.close(1000);
    });
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    refused,
    get closed() {
      return closed;
    },
    failNext: (error) => {
      failures.push(error);
    },
    stallNext: (pieces) => {
      stalls.push(pieces);
    },
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
