/**
 * What the relay needs of an HTTP request and its reply. Fastify's request and reply have all of it;
 * so do the lean objects of the direct path for the OpenAI endpoints (server/src/relay/http/fast-path.ts),
 * which skips Fastify's routing, hooks and reply machinery on the hottest routes.
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { Language } from '../../lib/messages.ts';

export interface RelayRequest {
  readonly id: string;
  readonly headers: IncomingHttpHeaders;
  /** The path and query string as the client sent them. */
  readonly url: string;
  /** The client's address (Fastify's, which honours TRUST_PROXY). */
  readonly ip: string;
  readonly language: Language;
  /** The parsed query string. */
  readonly query: unknown;
  readonly log: { error(details: object, message: string): void };
  /**
   * The size of a JSON body once read (server/src/relay/http/json-body.ts); 0 before, or for other bodies.
   */
  bodyBytes?: number;
}

export interface RelayReply {
  readonly raw: ServerResponse;
  /** True once a reply was sent or the response was taken over (hijack). */
  readonly sent: boolean;
  code(statusCode: number): RelayReply;
  header(name: string, value: string): RelayReply;
  /**
   * Sets headers kept whether the reply is sent or taken over (hijack) — the direct path's replies
   * (./fast-path.ts) add them to the one `writeHead` they make; absent on Fastify's replies, where the
   * caller sets them on `raw` instead.
   */
  addHeaders?(headers: ReadonlyArray<readonly [string, string]>): void;
  /** Sends a string or Buffer as it is, anything else as JSON. */
  send(payload: unknown): RelayReply;
  /** The caller writes the response on `raw` itself (streams). */
  hijack(): void;
}
