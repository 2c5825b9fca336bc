/** Anthropic Messages streams (`event: <type>` frames) ↔ canonical stream events. */
import type { SseMessage, StreamDecoder, StreamEncoder, StreamEncoderInit } from '../../canonical/codec.ts';
import { asString, isRecord, mergeUsage } from '../../canonical/helpers.ts';
import type { CanonicalUsage, StopReason, StreamBlockStart, StreamEvent } from '../../canonical/types.ts';
import {
  claudeMessageId,
  stopReasonFromClaude,
  stopReasonToClaude,
  usageFromClaude,
  usageToClaude,
} from './reply.ts';

type Json = Record<string, unknown>;

export class ClaudeStreamDecoder implements StreamDecoder {
  /** Claude block indexes that carry nothing portable (server tool use and results). */
  private readonly skipped = new Set<number>();

  push(message: SseMessage): StreamEvent[] {
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return [];
    }
    if (!isRecord(data)) return [];
    const index = typeof data.index === 'number' ? data.index : 0;
    switch (data.type ?? message.event) {
      case 'message_start': {
        const start = isRecord(data.message) ? data.message : {};
        const events: StreamEvent[] = [
          { type: 'start', id: asString(start.id) ?? '', model: asString(start.model) ?? '' },
        ];
        const usage = usageFromClaude(start.usage);
        if (usage) events.push({ type: 'usage', usage });
        return events;
      }
      case 'content_block_start':
        return this.blockStart(index, isRecord(data.content_block) ? data.content_block : {});
      case 'content_block_delta':
        return this.skipped.has(index) ? [] : this.delta(index, isRecord(data.delta) ? data.delta : {});
      case 'content_block_stop':
        return this.skipped.has(index) ? [] : [{ type: 'block_stop', index }];
      case 'message_delta': {
        const events: StreamEvent[] = [];
        const usage = usageFromClaude(data.usage);
        if (usage) events.push({ type: 'usage', usage });
        const delta = isRecord(data.delta) ? data.delta : {};
        if (typeof delta.stop_reason === 'string') {
          const stopSequence = asString(delta.stop_sequence);
          events.push({
            type: 'stop',
            reason: stopReasonFromClaude(delta.stop_reason),
            ...(stopSequence ? { stopSequence } : {}),
          });
        }
        return events;
      }
      case 'error': {
        const error = isRecord(data.error) ? data.error : {};
        const errorType = asString(error.type);
        return [
          {
            type: 'error',
            message: asString(error.message) ?? 'upstream error',
            ...(errorType ? { errorType } : {}),
          },
        ];
      }
      default:
        return [];
    }
  }

  end(): StreamEvent[] {
    return [];
  }

  private blockStart(index: number, block: Json): StreamEvent[] {
    switch (block.type) {
      case 'text': {
        const events: StreamEvent[] = [{ type: 'block_start', index, block: { type: 'text' } }];
        if (typeof block.text === 'string' && block.text)
          events.push({ type: 'text_delta', index, text: block.text });
        return events;
      }
      case 'thinking':
        return [{ type: 'block_start', index, block: { type: 'thinking' } }];
      case 'redacted_thinking':
        return [
          {
            type: 'block_start',
            index,
            block: { type: 'redacted_thinking', data: asString(block.data) ?? '' },
          },
        ];
      case 'tool_use':
        return [
          {
            type: 'block_start',
            index,
            block: { type: 'tool_call', id: asString(block.id) ?? '', name: asString(block.name) ?? '' },
          },
        ];
      default:
        this.skipped.add(index);
        return [];
    }
  }

  private delta(index: number, delta: Json): StreamEvent[] {
    switch (delta.type) {
      case 'text_delta':
        return [{ type: 'text_delta', index, text: asString(delta.text) ?? '' }];
      case 'thinking_delta':
        return [{ type: 'thinking_delta', index, text: asString(delta.thinking) ?? '' }];
      case 'signature_delta':
        return [{ type: 'signature_delta', index, signature: asString(delta.signature) ?? '' }];
      case 'input_json_delta': {
        const json = asString(delta.partial_json) ?? '';
        return json ? [{ type: 'arguments_delta', index, json }] : [];
      }
      default:
        return [];
    }
  }
}

function frame(type: string, data: Json): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
}

const blockKinds: Record<StreamBlockStart['type'], string> = {
  text: 'text',
  thinking: 'thinking',
  redacted_thinking: 'redacted_thinking',
  tool_call: 'tool_use',
};

/**
 * Writes a strict Claude stream: message_start first, every content block started and stopped before the
 * next one starts, then message_delta (stop reason and the usage, which other formats report last) and
 * message_stop.
 */
export class ClaudeStreamEncoder implements StreamEncoder {
  private started = false;
  private nextIndex = 0;
  /** The open Claude block: its index and the canonical index it renders. */
  private open: { index: number; source: number; kind: string } | null = null;
  private usage: CanonicalUsage | null = null;
  private stop: { reason: StopReason; stopSequence?: string } | null = null;

  constructor(private readonly init: StreamEncoderInit) {}

  encode(event: StreamEvent): string {
    switch (event.type) {
      case 'start':
        return this.ensureStarted();
      case 'block_start':
        return this.ensureStarted() + this.startBlock(event.index, event.block);
      case 'text_delta':
        return this.deltaFor(event.index, 'text', { type: 'text_delta', text: event.text });
      case 'thinking_delta':
        return this.deltaFor(event.index, 'thinking', { type: 'thinking_delta', thinking: event.text });
      case 'signature_delta':
        return this.deltaFor(event.index, 'thinking', {
          type: 'signature_delta',
          signature: event.signature,
        });
      case 'arguments_delta':
        return this.deltaFor(event.index, 'tool_use', { type: 'input_json_delta', partial_json: event.json });
      case 'block_stop':
        return this.open?.source === event.index ? this.closeBlock() : '';
      case 'usage':
        this.usage = mergeUsage(this.usage, event.usage);
        return '';
      case 'stop':
        this.stop = {
          reason: event.reason,
          ...(event.stopSequence ? { stopSequence: event.stopSequence } : {}),
        };
        return '';
      case 'error':
        return (
          this.ensureStarted() + frame('error', { error: { type: 'api_error', message: event.message } })
        );
    }
  }

  finish(): string {
    const usage = this.usage ?? {
      inputTokens: 0,
      outputTokens: 0,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      reasoningTokens: 0,
    };
    return (
      this.ensureStarted() +
      this.closeBlock() +
      frame('message_delta', {
        delta: {
          stop_reason: stopReasonToClaude(this.stop?.reason ?? 'end_turn'),
          stop_sequence: this.stop?.stopSequence ?? null,
        },
        usage: usageToClaude(usage),
      }) +
      frame('message_stop', {})
    );
  }

  private ensureStarted(): string {
    if (this.started) return '';
    this.started = true;
    const usage = this.usage ? usageToClaude(this.usage) : { input_tokens: 0, output_tokens: 0 };
    return frame('message_start', {
      message: {
        id: claudeMessageId(this.init.id),
        type: 'message',
        role: 'assistant',
        model: this.init.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage,
      },
    });
  }

  private startBlock(source: number, block: StreamBlockStart): string {
    let text = this.closeBlock();
    const index = this.nextIndex++;
    const kind = blockKinds[block.type];
    this.open = { index, source, kind };
    let contentBlock: Json;
    if (block.type === 'text') contentBlock = { type: 'text', text: '' };
    else if (block.type === 'thinking') contentBlock = { type: 'thinking', thinking: '', signature: '' };
    else if (block.type === 'redacted_thinking')
      contentBlock = { type: 'redacted_thinking', data: block.data };
    else contentBlock = { type: 'tool_use', id: block.id, name: block.name, input: {} };
    text += frame('content_block_start', { index, content_block: contentBlock });
    return text;
  }

  /** A delta for canonical block `source`; a delta without a started block of its kind starts one. */
  private deltaFor(source: number, kind: string, delta: Json): string {
    let text = this.ensureStarted();
    if (!this.open || this.open.source !== source || this.open.kind !== kind) {
      if (kind === 'tool_use') return text; // a tool call's arguments without its start cannot be rendered
      text += this.startBlock(source, { type: kind === 'thinking' ? 'thinking' : 'text' });
    }
    return text + frame('content_block_delta', { index: this.open?.index ?? 0, delta });
  }

  private closeBlock(): string {
    if (!this.open) return '';
    const { index } = this.open;
    this.open = null;
    return frame('content_block_stop', { index });
  }
}
