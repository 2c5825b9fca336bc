/**
 * What each wire format implements (server/src/relay/formats/<format>/codec.ts): pure decoders and
 * encoders between its JSON and the canonical model (./types.ts), for requests, replies and streams, and
 * its error body. A format is used both ways: as the client's format (decode the request, encode the
 * reply) and as an upstream's format (encode the request, decode the reply).
 */
import type { CanonicalReply, CanonicalRequest, StreamEvent } from './types.ts';

/** The formats clients speak to the gateway in (each has routes and a full codec). */
export type WireFormat = 'openai-chat' | 'openai-responses' | 'claude' | 'gemini';

/**
 * Providers' own chat dialects, spoken only towards their upstreams (no client route speaks them): each is
 * an UpstreamCodec owned by its adaptor (server/src/relay/providers/<provider>/).
 */
export type ProviderDialect =
  | 'baidu'
  | 'zhipu-v3'
  | 'hunyuan'
  | 'spark'
  | 'dify'
  | 'palm'
  | 'ollama'
  | 'aiproxy-library'
  | 'coze';

/** A format an upstream is spoken to in. */
export type UpstreamFormat = WireFormat | ProviderDialect;

/** One server-sent event as read from the wire (`event:` line, if any, and the joined `data:` lines). */
export interface SseMessage {
  event?: string;
  data: string;
  /** Zhipu v3's `meta:` field (usage of its `finish` event); see server/src/lib/sse.ts. */
  meta?: string;
}

/** Turns a format's stream (event by event) into canonical events; keeps only small per-stream state. */
export interface StreamDecoder {
  push(message: SseMessage): StreamEvent[];
  /** Called when the upstream stream ends; returns events still owed (e.g. a missing stop). */
  end(): StreamEvent[];
}

/** Turns canonical events into a format's stream text (complete SSE frames). */
export interface StreamEncoder {
  encode(event: StreamEvent): string;
  /** The closing frames (e.g. OpenAI's `data: [DONE]`), after the last event. */
  finish(): string;
}

export interface StreamEncoderInit {
  id: string;
  /** The model name the client asked for (echoed in every frame). */
  model: string;
  created: number;
  /** OpenAI clients get a usage chunk only when they asked (stream_options.include_usage). */
  includeUsage: boolean;
  /**
   * The prompt counted locally, for formats that report the prompt before the upstream has (Claude's
   * message_start); the upstream's own count still closes the stream.
   */
  promptTokens?: () => number;
}

export interface ErrorDetails {
  status: number;
  message: string;
  /** A machine-readable type (OpenAI error.type, Claude error.type). */
  type: string;
  code?: string | null;
}

/** The upstream half of a format: what speaking to an upstream in it takes. */
export interface UpstreamCodec {
  readonly id: UpstreamFormat;
  /** The canonical request as this format's body (for an upstream of this format). */
  encodeRequest(request: CanonicalRequest): Record<string, unknown>;
  /** An upstream reply of this format; throws on a body that is not one (or that reports an error). */
  decodeReply(body: unknown): CanonicalReply;
  streamDecoder(): StreamDecoder;
  /** Reads an upstream error body of this format (null when it is not one). */
  readError(body: unknown): { message: string; type?: string; code?: string | null } | null;
  /**
   * An error that arrives with HTTP 200 (Baidu, Tencent, Zhipu v3 answer errors so), as the HTTP status
   * it amounts to; null for a reply. Such a failure is retried on another channel like an HTTP error.
   */
  okError?(body: unknown): { status: number; message: string; code?: string } | null;
  /** How its streams are read when they bend the SSE rules (server/src/lib/sse.ts SseParserOptions). */
  readonly sse?: { keepLeadingSpace: boolean };
}

/** A client format: the upstream half and the client half (decode requests, encode replies and errors). */
export interface FormatCodec extends UpstreamCodec {
  readonly id: WireFormat;
  /**
   * The completion budget a client's body asks for, read without decoding the body (admission prices a
   * call's cheapest cost before anything that grows with the body: server/src/relay/call/call-pricing.ts).
   */
  requestedMaxTokens(body: Readonly<Record<string, unknown>>): number | undefined;
  /** The client's body as a canonical request; `model` comes from the route when the body has none. */
  decodeRequest(body: Record<string, unknown>, context: { model: string; stream: boolean }): CanonicalRequest;
  /** The canonical reply as this format's body (for a client of this format). */
  encodeReply(reply: CanonicalReply): unknown;
  streamEncoder(init: StreamEncoderInit): StreamEncoder;
  /** This format's error body. */
  errorBody(error: ErrorDetails): unknown;
}
