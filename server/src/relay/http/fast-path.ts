/**
 * The direct path for the OpenAI JSON endpoints (POST /v1/chat/completions and the others of
 * `OPENAI_ENDPOINTS`): the HTTP server hands such a request straight to the relay, without Fastify's
 * routing, hook chain, reply serialization and plugins — about a fifth of a relay call's CPU time in the
 * benchmark (bench/RESULTS.md, docs/architecture.md "The relay's direct path"). What a client sees is the
 * same as through Fastify's routes (server/src/relay/http/routes.ts), which stay registered and serve every
 * request the direct path leaves alone:
 * - the same headers (X-Request-Id, X-Content-Type-Options), key-first authentication, body limits and
 *   messages, error shapes and request ids, and the system-load guard's 503;
 * - requests whose body is not plain JSON (another content type, a compressed body), and every request
 *   once the server is closing or when TRUST_PROXY is set (Fastify works out the client address), go
 *   through Fastify.
 * Replies here are not compressed (new-api does not compress relay replies either).
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { FastifyError } from 'fastify';
import type { AppContext } from '../../context.ts';
import { type Language, languageOf } from '../../lib/messages.ts';
import { nextRequestId } from '../../lib/request-id.ts';
import type { RelayEndpoint } from '../providers/types.ts';
import { authenticateKey } from './auth.ts';
import type { RelayReply, RelayRequest } from './http-types.ts';
import { readJsonBody } from './json-body.ts';
import { loadGuardOf } from './load-guard.ts';
import { OPENAI_ENDPOINTS, renderRelayError, serveOpenAiCall } from './routes.ts';

/** Serves the request and returns true, or returns false and leaves it to Fastify. */
export type DirectHandler = (request: IncomingMessage, response: ServerResponse) => boolean;

class DirectRequest implements RelayRequest {
  readonly id = nextRequestId();
  readonly headers: IncomingHttpHeaders;
  readonly url: string;
  readonly ip: string;
  readonly language: Language;
  readonly log: RelayRequest['log'];
  bodyBytes = 0;
  private readonly search: string;

  constructor(raw: IncomingMessage, search: string, log: RelayRequest['log']) {
    this.headers = raw.headers;
    this.url = raw.url ?? '';
    this.ip = raw.socket.remoteAddress ?? '';
    this.language = languageOf(raw.headers['accept-language']);
    this.search = search;
    this.log = log;
  }

  get query(): unknown {
    return parseQuery(this.search);
  }
}

/** Content types for what `send` is given, as Fastify sets them. */
function defaultContentType(payload: unknown): string {
  if (typeof payload === 'string') return 'text/plain; charset=utf-8';
  if (Buffer.isBuffer(payload)) return 'application/octet-stream';
  return 'application/json; charset=utf-8';
}

/** Header names the same but for case (`content-type`, `Content-Type`), without lowercasing either. */
function sameHeaderName(one: string, other: string): boolean {
  return one.length === other.length && (one === other || one.toLowerCase() === other.toLowerCase());
}

/**
 * The reply of a direct call. Its headers are kept in a flat list and written with the status in one
 * `writeHead` call: `setHeader` validates and stores each header in the response's map, which Node then
 * walks again to write them (7–8 µs a call, bench/README.md). A relay that takes the response over
 * (`hijack`: streams, audio) gets the headers set so far — the two every reply carries, and any others —
 * set on the response the usual way, so that what it writes itself (`writeHead` with its own headers) comes
 * out with them.
 */
class DirectReply implements RelayReply {
  private statusCode = 200;
  private hijacked = false;
  /** Name, value, name, value…: X-Request-Id and X-Content-Type-Options first, as Fastify's routes send. */
  private headers: (string | number)[];

  constructor(
    readonly raw: ServerResponse,
    private readonly requestId: string,
  ) {
    this.headers = ['X-Request-Id', requestId, 'X-Content-Type-Options', 'nosniff'];
  }

  get sent(): boolean {
    return this.hijacked || this.raw.writableEnded;
  }

  code(statusCode: number): RelayReply {
    this.statusCode = statusCode;
    return this;
  }

  /** Sets a header; one of the same name (in any case) is replaced where it stands, as `setHeader` does. */
  header(name: string, value: string): RelayReply {
    const headers = this.headers;
    for (let index = 0; index < headers.length; index += 2) {
      if (sameHeaderName(headers[index] as string, name)) {
        headers[index] = name;
        headers[index + 1] = value;
        return this;
      }
    }
    headers.push(name, value);
    return this;
  }

  /** Appended without a search: the callers (traffic-limit headers) set names no one else sets. */
  addHeaders(headers: ReadonlyArray<readonly [string, string]>): void {
    for (const [name, value] of headers) this.headers.push(name, value);
  }

  send(payload: unknown): RelayReply {
    if (this.sent) return this;
    const headers = this.headers;
    let hasContentType = false;
    for (let index = 0; index < headers.length; index += 2) {
      if (sameHeaderName(headers[index] as string, 'content-type')) hasContentType = true;
    }
    if (!hasContentType) headers.push('content-type', defaultContentType(payload));
    const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload);
    headers.push('content-length', typeof body === 'string' ? Buffer.byteLength(body) : body.length);
    try {
      this.raw.writeHead(this.statusCode, headers as string[]);
    } catch (error) {
      // A header Node refuses (an invalid character): the error reply that follows goes without it.
      this.headers = ['X-Request-Id', this.requestId, 'X-Content-Type-Options', 'nosniff'];
      throw error;
    }
    this.raw.end(body);
    return this;
  }

  hijack(): void {
    this.hijacked = true;
    const headers = this.headers;
    for (let index = 0; index < headers.length; index += 2)
      this.raw.setHeader(headers[index] as string, headers[index + 1] as string);
  }
}

/** `application/json`, with or without parameters (charset): what the relay's JSON parser takes. */
function isPlainJson(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const semicolon = contentType.indexOf(';');
  const type = (semicolon < 0 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
  return type === 'application/json';
}

/** The path of a request URL without its query and one trailing slash (Fastify ignores it too). */
function splitUrl(url: string): { path: string; search: string } {
  const mark = url.indexOf('?');
  let path = mark < 0 ? url : url.slice(0, mark);
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return { path, search: mark < 0 ? '' : url.slice(mark + 1) };
}

/** An error of a direct call: its error reply, or, once the reply has begun, the connection cut. */
function fail(context: AppContext, request: DirectRequest, reply: DirectReply, error: unknown): void {
  if (!reply.sent) {
    renderRelayError(error as FastifyError, request, reply);
  } else if (!reply.raw.writableEnded) {
    context.logger.error({ err: error, requestId: request.id }, 'relay request failed after its reply began');
    reply.raw.destroy();
  }
}

/**
 * Serves one direct call: the key first (a caller without a valid key gets its refusal before any of its
 * body is read), then the body, then the call. Callbacks rather than awaits, one promise per call fewer
 * to make and resume.
 */
function serve(
  context: AppContext,
  raw: IncomingMessage,
  request: DirectRequest,
  reply: DirectReply,
  endpoint: RelayEndpoint,
): void {
  let caller: ReturnType<typeof authenticateKey>;
  try {
    caller = authenticateKey(context, request, 'openai');
  } catch (error) {
    fail(context, request, reply, error);
    return;
  }
  readJsonBody(raw, context.config.maxRequestBodyBytes, request, (error, body) => {
    if (error) fail(context, request, reply, error);
    else
      serveOpenAiCall(context, request, reply, endpoint, caller, body).catch((failure: unknown) =>
        fail(context, request, reply, failure),
      );
  });
}

/**
 * The direct path's request handler. `closing` tells when the server has begun to close: Fastify then
 * answers new requests itself (503).
 */
export function directRelayHandler(context: AppContext, closing: () => boolean): DirectHandler | null {
  // Fastify works out the client's address from forwarding headers; the direct path would not.
  if (context.config.trustProxy) return null;
  const { metrics, logger } = context;
  const loadGuard = loadGuardOf(context);
  return (raw, response) => {
    if (raw.method !== 'POST' || closing()) return false;
    const { path, search } = splitUrl(raw.url ?? '');
    const endpoint = OPENAI_ENDPOINTS.get(path);
    if (!endpoint) return false;
    if (!isPlainJson(raw.headers['content-type']) || raw.headers['content-encoding']) return false;
    const request = new DirectRequest(raw, search, logger);
    const reply = new DirectReply(response, request.id);
    if (metrics) {
      const started = performance.now();
      response.once('close', () =>
        metrics.recordHttp(path, 'POST', response.statusCode, (performance.now() - started) / 1000),
      );
    }
    // The system-load guard's refusal, made by its sampler (server/src/relay/http/load-guard.ts).
    const overloaded = loadGuard.refusal;
    if (overloaded !== null) fail(context, request, reply, overloaded);
    else serve(context, raw, request, reply, endpoint);
    return true;
  };
}
