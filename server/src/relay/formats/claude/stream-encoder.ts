/** Canonical stream events → a strict Anthropic Messages stream (`event: <type>\ndata: <json>\n\n` frames). */
import type { StreamEncoderInit } from '../../canonical/codec.ts';
import { ClosingStreamEncoder } from '../../canonical/stream-state.ts';
import { emptyUsage, type StreamBlockStart, type StreamEvent } from '../../canonical/types.ts';
import type { ClaudeReplyBlock, Json } from './claude-types.ts';
import { isClaudeErrorType } from './errors.ts';
import { claudeMessageId, stopReasonToClaude, usageToClaude } from './reply.ts';

type Kind = 'text' | 'thinking' | 'redacted_thinking' | 'tool_use';

/** A block waiting for the open one to stop (tool calls another format interleaves), its deltas merged. */
interface Pending {
  source: number;
  block: StreamBlockStart;
  deltas: Json[];
  stopped: boolean;
}

const kinds: Record<StreamBlockStart['type'], Kind> = {
  text: 'text',
  thinking: 'thinking',
  redacted_thinking: 'redacted_thinking',
  tool_call: 'tool_use',
};

function frame(type: string, data: Json): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
}

function contentBlock(block: StreamBlockStart): ClaudeReplyBlock {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: '' };
    case 'thinking':
      return { type: 'thinking', thinking: '', signature: '' };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: block.data };
    case 'tool_call':
      return { type: 'tool_use', id: block.id, name: block.name, input: {} };
  }
}

const deltaText: Record<string, string> = {
  text_delta: 'text',
  thinking_delta: 'thinking',
  signature_delta: 'signature',
  input_json_delta: 'partial_json',
};

/** Appends a delta to buffered ones, merging it into the last one of its type. */
function buffer(deltas: Json[], delta: Json): void {
  const last = deltas.at(-1);
  const field = deltaText[String(delta.type)];
  if (last && field && last.type === delta.type)
    last[field] = `${String(last[field])}${String(delta[field])}`;
  else deltas.push({ ...delta });
}

/**
 * Writes what Claude clients (Claude Code, the official SDKs) expect: message_start first (usage known
 * so far, else the prompt counted locally), every content block started and stopped before the next one starts (a block that
 * starts while a tool call is still open waits, its deltas buffered), then message_delta with the stop
 * reason and the usage (which other formats may send after the stop) and message_stop. An error ends the
 * stream with Claude's `error` event.
 */
export class ClaudeStreamEncoder extends ClosingStreamEncoder {
  private started = false;
  private failed = false;
  private nextIndex = 0;
  /** The highest canonical index seen: deltas for an older, closed block are dropped. */
  private lastSource = -1;
  private open: { index: number; source: number; kind: Kind } | null = null;
  private readonly queue: Pending[] = [];

  constructor(private readonly init: StreamEncoderInit) {
    super();
  }

  encode(event: StreamEvent): string {
    if (this.failed) return '';
    switch (event.type) {
      case 'start':
        return '';
      case 'block_start':
        return this.blockStart(event.index, event.block);
      case 'text_delta':
        return this.delta(event.index, 'text', { type: 'text_delta', text: event.text });
      case 'thinking_delta':
        return this.delta(event.index, 'thinking', { type: 'thinking_delta', thinking: event.text });
      case 'signature_delta':
        return this.delta(event.index, 'thinking', { type: 'signature_delta', signature: event.signature });
      case 'arguments_delta':
        return this.delta(event.index, 'tool_use', { type: 'input_json_delta', partial_json: event.json });
      case 'block_stop':
        return this.blockStop(event.index);
      case 'usage':
      case 'stop':
        return this.keep(event);
      case 'error': {
        this.failed = true;
        const type = isClaudeErrorType(event.errorType) ? event.errorType : 'api_error';
        return frame('error', { error: { type, message: event.message } });
      }
    }
  }

  finish(): string {
    if (this.failed) return '';
    let text = this.messageStart() + this.close();
    while (this.queue.length > 0) text += this.flushNext() + this.close();
    return (
      text +
      frame('message_delta', {
        delta: {
          stop_reason: stopReasonToClaude(this.stop?.reason ?? 'end_turn'),
          stop_sequence: this.stop?.stopSequence || null,
        },
        usage: usageToClaude(this.usage ?? emptyUsage()),
      }) +
      frame('message_stop', {})
    );
  }

  /**
   * message_start carries the prompt: the upstream's count when it came first (Claude, Gemini), else the
   * prompt counted locally (OpenAI reports usage only at the end; its count closes the stream).
   */
  private messageStart(): string {
    if (this.started) return '';
    this.started = true;
    const known = this.usage ?? emptyUsage();
    const usage =
      known.inputTokens === 0 && this.init.promptTokens
        ? { ...known, inputTokens: this.init.promptTokens() }
        : known;
    return frame('message_start', {
      message: {
        id: claudeMessageId(this.init.id),
        type: 'message',
        role: 'assistant',
        model: this.init.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: usageToClaude(usage),
      },
    });
  }

  private blockStart(source: number, block: StreamBlockStart): string {
    this.lastSource = Math.max(this.lastSource, source);
    if (this.open?.kind === 'tool_use' || this.queue.length > 0) {
      this.queue.push({ source, block, deltas: [], stopped: false });
      return '';
    }
    return this.messageStart() + this.close() + this.startBlock(source, block);
  }

  private startBlock(source: number, block: StreamBlockStart): string {
    const index = this.nextIndex++;
    this.open = { index, source, kind: kinds[block.type] };
    return frame('content_block_start', { index, content_block: contentBlock(block) });
  }

  private delta(source: number, kind: Kind, delta: Json): string {
    if (this.open?.source === source)
      return this.open.kind === kind ? frame('content_block_delta', { index: this.open.index, delta }) : '';
    const pending = this.queue.find((item) => item.source === source);
    if (pending) {
      if (kinds[pending.block.type] === kind) buffer(pending.deltas, delta);
      return '';
    }
    // Text or thinking without a block_start starts its block; tool arguments cannot (no id, no name).
    if (source <= this.lastSource || (kind !== 'text' && kind !== 'thinking')) return '';
    return this.blockStart(source, { type: kind }) + this.delta(source, kind, delta);
  }

  private blockStop(source: number): string {
    const pending = this.queue.find((item) => item.source === source);
    if (pending) pending.stopped = true;
    if (this.open?.source !== source) return '';
    let text = this.close();
    while (this.queue.length > 0 && this.open === null) text += this.flushNext();
    return text;
  }

  /** Starts the first waiting block with its buffered deltas, and stops it when it already ended. */
  private flushNext(): string {
    const next = this.queue.shift();
    if (!next) return '';
    let text = this.startBlock(next.source, next.block);
    const index = this.open?.index ?? 0;
    for (const delta of next.deltas) text += frame('content_block_delta', { index, delta });
    return next.stopped ? text + this.close() : text;
  }

  private close(): string {
    if (!this.open) return '';
    const { index } = this.open;
    this.open = null;
    return frame('content_block_stop', { index });
  }
}
