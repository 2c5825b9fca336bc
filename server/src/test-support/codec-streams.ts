/**
 * Stream round trips for the codec tests of server/src/relay/formats: a recorded stream text through the
 * relay's SSE parser (server/src/lib/sse.ts) and a codec's stream decoder, and canonical events through
 * its stream encoder, as the relay does them.
 */
import { readFileSync } from 'node:fs';
import { SseParser } from '../lib/sse.ts';
import type { FormatCodec, StreamEncoderInit, UpstreamCodec } from '../relay/canonical/codec.ts';
import type { StreamEvent } from '../relay/canonical/types.ts';

/** The canonical events of a stream text, with what the decoder owes at its end. */
export function decodeStreamText(codec: UpstreamCodec, text: string): StreamEvent[] {
  const decoder = codec.streamDecoder();
  const parser = new SseParser(codec.sse);
  const events = [...parser.push(text), ...parser.end()].flatMap((message) => decoder.push(message));
  return [...events, ...decoder.end()];
}

/** The stream text a client of `codec` gets for `events`, closing frames included. */
export function encodeStreamEvents(
  codec: FormatCodec,
  init: StreamEncoderInit,
  events: readonly StreamEvent[],
): string {
  const encoder = codec.streamEncoder(init);
  return events.map((event) => encoder.encode(event)).join('') + encoder.finish();
}

/** Reads the recorded streams in the `__fixtures__` folder beside the test at `testUrl` (import.meta.url). */
export const recordedStreams =
  (testUrl: string) =>
  (name: string): string =>
    readFileSync(new URL(`./__fixtures__/${name}`, testUrl), 'utf8');
