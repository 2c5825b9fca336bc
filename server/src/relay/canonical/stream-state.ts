/**
 * Per-stream state the format codecs share (server/src/relay/formats/, the Ollama dialect): the block
 * bookkeeping of decoders whose upstream sends text and thinking in pieces and tool calls whole, and the
 * usage and stop reason an encoder keeps for its closing frames. Base classes, so the state stays fields
 * of the one decoder or encoder object a stream has.
 */
import type { SseMessage, StreamDecoder, StreamEncoder } from './codec.ts';
import { mergeUsage } from './helpers.ts';
import { namespaceField, type ToolName } from './tool-names.ts';
import type { CanonicalUsage, StreamEvent } from './types.ts';

type UsageEvent = Extract<StreamEvent, { type: 'usage' }>;
type StopEvent = Extract<StreamEvent, { type: 'stop' }>;

/**
 * One block open at a time, text or thinking, indexes counted from 0; a tool call arrives whole (its
 * block started, its arguments, its block stopped) and is remembered for the stop reason.
 */
export abstract class PieceStreamDecoder implements StreamDecoder {
  private nextIndex = 0;
  private open: { index: number; kind: 'text' | 'thinking' } | null = null;
  /** Whether the stream carried a tool call (a finish without a reason of its own is tool_use then). */
  protected calledTool = false;

  abstract push(message: SseMessage): StreamEvent[];
  abstract end(): StreamEvent[];

  /** The index of the open block of `kind`; another open block is closed first. `fresh` opens a new one anyway. */
  protected ensureOpen(kind: 'text' | 'thinking', events: StreamEvent[], fresh = false): number {
    if (this.open !== null && this.open.kind === kind && !fresh) return this.open.index;
    this.close(events);
    const index = this.nextIndex++;
    this.open = { index, kind };
    events.push({ type: 'block_start', index, block: { type: kind } });
    return index;
  }

  protected close(events: StreamEvent[]): void {
    if (this.open === null) return;
    events.push({ type: 'block_stop', index: this.open.index });
    this.open = null;
  }

  /** A whole tool call as its three events; without an id of its own it is `call_<index>`. */
  protected wholeToolCall(
    events: StreamEvent[],
    tool: string | ToolName,
    json: string,
    id?: string,
    signature?: string,
  ): void {
    this.close(events);
    const index = this.nextIndex++;
    const callId = id ?? `call_${index}`;
    this.calledTool = true;
    const { name, namespace } = typeof tool === 'string' ? { name: tool, namespace: undefined } : tool;
    events.push(
      {
        type: 'block_start',
        index,
        block: {
          type: 'tool_call',
          id: callId,
          name,
          ...namespaceField(namespace),
          ...(signature ? { signature } : {}),
        },
      },
      { type: 'arguments_delta', index, json },
      { type: 'block_stop', index },
    );
  }
}

/**
 * An encoder that writes the usage and the stop reason in its closing frames: both are kept as they come
 * (usage merged, as formats report it in pieces and some after the stop).
 */
export abstract class ClosingStreamEncoder implements StreamEncoder {
  protected usage: CanonicalUsage | null = null;
  protected stop: StopEvent | null = null;

  abstract encode(event: StreamEvent): string;
  abstract finish(): string;

  /** Keeps a usage or stop event for the closing frames; writes nothing now. */
  protected keep(event: UsageEvent | StopEvent): string {
    if (event.type === 'usage') this.usage = mergeUsage(this.usage, event.usage);
    else this.stop = event;
    return '';
  }
}
