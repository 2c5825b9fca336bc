/**
 * A streaming Zstandard decoder for request bodies (`Content-Encoding: zstd`). node:zlib decodes zstd only
 * from Node 22.15 / 23.8; on older Node the frames are decoded by `fzstd` (pure JavaScript, no native code,
 * nothing downloaded). fzstd allocates each frame's whole window when it reads the frame's header, and a
 * header may declare up to 2 GB: so every frame header is read here first (RFC 8878 §3.1.1), and a frame
 * whose declared content size is larger than the body limit, or whose window is larger than both the body
 * limit and 8 MiB, is refused with 413 before fzstd sees it. Bytes of a header not yet complete are held back until it is.
 */
import { Transform, type TransformCallback } from 'node:stream';
import { Decompress } from 'fzstd';
import { bodyError } from './json-body.ts';

const ZSTD_MAGIC = 0xfd2fb528;
/** Skippable frames: magic numbers 0x184D2A50 to 0x184D2A5F. */
const SKIPPABLE_MASK = 0xfffffff0;
const SKIPPABLE_MAGIC = 0x184d2a50;
const DICTIONARY_ID_BYTES = [0, 1, 2, 4] as const;
/**
 * Windows up to 8 MiB are always decoded (RFC 8878 §3.1.1.1.2 recommends decoders support at least that;
 * zstd's levels up to 19 stay within it); larger ones only up to the body limit.
 */
const MIN_WINDOW_BYTES = 8 * 1024 * 1024;

type ScanState =
  | { kind: 'magic' }
  | { kind: 'block-header'; checksum: boolean }
  | { kind: 'skip'; bytes: number; after: 'block-header' | 'checksum' | 'magic'; checksum: boolean };

/** The window a frame header declares, in bytes, and its size; null while the header is incomplete. */
export function readFrameHeader(
  bytes: Uint8Array,
  at: number,
): { windowBytes: number; contentBytes: number | null; headerBytes: number; checksum: boolean } | null {
  if (bytes.length <= at) return null;
  const descriptor = bytes[at]!;
  const contentSizeFlag = descriptor >> 6;
  const singleSegment = (descriptor >> 5) & 1;
  const checksum = ((descriptor >> 2) & 1) === 1;
  if (descriptor & 8) throw bodyError('the zstd body has a frame header with its reserved bit set', 400);
  const dictionaryBytes = DICTIONARY_ID_BYTES[descriptor & 3]!;
  const contentSizeBytes = contentSizeFlag === 0 ? singleSegment : 1 << contentSizeFlag;
  const headerBytes = 1 + (singleSegment ? 0 : 1) + dictionaryBytes + contentSizeBytes;
  if (bytes.length < at + headerBytes) return null;
  let contentBytes: number | null = null;
  if (contentSizeBytes > 0) {
    const start = at + headerBytes - contentSizeBytes;
    let value = 0;
    for (let index = contentSizeBytes - 1; index >= 0; index -= 1)
      value = value * 256 + bytes[start + index]!;
    contentBytes = contentSizeBytes === 2 ? value + 256 : value;
  }
  let windowBytes: number;
  if (singleSegment) {
    windowBytes = contentBytes ?? 0;
  } else {
    const windowDescriptor = bytes[at + 1]!;
    const base = 2 ** (10 + (windowDescriptor >> 3));
    windowBytes = base + (base / 8) * (windowDescriptor & 7);
  }
  return { windowBytes, contentBytes, headerBytes, checksum };
}

/**
 * Walks the frames of a zstd stream as its bytes arrive, checking each frame header against `limit`; says
 * how many bytes of what it was given may go to the decoder (those before an incomplete frame header).
 */
export class ZstdFrameScanner {
  private state: ScanState = { kind: 'magic' };

  constructor(private readonly limit: number) {}

  /** Scans `bytes` (the held-back bytes first); returns the length that may be decoded now. */
  scan(bytes: Uint8Array): number {
    let at = 0;
    while (at < bytes.length) {
      const state = this.state;
      if (state.kind === 'skip') {
        const taken = Math.min(state.bytes, bytes.length - at);
        at += taken;
        state.bytes -= taken;
        if (state.bytes === 0) this.afterSkip(state);
        continue;
      }
      if (state.kind === 'magic') {
        // A frame's magic number is held back until its whole header is here, so fzstd reads them together.
        if (bytes.length - at < 4) return at;
        const magic = readUint32(bytes, at);
        if (magic === ZSTD_MAGIC) {
          const header = readFrameHeader(bytes, at + 4);
          if (!header) return at;
          if ((header.contentBytes ?? 0) > this.limit)
            throw bodyError(
              `the zstd body declares ${header.contentBytes} bytes of content, more than the ${this.limit}-byte body limit`,
              413,
            );
          if (header.windowBytes > Math.max(this.limit, MIN_WINDOW_BYTES))
            throw bodyError(
              `the zstd body declares a ${header.windowBytes}-byte window, more than the ${Math.max(this.limit, MIN_WINDOW_BYTES)} bytes this gateway decodes with (compress without --long)`,
              413,
            );
          this.state = { kind: 'block-header', checksum: header.checksum };
          at += 4 + header.headerBytes;
        } else if ((magic & SKIPPABLE_MASK) >>> 0 === SKIPPABLE_MAGIC) {
          if (bytes.length - at < 8) return at;
          this.state = { kind: 'skip', bytes: readUint32(bytes, at + 4), after: 'magic', checksum: false };
          at += 8;
        } else throw bodyError('the request body is not zstd data', 400);
        continue;
      }
      // A block header: last-block bit, type, size (RFC 8878 §3.1.1.2).
      if (bytes.length - at < 3) return bytes.length;
      const value = bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
      at += 3;
      const last = (value & 1) === 1;
      const type = (value >> 1) & 3;
      if (type === 3) throw bodyError('the zstd body has a block of the reserved type', 400);
      const size = type === 1 ? 1 : value >>> 3;
      const after = last ? (state.checksum ? 'checksum' : 'magic') : 'block-header';
      this.state = { kind: 'skip', bytes: size, after, checksum: state.checksum };
      if (size === 0) this.afterSkip(this.state);
    }
    return at;
  }

  private afterSkip(state: Extract<ScanState, { kind: 'skip' }>): void {
    if (state.after === 'checksum') this.state = { kind: 'skip', bytes: 4, after: 'magic', checksum: false };
    else if (state.after === 'magic') this.state = { kind: 'magic' };
    else this.state = { kind: 'block-header', checksum: state.checksum };
  }
}

function readUint32(bytes: Uint8Array, at: number): number {
  return (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
}

/** Thrown from fzstd's data callback to stop a push once the output passed the limit. */
const STOP = Symbol('stop');

/**
 * Decodes a zstd stream, refusing a frame that declares more than `limit` bytes (413) and stopping as soon
 * as the output passes `limit` (the bytes that passed it are still pushed: the reader's own limit refuses
 * them, then this stream errs with 413).
 */
export class ZstdDecoder extends Transform {
  private readonly scanner: ZstdFrameScanner;
  private readonly decoder: Decompress;
  private held: Uint8Array = new Uint8Array(0);
  private produced = 0;

  constructor(private readonly limit: number) {
    super();
    this.scanner = new ZstdFrameScanner(limit);
    this.decoder = new Decompress((data) => {
      if (data.length === 0) return;
      this.produced += data.length;
      this.push(Buffer.from(data.buffer, data.byteOffset, data.length));
      if (this.produced > this.limit) throw STOP;
    });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.decode(chunk, false, callback);
  }

  override _flush(callback: TransformCallback): void {
    this.decode(new Uint8Array(0), true, callback);
  }

  private decode(chunk: Uint8Array, final: boolean, callback: TransformCallback): void {
    try {
      const bytes = this.held.length === 0 ? chunk : Buffer.concat([this.held, chunk]);
      const ready = final ? bytes.length : this.scanner.scan(bytes);
      this.held = bytes.subarray(ready);
      if (ready > 0 || final) this.decoder.push(bytes.subarray(0, ready), final);
      callback();
    } catch (error) {
      if (error === STOP) callback(bodyError('the request body is too large', 413));
      else if (error instanceof Error && 'statusCode' in error) callback(error);
      else callback(bodyError(`the zstd body could not be decoded: ${(error as Error).message}`, 400));
    }
  }
}
