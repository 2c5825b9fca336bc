/**
 * Gemini streams (`streamGenerateContent?alt=sse`): every frame is `data: <GenerateContentResponse>`, with
 * no event names and no end marker. Text arrives in pieces, a function call whole in one part, and the
 * finish reason and cumulative usageMetadata on the last frame.
 */
import { formatSseData } from '../../../lib/sse.ts';
import type { SseMessage, StreamEncoderInit } from '../../canonical/codec.ts';
import {
  asString,
  errorEvent,
  eventObject,
  isRecord,
  mergeUsage,
  parseArguments,
  usageEvent,
} from '../../canonical/helpers.ts';
import { ClosingStreamEncoder, PieceStreamDecoder } from '../../canonical/stream-state.ts';
import { readUpstreamToolName } from '../../canonical/tool-names.ts';
import type { StopReason, StreamEvent } from '../../canonical/types.ts';
import { geminiStatusName } from './errors.ts';
import { arrayField, field, type GeminiPart, type Json, recordField } from './gemini-types.ts';
import { CallIds, callIdScope, inlineImageMarkdown } from './parts.ts';
import {
  firstCandidate,
  stopReasonFromGemini,
  stopReasonToGemini,
  usageFromGemini,
  usageToGemini,
} from './reply.ts';

export class GeminiStreamDecoder extends PieceStreamDecoder {
  private started = false;
  private ids: CallIds | null = null;
  private stopped = false;
  /** The latest usageMetadata, as JSON (Gemini repeats it, cumulative, on many frames). */
  private usage: string | null = null;
  private sentUsage: string | null = null;

  push(message: SseMessage): StreamEvent[] {
    const data = eventObject(message.data);
    if (!data) return [];
    if (isRecord(data.error)) return [errorEvent(data.error.message, data.error.status)];
    const events: StreamEvent[] = [];
    const responseId = asString(field(data, 'responseId')) ?? '';
    if (!this.started) {
      this.started = true;
      this.ids = new CallIds(callIdScope(responseId));
      events.push({ type: 'start', id: responseId, model: asString(field(data, 'modelVersion')) ?? '' });
    }
    const usage = field(data, 'usageMetadata');
    if (isRecord(usage)) this.usage = JSON.stringify(usage);
    const candidate = firstCandidate(data);
    const content = candidate ? recordField(candidate, 'content') : undefined;
    for (const part of arrayField(content ?? {}, 'parts')) if (isRecord(part)) this.part(part, events);
    const finish = candidate ? field(candidate, 'finishReason') : undefined;
    const blocked = !candidate && recordField(data, 'promptFeedback')?.blockReason !== undefined;
    if (!this.stopped && (typeof finish === 'string' || blocked))
      this.finish(events, blocked ? 'content_filter' : stopReasonFromGemini(finish, this.calledTool));
    else if (this.stopped) this.flushUsage(events);
    return events;
  }

  end(): StreamEvent[] {
    if (!this.started || this.stopped) return [];
    const events: StreamEvent[] = [];
    this.finish(events, this.calledTool ? 'tool_use' : 'end_turn');
    return events;
  }

  private finish(events: StreamEvent[], reason: StopReason): void {
    this.close(events);
    this.flushUsage(events);
    events.push({ type: 'stop', reason });
    this.stopped = true;
  }

  private flushUsage(events: StreamEvent[]): void {
    if (this.usage === null || this.usage === this.sentUsage) return;
    this.sentUsage = this.usage;
    const usage = usageFromGemini(JSON.parse(this.usage));
    if (usage) events.push(usageEvent(usage));
  }

  private part(part: Json, events: StreamEvent[]): void {
    const signature = asString(field(part, 'thoughtSignature'));
    const call = recordField(part, 'functionCall');
    if (call) {
      const name = asString(call.name) ?? '';
      const id = this.ids?.call(name, asString(call.id)) ?? '';
      this.wholeToolCall(events, readUpstreamToolName(name), JSON.stringify(call.args ?? {}), id, signature);
      return;
    }
    const image = inlineImageMarkdown(part);
    if (image) {
      events.push({ type: 'text_delta', index: this.ensureOpen('text', events), text: image });
      return;
    }
    const text = asString(part.text);
    if (text === undefined) return; // code execution parts have no stream block
    if (part.thought === true) {
      const index = this.ensureOpen('thinking', events);
      if (text) events.push({ type: 'thinking_delta', index, text });
      if (signature) events.push({ type: 'signature_delta', index, signature });
      return;
    }
    if (signature) {
      const index = this.ensureOpen('thinking', events, true);
      events.push({ type: 'signature_delta', index, signature });
      this.close(events);
    }
    if (text) events.push({ type: 'text_delta', index: this.ensureOpen('text', events), text });
  }
}

type EncoderBlock =
  | { kind: 'text' | 'other' }
  | { kind: 'thinking'; signature?: string }
  | { kind: 'tool_call'; id: string; name: string; signature?: string; json: string };

/**
 * Writes a Gemini stream: a frame per text or thought delta, a function call whole when its block stops
 * (Gemini cannot stream arguments), and the finish reason with the usage on a last frame at finish().
 */
export class GeminiStreamEncoder extends ClosingStreamEncoder {
  private readonly blocks = new Map<number, EncoderBlock>();
  private failed = false;

  constructor(private readonly init: StreamEncoderInit) {
    super();
  }

  encode(event: StreamEvent): string {
    switch (event.type) {
      case 'start':
        return '';
      case 'block_start': {
        const block = event.block;
        if (block.type === 'tool_call') {
          const signature = block.signature ? { signature: block.signature } : {};
          this.blocks.set(event.index, {
            kind: 'tool_call',
            id: block.id,
            name: block.name,
            json: '',
            ...signature,
          });
        } else if (block.type === 'thinking') this.blocks.set(event.index, { kind: 'thinking' });
        else this.blocks.set(event.index, { kind: block.type === 'text' ? 'text' : 'other' });
        return '';
      }
      case 'text_delta':
        return event.text ? this.frame([{ text: event.text }]) : '';
      case 'thinking_delta':
        return event.text ? this.frame([{ text: event.text, thought: true }]) : '';
      case 'signature_delta': {
        const block = this.blocks.get(event.index) ?? { kind: 'thinking' };
        if (block.kind === 'thinking' || block.kind === 'tool_call') block.signature = event.signature;
        this.blocks.set(event.index, block);
        return '';
      }
      case 'arguments_delta': {
        const block = this.blocks.get(event.index);
        if (block?.kind === 'tool_call') block.json += event.json;
        return '';
      }
      case 'block_stop':
        return this.closeBlock(event.index);
      case 'usage':
      case 'stop':
        return this.keep(event);
      case 'error':
        this.failed = true;
        return formatSseData(
          JSON.stringify({ error: { code: 500, message: event.message, status: geminiStatusName(500) } }),
        );
    }
  }

  finish(): string {
    if (this.failed) return '';
    let text = '';
    for (const index of [...this.blocks.keys()]) text += this.closeBlock(index);
    const usage = this.usage ?? mergeUsage(null, {});
    return (
      text +
      this.chunk({
        candidates: [
          {
            content: { role: 'model', parts: [{ text: '' }] },
            finishReason: stopReasonToGemini(this.stop?.reason ?? 'end_turn'),
            index: 0,
          },
        ],
        usageMetadata: usageToGemini(usage),
      })
    );
  }

  private closeBlock(index: number): string {
    const block = this.blocks.get(index);
    this.blocks.delete(index);
    if (block?.kind === 'tool_call') {
      const call = { name: block.name, args: parseArguments(block.json), id: block.id };
      return this.frame([
        { functionCall: call, ...(block.signature ? { thoughtSignature: block.signature } : {}) },
      ]);
    }
    if (block?.kind === 'thinking' && block.signature)
      return this.frame([{ text: '', thought: true, thoughtSignature: block.signature }]);
    return '';
  }

  private frame(parts: GeminiPart[]): string {
    return this.chunk({
      candidates: [{ content: { role: 'model', parts }, index: 0 }],
      ...(this.usage ? { usageMetadata: usageToGemini(this.usage) } : {}),
    });
  }

  private chunk(body: Json): string {
    return formatSseData(
      JSON.stringify({ ...body, modelVersion: this.init.model, responseId: this.init.id }),
    );
  }
}
