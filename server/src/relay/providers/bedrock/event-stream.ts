/**
 * AWS event streams (`application/vnd.amazon.eventstream`, Bedrock's invoke-with-response-stream) read
 * frame by frame and rewritten as the Claude server-sent events they carry: each `chunk` event's payload
 * is `{"bytes": "<base64 of one Claude stream event>"}`; an exception frame becomes a Claude `error`
 * event. Frames are checked (lengths, CRC32) and bounded in size; memory stays at one frame.
 */
import { crc32 } from 'node:zlib';

const PRELUDE_BYTES = 12;
const MAX_FRAME_BYTES = 16 * 1024 * 1024;

export interface EventFrame {
  headers: Record<string, string | number | boolean>;
  payload: Buffer;
}

function readHeaders(buffer: Buffer): Record<string, string | number | boolean> {
  const headers: Record<string, string | number | boolean> = {};
  let offset = 0;
  while (offset < buffer.length) {
    const nameLength = buffer.readUInt8(offset);
    const name = buffer.toString('utf8', offset + 1, offset + 1 + nameLength);
    offset += 1 + nameLength;
    const type = buffer.readUInt8(offset);
    offset += 1;
    switch (type) {
      case 0:
      case 1:
        headers[name] = type === 0;
        break;
      case 2:
        headers[name] = buffer.readInt8(offset);
        offset += 1;
        break;
      case 3:
        headers[name] = buffer.readInt16BE(offset);
        offset += 2;
        break;
      case 4:
        headers[name] = buffer.readInt32BE(offset);
        offset += 4;
        break;
      case 5:
      case 8:
        headers[name] = Number(buffer.readBigInt64BE(offset));
        offset += 8;
        break;
      case 6:
      case 7: {
        const length = buffer.readUInt16BE(offset);
        headers[name] = buffer.toString(type === 7 ? 'utf8' : 'base64', offset + 2, offset + 2 + length);
        offset += 2 + length;
        break;
      }
      case 9:
        headers[name] = buffer.toString('hex', offset, offset + 16);
        offset += 16;
        break;
      default:
        throw new Error(`event stream header ${name} has unknown type ${type}`);
    }
  }
  return headers;
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
      if (crc32(this.pending.subarray(0, 8)) !== this.pending.readUInt32BE(8))
        throw new Error('event stream prelude checksum mismatch');
      if (this.pending.length < total) break;
      const frame = this.pending.subarray(0, total);
      if (crc32(frame.subarray(0, total - 4)) !== frame.readUInt32BE(total - 4))
        throw new Error('event stream message checksum mismatch');
      frames.push({
        headers: readHeaders(frame.subarray(PRELUDE_BYTES, PRELUDE_BYTES + headersLength)),
        payload: Buffer.from(frame.subarray(PRELUDE_BYTES + headersLength, total - 4)),
      });
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
