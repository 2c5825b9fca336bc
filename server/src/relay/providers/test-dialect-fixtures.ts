/**
 * What the provider dialect tests (server/src/relay/providers/<provider>/*.test.ts) share: their recorded
 * fixtures read from the `__fixtures__/` folder beside the test, a stream decoded as the relay decodes it
 * (server/src/relay/deliver/deliver-reply.ts, canonical-transcoder.ts: the adaptor's framing when it has one,
 * the SSE parser with the dialect's options, the dialect's stream decoder), and the same stream cut at every
 * byte boundary — inside multi-byte UTF-8 characters too — and at many random points, which must decode to
 * the same events.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { SseParser } from '../../lib/sse.ts';
import type { UpstreamCodec } from '../canonical/codec.ts';
import type { StreamEvent } from '../canonical/types.ts';
import type { ProviderAdaptor } from './types.ts';

type Framing = ProviderAdaptor['streamFraming'];

/** Readers of the fixtures beside the test at `testUrl` (its import.meta.url). */
export function dialectFixtures(testUrl: string) {
  const text = (name: string): string => readFileSync(new URL(`./__fixtures__/${name}`, testUrl), 'utf8');
  return {
    text,
    json: (name: string): unknown => JSON.parse(text(name)),
    bytes: (name: string): Uint8Array => new TextEncoder().encode(text(name)),
  };
}

async function* inOrder(chunks: readonly Uint8Array[]): AsyncIterable<Uint8Array> {
  for (const chunk of chunks) yield chunk;
}

/** The canonical events of a stream that arrived in `chunks`, read as the relay reads it. */
export async function decodeChunks(
  codec: UpstreamCodec,
  chunks: readonly Uint8Array[],
  framing?: Framing,
): Promise<StreamEvent[]> {
  const parser = new SseParser(codec.sse);
  const decoder = codec.streamDecoder();
  const events: StreamEvent[] = [];
  const source = framing ? framing.toSse(inOrder(chunks)) : inOrder(chunks);
  for await (const chunk of source) {
    for (const message of parser.push(chunk)) events.push(...decoder.push(message));
  }
  for (const message of parser.end()) events.push(...decoder.push(message));
  events.push(...decoder.end());
  return events;
}

/**
 * The ways `bytes` are cut for the tests: in two at every offset, one byte at a time, and `rounds` random
 * cuts into pieces of 1 to 40 bytes (a fixed seed, so a failure repeats).
 */
export function* cuts(bytes: Uint8Array, rounds = 200): Generator<Uint8Array[]> {
  for (let offset = 0; offset <= bytes.length; offset += 1)
    yield [bytes.subarray(0, offset), bytes.subarray(offset)];
  const single: Uint8Array[] = [];
  for (let offset = 0; offset < bytes.length; offset += 1) single.push(bytes.subarray(offset, offset + 1));
  yield single;
  let seed = 20_240_917;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  for (let round = 0; round < rounds; round += 1) {
    const pieces: Uint8Array[] = [];
    for (let start = 0; start < bytes.length; ) {
      const size = 1 + Math.floor(next() * 40);
      pieces.push(bytes.subarray(start, start + size));
      start += size;
    }
    yield pieces;
  }
}

/** The events of a whole stream, after checking that every cut of it (`cuts`) decodes to the same events. */
export async function decodeAtEveryCut(
  codec: UpstreamCodec,
  bytes: Uint8Array,
  framing?: Framing,
): Promise<StreamEvent[]> {
  const whole = await decodeChunks(codec, [bytes], framing);
  for (const pieces of cuts(bytes)) {
    const events = await decodeChunks(codec, pieces, framing);
    expect(events, `cut into ${pieces.map((piece) => piece.length).join('+')} bytes`).toEqual(whole);
  }
  return whole;
}
