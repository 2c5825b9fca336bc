/**
 * Server-Sent Events: an incremental parser for upstream streams and the writer helpers for ours.
 *
 * The parser follows the WHATWG event-stream rules (CRLF, LF or CR line endings; `:` comments;
 * `field: value` with one optional space; several `data:` lines joined by "\n"; a blank line
 * dispatches) with two deliberate differences: a dialect may keep the space after `data:`
 * (`keepLeadingSpace`, Zhipu v3), and `end()` dispatches a final event that was not
 * followed by a blank line, because many upstreams close the stream right after their last
 * `data:` line. It keeps only the unconsumed tail of the input (the current partial line and the
 * fields of the event being built), so memory per stream is constant whatever its length.
 */

export interface SseEvent {
  /** The `event:` field; absent for unnamed events (the default "message" type). */
  event?: string;
  /** The `data:` lines of the event, joined by "\n". */
  data: string;
  /** The `id:` field of this event, when it had one. */
  id?: string;
  /** A `meta:` field: not WHATWG, but Zhipu's v3 API puts the usage of its `finish` event there. */
  meta?: string;
}

export interface SseParserOptions {
  /**
   * Upper bound, in characters, for one event (its pending line plus its data so far). A stream
   * that exceeds it makes `push` throw an SseEventTooLargeError instead of growing without limit.
   * Default 32 Mi characters (large enough for streamed base64 images).
   */
  maxEventLength?: number;
  /**
   * Keep the space after `data:` (WHATWG drops one). Zhipu's v3 streams write `data:` straight before
   * the text, so a piece's own leading space (`data: world`, the piece " world") would otherwise be lost.
   * Only `data` is concerned: every other field (`event`, `id`, `meta`) still loses its one optional
   * space, so `event: finish` and `event:finish` both name the `finish` event.
   */
  keepLeadingSpace?: boolean;
}

export class SseEventTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`server-sent event larger than ${limit} characters`);
    this.name = 'SseEventTooLargeError';
  }
}

const DEFAULT_MAX_EVENT_LENGTH = 32 * 1024 * 1024;
const NO_EVENTS: readonly SseEvent[] = Object.freeze([]);
const COLON = 58;
const SPACE = 32;
const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;
const BYTE_ORDER_MARK = 0xfeff;

export class SseParser {
  readonly #decoder = new TextDecoder('utf-8');
  readonly #maxEventLength: number;
  readonly #keepLeadingSpace: boolean;
  /** The partial line left over from the previous push (never contains a line terminator). */
  #pendingLine = '';
  /** The previous push ended with CR: a LF opening the next push belongs to that line ending. */
  #skipLeadingLineFeed = false;
  #atStreamStart = true;
  #eventType: string | undefined;
  #data: string | undefined;
  #id: string | undefined;
  #meta: string | undefined;
  #events: SseEvent[] | undefined;

  constructor(options: SseParserOptions = {}) {
    this.#maxEventLength = options.maxEventLength ?? DEFAULT_MAX_EVENT_LENGTH;
    this.#keepLeadingSpace = options.keepLeadingSpace ?? false;
  }

  /**
   * Feeds bytes (decoded as a UTF-8 stream, so a character may be split across chunks) or text.
   * Do not mix bytes and strings within one stream while a multi-byte character is incomplete.
   * Returns the events completed by this chunk (a shared frozen empty array when there are none).
   */
  push(chunk: Uint8Array | string): readonly SseEvent[] {
    const text = typeof chunk === 'string' ? chunk : this.#decoder.decode(chunk, { stream: true });
    this.#consume(text);
    return this.#takeEvents();
  }

  /** Ends the stream: flushes the decoder and dispatches a last event left without a blank line. */
  end(): readonly SseEvent[] {
    this.#consume(this.#decoder.decode());
    if (this.#pendingLine !== '') {
      const line = this.#pendingLine;
      this.#pendingLine = '';
      this.#processLine(line);
    }
    this.#dispatch();
    this.#skipLeadingLineFeed = false;
    this.#atStreamStart = true;
    return this.#takeEvents();
  }

  #consume(input: string): void {
    if (input.length === 0) return;
    let text = input;
    if (this.#atStreamStart) {
      this.#atStreamStart = false;
      if (text.charCodeAt(0) === BYTE_ORDER_MARK) text = text.slice(1);
    }
    let position = 0;
    if (this.#skipLeadingLineFeed) {
      this.#skipLeadingLineFeed = false;
      if (text.charCodeAt(0) === LINE_FEED) position = 1;
    }
    let buffer = text;
    let scanStart = position;
    if (this.#pendingLine !== '') {
      // The pending line holds no terminator, so scanning can start where the new text begins.
      buffer = this.#pendingLine + (position === 0 ? text : text.slice(position));
      scanStart = this.#pendingLine.length;
      position = 0;
    }
    let nextLineFeed = buffer.indexOf('\n', scanStart);
    let nextCarriageReturn = buffer.indexOf('\r', scanStart);
    while (nextLineFeed !== -1 || nextCarriageReturn !== -1) {
      let lineEnd: number;
      if (nextLineFeed === -1) lineEnd = nextCarriageReturn;
      else if (nextCarriageReturn === -1) lineEnd = nextLineFeed;
      else lineEnd = Math.min(nextLineFeed, nextCarriageReturn);
      const line = buffer.slice(position, lineEnd);
      position = lineEnd + 1;
      if (buffer.charCodeAt(lineEnd) === CARRIAGE_RETURN) {
        if (position === buffer.length) this.#skipLeadingLineFeed = true;
        else if (buffer.charCodeAt(position) === LINE_FEED) position += 1;
      }
      this.#processLine(line);
      if (nextLineFeed !== -1 && nextLineFeed < position) nextLineFeed = buffer.indexOf('\n', position);
      if (nextCarriageReturn !== -1 && nextCarriageReturn < position) {
        nextCarriageReturn = buffer.indexOf('\r', position);
      }
    }
    this.#pendingLine = position === 0 ? buffer : buffer.slice(position);
    this.#checkSize(this.#pendingLine.length);
  }

  #processLine(line: string): void {
    if (line.length === 0) {
      this.#dispatch();
      return;
    }
    if (line.charCodeAt(0) === COLON) return;
    const colon = line.indexOf(':');
    let field: string;
    let value: string;
    if (colon === -1) {
      field = line;
      value = '';
    } else {
      field = line.slice(0, colon);
      // WHATWG drops one space after the colon; a dialect that keeps it does so for `data` only.
      const dropSpace = line.charCodeAt(colon + 1) === SPACE && !(this.#keepLeadingSpace && field === 'data');
      value = line.slice(dropSpace ? colon + 2 : colon + 1);
    }
    switch (field) {
      case 'data':
        this.#data = this.#data === undefined ? value : `${this.#data}\n${value}`;
        this.#checkSize(0);
        break;
      case 'event':
        this.#eventType = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.#id = value;
        break;
      case 'meta':
        this.#meta = value;
        break;
      default:
        // `retry` and unknown fields are ignored: nothing downstream reconnects.
        break;
    }
  }

  #dispatch(): void {
    const data = this.#data;
    const eventType = this.#eventType;
    const id = this.#id;
    const meta = this.#meta;
    this.#data = undefined;
    this.#eventType = undefined;
    this.#id = undefined;
    this.#meta = undefined;
    if (data === undefined) return;
    const event: SseEvent = { data };
    if (eventType !== undefined && eventType !== '') event.event = eventType;
    if (id !== undefined) event.id = id;
    if (meta !== undefined) event.meta = meta;
    if (this.#events === undefined) this.#events = [event];
    else this.#events.push(event);
  }

  #checkSize(pendingLength: number): void {
    const length = pendingLength + (this.#data?.length ?? 0);
    if (length > this.#maxEventLength) {
      this.#pendingLine = '';
      this.#data = undefined;
      throw new SseEventTooLargeError(this.#maxEventLength);
    }
  }

  #takeEvents(): readonly SseEvent[] {
    const events = this.#events;
    if (events === undefined) return NO_EVENTS;
    this.#events = undefined;
    return events;
  }
}

/** Reads a byte stream (an undici body, a Node readable, a web ReadableStream) as SSE events. */
export async function* readSseEvents(
  stream: AsyncIterable<Uint8Array | string>,
  options?: SseParserOptions,
): AsyncGenerator<SseEvent, void, undefined> {
  const parser = new SseParser(options);
  for await (const chunk of stream) {
    const events = parser.push(chunk);
    for (let index = 0; index < events.length; index += 1) yield events[index]!;
  }
  yield* parser.end();
}

/** The terminator of OpenAI-style streams. */
export const SSE_DONE = 'data: [DONE]\n\n';

function hasLineBreak(text: string): boolean {
  return text.includes('\n') || text.includes('\r');
}

function prefixLines(prefix: string, text: string): string {
  if (!hasLineBreak(text)) return `${prefix}${text}\n`;
  let result = '';
  for (const line of text.split(/\r\n|\r|\n/)) result += `${prefix}${line}\n`;
  return result;
}

/** One unnamed event: `data: <data>\n\n`, a multi-line payload becoming several `data:` lines. */
export function formatSseData(data: string): string {
  if (!hasLineBreak(data)) return `data: ${data}\n\n`;
  return `${prefixLines('data: ', data)}\n`;
}

/** One event with its optional name and id (Claude-style `event: message_start`). */
export function formatSseEvent(event: SseEvent): string {
  let result = '';
  if (event.event !== undefined) result += `event: ${event.event.replace(/[\r\n]/g, '')}\n`;
  if (event.id !== undefined) result += `id: ${event.id.replace(/[\r\n\0]/g, '')}\n`;
  return `${result}${prefixLines('data: ', event.data)}\n`;
}

/** A comment, ignored by clients; used as a keep-alive ping (`: PING`). */
export function formatSseComment(text = ''): string {
  return `${prefixLines(': ', text)}\n`;
}
