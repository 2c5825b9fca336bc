/**
 * What differs per format pair in the one stream relay (./event-stream.ts): a small object chosen once per
 * call that reads each upstream event, meters it, and says what the client is sent for it.
 * - Same format on both sides: the upstream's event text goes out as it came, read only to meter it —
 *   OpenAI Chat Completions and text completions by ./openai-chunk-transcoder.ts (one JSON parse per chunk,
 *   the usage-only chunk hidden unless the client asked for it), the Claude, Gemini and Responses formats by
 *   their stream decoder (./canonical-transcoder.ts).
 * - Different formats: each event decoded into canonical events and encoded in the client's format at once
 *   (./canonical-transcoder.ts).
 */
import type { SseParserOptions } from '../../lib/sse.ts';
import type { TokenUsage } from '../billing/pricing.ts';
import { codecFor } from '../call/conversion.ts';
import type { SseMessage, UpstreamCodec, WireFormat } from '../canonical/codec.ts';
import { wantsIncludeUsage } from '../formats/openai/stream.ts';
import { CanonicalTranscoder } from './canonical-transcoder.ts';
import { OpenAiChunkTranscoder } from './openai-chunk-transcoder.ts';

export interface StreamTranscoder {
  /** How the upstream's stream is read (UpstreamCodec.sse); undefined for the SSE rules as written. */
  readonly sse: SseParserOptions | undefined;
  /** The upstream sent its end marker (OpenAI's `[DONE]`): the rest of its body is not read. */
  readonly finished: boolean;
  /** Some of the reply's content reached the client. */
  readonly outputDelivered: boolean;
  /** The upstream's own error event reached the client (no interruption notice is added then). */
  readonly upstreamErrorSent: boolean;
  /** The client's text for one upstream event ('' when nothing goes out). */
  push(message: SseMessage): string;
  /** The client's text still owed when the upstream's body ended ('' for none). */
  end(): string;
  /** The stream did not end as its format ends one (no stop, an error event): it counts as broken. */
  endedBadly(): boolean;
  /** A usage chunk made up from counts, for a client that asked for usage and got none ('' for none). */
  madeUpUsage(): string;
  /** The notice that the upstream's stream was interrupted, in the client's format. */
  interruption(): string;
  /** The stream's closing bytes (OpenAI's `data: [DONE]`), sent by `end`; undefined for none. */
  final(): string | undefined;
  /** The usage the upstream reported, or null. */
  usage(): TokenUsage | null;
  /** Completion tokens of what was delivered (counted or estimated). */
  deliveredTokens(): number;
}

export interface TranscoderInput {
  client: WireFormat;
  /** The codec of the format the upstream was spoken to in. */
  upstreamCodec: UpstreamCodec;
  endpoint: 'chat' | 'completions';
  clientBody: Readonly<Record<string, unknown>>;
  /** The model the client asked for (echoed in made-up frames, used for counting). */
  model: string;
  requestId: string;
  /** Tokenize the delivered text (the upstream cannot report stream usage), or only estimate it. */
  countPrecisely: boolean;
  /** The prompt counted locally, for the usage shown when the upstream reports none. */
  countPromptTokens: () => number;
  /** Told the id of the upstream's reply when its start event arrives. */
  onReplyId?: ((id: string) => void) | undefined;
}

/** The transcoder of one call's stream. */
export function transcoderFor(input: TranscoderInput): StreamTranscoder {
  const { client, upstreamCodec } = input;
  const clientWantsUsage = client === 'openai-chat' && wantsIncludeUsage(input.clientBody);
  if (client === 'openai-chat' && upstreamCodec.id === 'openai-chat')
    return new OpenAiChunkTranscoder(input, clientWantsUsage);
  const encoder = codecFor(client).streamEncoder({
    id: `chatcmpl-${input.requestId}`,
    model: input.model,
    created: Math.floor(Date.now() / 1000),
    includeUsage: clientWantsUsage,
    promptTokens: input.countPromptTokens,
  });
  return new CanonicalTranscoder(input, encoder, client === upstreamCodec.id);
}
