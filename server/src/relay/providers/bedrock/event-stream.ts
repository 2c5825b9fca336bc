/**
 * AWS event streams (`application/vnd.amazon.eventstream`, Bedrock's invoke-with-response-stream) read
 * frame by frame and rewritten as the Claude server-sent events they carry: each `chunk` event's payload
 * is `{"bytes": "<base64 of one Claude stream event>"}`; an exception frame becomes a Claude `error`
 * event. Frames are cut from the byte stream by the length in their prelude (bounded in size, so memory
 * stays at one frame) and decoded by AWS's own codec (@smithy/eventstream-codec: CRC32 checks, headers).
 */

import { crc32 } from 'node:zlib';
import { EventStreamCodec, type MessageHeaders } from '@smithy/eventstream-codec';

const PRELUDE_BYTES = 12;
const MAX_FRAME_BYTES = 16 * 1024 * 1024;

export interface EventFrame {
  headers: Record<string, string | number | boolean>;
  payload: Buffer;
}

const codec = new EventStreamCodec(
  (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'),
  (text) => Buffer.from(text, 'utf8'),
);

/** Header values as plain values (binary as base64, timestamps in milliseconds, 64-bit as a number). */
function plainHeaders(headers: MessageHeaders): Record<string, string | number | boolean> {
  const plain: Record<string, string | number | boolean> = {};
  for (const [name, header] of Object.entries(headers)) {
    switch (header.type) {
      case 'long':
        plain[name] = header.value.valueOf();
        break;
      case 'binary':
        plain[name] = Buffer.from(header.value).toString('base64');
        break;
      case 'timestamp':
        plain[name] = header.value.getTime();
        break;
      default:
        plain[name] = header.value;
    }
  }
  return plain;
}

/** Splits bytes into frames as they arrive. */
export class EventStreamReader {
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Uint8Array): EventFrame[] {
    this.pending = this.pending.length === 0 ? Buffer.from(chunk) : Buffer.concat([this.pending, chunk]);
    const frames: EventFrame[] = [];
    while (this.pending.length >= PRELUDE_BYTES) {
      const total = this.pending.readUInt32BE(0);
      const headersLength = this.pending.readUInt32BE(4);
      if (total > MAX_FRAME_BYTES || total < PRELUDE_BYTES + 4 + headersLength)
        throw new Error(`event stream frame of ${total} bytes is out of bounds`);
      // Checked before waiting for the rest: a corrupted length must not hold the stream until it ends.
      if (crc32(this.pending.subarray(0, 8)) !== this.pending.readUInt32BE(8))
        throw new Error('event stream prelude checksum mismatch');
      if (this.pending.length < total) break;
      let message: ReturnType<EventStreamCodec['decode']>;
      try {
        message = codec.decode(this.pending.subarray(0, total));
      } catch (error) {
        throw new Error(`event stream frame refused: ${(error as Error).message}`);
      }
      frames.push({ headers: plainHeaders(message.headers), payload: Buffer.from(message.body) });
      this.pending = this.pending.subarray(total);
    }
    return frames;
  }

  /** Bytes left over at the end of the stream (a cut frame). */
  get leftover(): number {
    return this.pending.length;
  }
}

/** One frame as Claude SSE text ('' for frames that carry nothing for the client). */
export function frameToClaudeSse(frame: EventFrame): string {
  const messageType = frame.headers[':message-type'];
  if (messageType === 'exception' || messageType === 'error') {
    const errorType = String(frame.headers[':exception-type'] ?? frame.headers[':error-code'] ?? 'api_error');
    let message = frame.payload.toString('utf8');
    try {
      const parsed = JSON.parse(message) as { message?: unknown };
      if (typeof parsed.message === 'string') message = parsed.message;
    } catch {
      // the payload is the message itself
    }
    const body = { type: 'error', error: { type: errorType, message } };
    return `event: error\ndata: ${JSON.stringify(body)}\n\n`;
  }
  if (frame.headers[':event-type'] !== 'chunk') return '';
  const { bytes } = JSON.parse(frame.payload.toString('utf8')) as { bytes?: unknown };
  if (typeof bytes !== 'string') return '';
  const event = Buffer.from(bytes, 'base64').toString('utf8');
  const type = (JSON.parse(event) as { type?: unknown }).type;
  return `event: ${typeof type === 'string' ? type : 'message'}\ndata: ${event}\n\n`;
}

/** Rewrites an event stream as Claude SSE bytes, frame by frame. */
export async function* eventStreamToClaudeSse(body: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  const reader = new EventStreamReader();
  for await (const chunk of body) {
    let text = '';
    for (const frame of reader.push(chunk)) text += frameToClaudeSse(frame);
    if (text) yield Buffer.from(text);
  }
  if (reader.leftover > 0) throw new Error('the event stream ended inside a frame');
}
