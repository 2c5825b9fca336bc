/**
 * Compressed request bodies on the relay routes (`Content-Encoding: gzip`, `deflate`, `br` or `zstd`, as
 * new-api's DecompressRequestMiddleware accepts them; Codex CLI sends zstd). The rules
 * (docs/reference/relay.md "Compressed request bodies"):
 * - the key is checked first: the relay scope's `preParsing` hook only swaps the body for a lazy decoded
 *   stream, which starts decoding when the body parser reads it, after the route's key-first hook;
 * - the body limit (MAX_REQUEST_BODY_MB) applies to the decoded bytes, counted as they come out: a body that
 *   inflates past it is refused with 413 as soon as it does, its decoder destroyed (a 1 GB bomb is never
 *   inflated whole), and the compressed bytes are held to the same limit;
 * - an encoding other than these (or several stacked) is refused with 415, a body that does not decode
 *   with 400.
 * zstd is decoded by server/src/relay/http/zstd-decoder.ts. Uncompressed bodies cost one header lookup;
 * the direct path (server/src/relay/http/fast-path.ts) leaves compressed bodies to Fastify.
 */
import { PassThrough, Readable, type Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { preParsingHookHandler } from 'fastify';
import { bodyError } from './json-body.ts';
import { ZstdDecoder } from './zstd-decoder.ts';

export type BodyEncoding = 'gzip' | 'deflate' | 'br' | 'zstd';

const ENCODINGS: Readonly<Record<string, BodyEncoding | null>> = {
  gzip: 'gzip',
  'x-gzip': 'gzip',
  deflate: 'deflate',
  br: 'br',
  zstd: 'zstd',
  identity: null,
};

/** The encoding a `Content-Encoding` value names: null for none or identity; 415 for any other. */
export function bodyEncodingOf(header: string): BodyEncoding | null {
  const name = header.trim().toLowerCase();
  if (name === '') return null;
  const encoding = ENCODINGS[name];
  if (encoding === undefined)
    throw bodyError(
      `Content-Encoding "${header.trim()}" is not accepted: send the body uncompressed or compressed with gzip, deflate, br or zstd (one encoding)`,
      415,
    );
  return encoding;
}

function decoderFor(encoding: BodyEncoding, limit: number): Transform {
  switch (encoding) {
    case 'gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    case 'zstd':
      return new ZstdDecoder(limit);
  }
}

function tooLarge(): Error {
  return bodyError('the request body is too large', 413);
}

/**
 * The decoded bytes of a compressed body. Nothing is read or decoded before the first read; then the
 * compressed bytes are piped through the decoder with backpressure, both sides counted against `limit`.
 */
export class DecodedBody extends Readable {
  private decoder: Transform | null = null;
  private finished = false;

  constructor(
    private readonly source: NodeJS.ReadableStream,
    private readonly contentEncoding: string,
    private readonly limit: number,
  ) {
    super();
  }

  override _read(): void {
    if (this.decoder) {
      this.decoder.resume();
      return;
    }
    if (this.finished) return;
    let encoding: BodyEncoding | null;
    try {
      encoding = bodyEncodingOf(this.contentEncoding);
    } catch (error) {
      this.fail(error as Error);
      return;
    }
    // identity: the bytes as they are, held to the same limit.
    const decoder = encoding === null ? new PassThrough() : decoderFor(encoding, this.limit);
    this.decoder = decoder;
    const source = this.source;
    let received = 0;
    let produced = 0;
    source.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > this.limit) this.fail(tooLarge());
      else if (!decoder.write(chunk)) source.pause();
    });
    source.on('error', (error: Error) => this.fail(bodyError(error.message, 400)));
    let sourceEnded = false;
    source.on('end', () => {
      sourceEnded = true;
      decoder.end();
    });
    // A client that goes away mid-body must not leave the reader waiting.
    source.on('close', () => {
      if (!sourceEnded) this.fail(bodyError('the request body was cut off', 400));
    });
    decoder.on('drain', () => source.resume());
    decoder.on('data', (chunk: Buffer) => {
      if (this.finished) return;
      produced += chunk.length;
      const more = this.push(chunk);
      if (produced > this.limit) this.fail(tooLarge());
      else if (!more) decoder.pause();
    });
    decoder.on('end', () => {
      if (this.finished) return;
      this.finished = true;
      this.push(null);
    });
    decoder.on('error', (error: Error & { statusCode?: number }) =>
      this.fail(
        error.statusCode
          ? error
          : bodyError(`the request body could not be decompressed (${encoding}): ${error.message}`, 400),
      ),
    );
  }

  /** Stops decoding for good: the decoder destroyed, the rest of the compressed body read and dropped. */
  private fail(error: Error): void {
    if (this.finished) return;
    this.finished = true;
    const decoder = this.decoder;
    this.decoder = null;
    decoder?.destroy();
    this.source.removeAllListeners('data');
    this.source.resume();
    this.destroy(error);
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The body's Content-Encoding as the client sent it (the header is removed once the body is swapped). */
    bodyEncoding: string | null;
  }
}

/**
 * The relay scope's `preParsing` hook: a request with a Content-Encoding gets its body swapped for a
 * DecodedBody (lazy: the route's key-first hook runs before a byte is decoded) and the header removed, so
 * that no other decoder (the app-wide @fastify/compress) decodes it again or first.
 */
export function decodeCompressedBodies(limit: number): preParsingHookHandler {
  return (request, _reply, payload, done) => {
    const header = request.headers['content-encoding'];
    if (header === undefined) {
      done(null, payload);
      return;
    }
    delete request.headers['content-encoding'];
    const value = Array.isArray(header) ? header.join(', ') : header;
    request.bodyEncoding = value;
    done(null, new DecodedBody(payload, value, limit));
  };
}
