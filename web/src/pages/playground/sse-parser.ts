/**
 * An incremental server-sent-events parser (the WHATWG event-stream format) for a body read chunk by
 * chunk: chunks may end anywhere — inside a field, between '\r' and '\n', or inside an event.
 * Lines end with '\n', '\r\n' or '\r'; 'data' lines of one event are joined with '\n'; a blank line
 * dispatches the event; lines starting with ':' are comments (keep-alive pings).
 */
export interface SseEvent {
  /** The 'event' field; 'message' when the event has none. */
  event: string;
  data: string;
  /** The last 'id' field seen so far in the stream ('' when none). */
  id: string;
}

const BYTE_ORDER_MARK = '\uFEFF';

export class SseParser {
  private partialLine = '';
  private dataLines: string[] = [];
  private eventName = '';
  private lastEventId = '';
  /** The previous chunk ended with '\r': a '\n' starting the next chunk belongs to that line break. */
  private pendingLineFeed = false;
  private started = false;

  /** Feeds decoded text; returns the events completed by it. */
  push(chunk: string): SseEvent[] {
    if (chunk === '') return [];
    let text = chunk;
    if (!this.started) {
      this.started = true;
      if (text.startsWith(BYTE_ORDER_MARK)) text = text.slice(1);
    }
    if (this.pendingLineFeed && text.startsWith('\n')) text = text.slice(1);
    this.pendingLineFeed = false;

    const events: SseEvent[] = [];
    const buffer = this.partialLine + text;
    let lineStart = 0;
    for (let index = 0; index < buffer.length; index += 1) {
      const char = buffer[index];
      if (char !== '\n' && char !== '\r') continue;
      this.takeLine(buffer.slice(lineStart, index), events);
      if (char === '\r') {
        if (index + 1 === buffer.length) this.pendingLineFeed = true;
        else if (buffer[index + 1] === '\n') index += 1;
      }
      lineStart = index + 1;
    }
    this.partialLine = buffer.slice(lineStart);
    return events;
  }

  /**
   * The stream ended: an unterminated last line is taken, and an event still missing its blank line is
   * dispatched (lenient: some servers close right after the last data line).
   */
  end(): SseEvent[] {
    const events: SseEvent[] = [];
    if (this.partialLine !== '') {
      this.takeLine(this.partialLine, events);
      this.partialLine = '';
    }
    this.dispatch(events);
    this.pendingLineFeed = false;
    return events;
  }

  private takeLine(line: string, events: SseEvent[]): void {
    if (line === '') {
      this.dispatch(events);
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        this.dataLines.push(value);
        break;
      case 'event':
        this.eventName = value;
        break;
      case 'id':
        if (!value.includes('\u0000')) this.lastEventId = value;
        break;
      default:
        // 'retry' only matters to EventSource reconnection; unknown fields are ignored by the format.
        break;
    }
  }

  private dispatch(events: SseEvent[]): void {
    if (this.dataLines.length > 0) {
      events.push({
        event: this.eventName || 'message',
        data: this.dataLines.join('\n'),
        id: this.lastEventId,
      });
    }
    this.dataLines = [];
    this.eventName = '';
  }
}
