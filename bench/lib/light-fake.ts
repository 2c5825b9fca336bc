/**
 * The plumbing of the benchmark's light fake upstreams (bench/servers/fake-upstream.ts, the OpenAI API;
 * bench/servers/fake-claude.ts, the Anthropic API). On a 2-core machine the fake shares the cores with
 * the relay it serves, so every microsecond it spends is taken from the target under test and flattens
 * the comparison between targets. Hence: a bare node:http server, the body read with plain `data`
 * events, no JSON parsing (the few fields a fake must look at are found in the raw text), replies built
 * once per model and kept as bytes, no recording. The shapes stay those of the real APIs: the test suite's
 * fakes (server/src/test-support/fake-upstream, fake-vendors/claude-upstream.ts) check the requests
 * fully; these only answer them fast.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from '../../server/src/test-support/loopback.ts';

/** One request as the fake's route sees it: headers and the whole body as text. */
export type LightRoute = (request: IncomingMessage, body: string, response: ServerResponse) => void;

/** Bodies past this are refused (413) without being kept: the benchmark never sends one. */
const MAX_BODY_BYTES = 1024 * 1024;

const TOO_LARGE = jsonReply(413, { error: { message: 'request too large' } });

/** Starts a fake on a free port of 127.0.0.1; the route gets every request with its body read. */
export async function startLightFake(
  route: LightRoute,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    let first: Buffer | undefined;
    let more: Buffer[] | undefined;
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) return;
      if (first === undefined) first = chunk;
      else if (more === undefined) more = [first, chunk];
      else more.push(chunk);
    });
    request.on('end', () => {
      if (size > MAX_BODY_BYTES) {
        sendReply(response, TOO_LARGE);
        return;
      }
      const bytes = more === undefined ? first : Buffer.concat(more);
      route(request, bytes === undefined ? '' : bytes.toString('utf8'), response);
    });
  });
  server.keepAliveTimeout = 30_000;
  const url = await listenOnLoopback(server);
  return {
    url,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** A whole reply, serialised once: status, header lines and body bytes. */
export interface PreparedReply {
  status: number;
  /** Flat header list (name, value, name, value…), as writeHead takes it without copying an object. */
  headers: string[];
  body: Buffer;
}

/** A JSON reply with its Content-Length. */
export function jsonReply(status: number, body: string | object): PreparedReply {
  const bytes = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  return {
    status,
    headers: ['content-type', 'application/json', 'content-length', String(bytes.length)],
    body: bytes,
  };
}

/** Sends a prepared reply in one write. */
export function sendReply(response: ServerResponse, reply: PreparedReply): void {
  response.writeHead(reply.status, reply.headers);
  response.end(reply.body);
}

/** Events `from` to `to` (indexes, inclusive) of a stream are each preceded by a wait of `ms`. */
export interface EventDelay {
  ms: number;
  from: number;
  to: number;
}

/**
 * Writes a stream's events as separate chunks of a chunked reply, as a real API's tokens arrive (one
 * event per write: a relay parses them as they come, not as one block). A client that leaves stops the
 * timers of a delayed stream.
 */
export function writeEvents(
  response: ServerResponse,
  headers: string[],
  events: readonly Buffer[],
  delay: EventDelay | null,
): void {
  response.writeHead(200, headers);
  const last = events.length - 1;
  if (delay === null || delay.ms === 0) {
    for (let index = 0; index < last; index += 1) response.write(events[index]);
    response.end(events[last]);
    return;
  }
  let index = 0;
  let timer: NodeJS.Timeout | undefined;
  response.once('close', () => clearTimeout(timer));
  const next = (): void => {
    for (;;) {
      if (index === last) {
        response.end(events[last]);
        return;
      }
      response.write(events[index]);
      index += 1;
      if (index >= delay.from && index <= delay.to) {
        timer = setTimeout(next, delay.ms);
        return;
      }
    }
  };
  if (delay.from === 0) timer = setTimeout(next, delay.ms);
  else next();
}

/**
 * A finder of a string field's raw JSON text (`"model":"gpt-4o"` gives `gpt-4o`, escapes kept as sent, so
 * it can be put back into a reply as is); undefined when the body has none. A text search, compiled once:
 * the fake does not parse bodies.
 */
export function stringFieldFinder(field: string): (body: string) => string | undefined {
  const pattern = new RegExp(`"${field}"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)"`);
  return (body) => pattern.exec(body)?.[1];
}

/** Whether the body sets `field` to true anywhere (`"stream":true`, `"include_usage": true`). */
export function hasTrueField(body: string, field: string): boolean {
  const at = body.indexOf(`"${field}"`);
  if (at < 0) return false;
  let index = at + field.length + 2;
  while (body.charCodeAt(index) === 32 || body.charCodeAt(index) === 10) index += 1;
  if (body.charCodeAt(index) !== 58) return false; // ':'
  index += 1;
  while (body.charCodeAt(index) === 32 || body.charCodeAt(index) === 10) index += 1;
  return body.startsWith('true', index);
}

/** Replies built once per key (a model, a model and a flag) and reused; bounded, so a stray client cannot grow it. */
export class ReplyCache<Reply> {
  private readonly replies = new Map<string, Reply>();

  constructor(private readonly build: (key: string) => Reply) {}

  get(key: string): Reply {
    let reply = this.replies.get(key);
    if (reply === undefined) {
      reply = this.build(key);
      if (this.replies.size >= 64) this.replies.clear();
      this.replies.set(key, reply);
    }
    return reply;
  }
}
