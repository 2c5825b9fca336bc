/** OpenAI Chat Completions streams (`data:` chunks ending with `[DONE]`) ↔ canonical stream events. */
import type { SseMessage, StreamDecoder, StreamEncoder, StreamEncoderInit } from '../../canonical/codec.ts';
import { asString, errorEvent, eventObject, isRecord, mergeUsage } from '../../canonical/helpers.ts';
import { namespaceField, readUpstreamToolName } from '../../canonical/tool-names.ts';
import type { CanonicalUsage, StreamEvent } from '../../canonical/types.ts';
import {
  finishFromStopReason,
  stopReasonFromFinish,
  usageFromChat,
  usageToChat,
} from './chat-reply-codec.ts';

type Json = Record<string, unknown>;
type OpenKind = 'text' | 'thinking' | 'tool';

export class ChatStreamDecoder implements StreamDecoder {
  private started = false;
  private open: { index: number; kind: OpenKind } | null = null;
  private nextIndex = 0;
  /** OpenAI tool_call index → canonical block index. */
  private readonly toolBlocks = new Map<number, number>();

  push(message: SseMessage): StreamEvent[] {
    if (message.data === '[DONE]') return [];
    const chunk = eventObject(message.data);
    if (!chunk) return [];
    if (isRecord(chunk.error)) return [errorEvent(chunk.error.message, chunk.error.type)];
    const events: StreamEvent[] = [];
    if (!this.started) {
      this.started = true;
      events.push({
        type: 'start',
        id: asString(chunk.id) ?? '',
        model: asString(chunk.model) ?? '',
        ...(typeof chunk.created === 'number' ? { created: chunk.created } : {}),
      });
    }
    const choice = Array.isArray(chunk.choices) && isRecord(chunk.choices[0]) ? chunk.choices[0] : null;
    const delta = choice && isRecord(choice.delta) ? choice.delta : {};
    const reasoning = asString(delta.reasoning_content) ?? asString(delta.reasoning);
    if (reasoning)
      events.push(...this.ensure('thinking'), {
        type: 'thinking_delta',
        index: this.index(),
        text: reasoning,
      });
    const content = asString(delta.content);
    if (content)
      events.push(...this.ensure('text'), { type: 'text_delta', index: this.index(), text: content });
    if (Array.isArray(delta.tool_calls))
      for (const call of delta.tool_calls) events.push(...this.toolCall(call));
    if (choice && typeof choice.finish_reason === 'string') {
      events.push(...this.close(), { type: 'stop', reason: stopReasonFromFinish(choice.finish_reason) });
    }
    const usage = usageFromChat(chunk.usage);
    if (usage) events.push({ type: 'usage', usage });
    return events;
  }

  end(): StreamEvent[] {
    return this.close();
  }

  private index(): number {
    return this.open?.index ?? 0;
  }

  private close(): StreamEvent[] {
    if (!this.open) return [];
    const index = this.open.index;
    this.open = null;
    return [{ type: 'block_stop', index }];
  }

  private ensure(kind: 'text' | 'thinking'): StreamEvent[] {
    if (this.open?.kind === kind) return [];
    const events = this.close();
    const index = this.nextIndex++;
    this.open = { index, kind };
    events.push({ type: 'block_start', index, block: { type: kind } });
    return events;
  }

  private toolCall(call: unknown): StreamEvent[] {
    if (!isRecord(call)) return [];
    const toolIndex = typeof call.index === 'number' ? call.index : 0;
    const fn = isRecord(call.function) ? call.function : {};
    const events: StreamEvent[] = [];
    let index = this.toolBlocks.get(toolIndex);
    if (index === undefined) {
      events.push(...this.close());
      index = this.nextIndex++;
      this.toolBlocks.set(toolIndex, index);
      this.open = { index, kind: 'tool' };
      const tool = readUpstreamToolName(asString(fn.name) ?? '');
      events.push({
        type: 'block_start',
        index,
        block: {
          type: 'tool_call',
          id: asString(call.id) ?? `call_${index}`,
          name: tool.name,
          ...namespaceField(tool.namespace),
        },
      });
    }
    const json = asString(fn.arguments);
    if (json) events.push({ type: 'arguments_delta', index, json });
    return events;
  }
}

export class ChatStreamEncoder implements StreamEncoder {
  private sentRole = false;
  private readonly toolIndexes = new Map<number, number>();
  private usage: CanonicalUsage | null = null;

  constructor(private readonly init: StreamEncoderInit) {}

  encode(event: StreamEvent): string {
    switch (event.type) {
      case 'block_start':
        if (event.block.type !== 'tool_call') return '';
        this.toolIndexes.set(event.index, this.toolIndexes.size);
        return this.chunk({
          tool_calls: [
            {
              index: this.toolIndexes.get(event.index),
              id: event.block.id,
              type: 'function',
              function: { name: event.block.name, arguments: '' },
            },
          ],
        });
      case 'text_delta':
        return this.chunk({ content: event.text });
      case 'thinking_delta':
        return this.chunk({ reasoning_content: event.text });
      case 'arguments_delta':
        return this.chunk({
          tool_calls: [
            { index: this.toolIndexes.get(event.index) ?? 0, function: { arguments: event.json } },
          ],
        });
      case 'usage':
        this.usage = mergeUsage(this.usage, event.usage);
        return '';
      case 'stop':
        return this.chunk({}, finishFromStopReason(event.reason));
      case 'error':
        return `data: ${JSON.stringify({ error: { message: event.message, type: event.errorType ?? 'upstream_error', param: null, code: null } })}\n\n`;
      default:
        return '';
    }
  }

  finish(): string {
    let text = '';
    if (this.init.includeUsage && this.usage) {
      text += `data: ${JSON.stringify({ ...this.frame(), choices: [], usage: usageToChat(this.usage) })}\n\n`;
    }
    return `${text}data: [DONE]\n\n`;
  }

  private frame(): Json {
    return {
      id: this.init.id,
      object: 'chat.completion.chunk',
      created: this.init.created,
      model: this.init.model,
    };
  }

  private chunk(delta: Json, finishReason: string | null = null): string {
    if (!this.sentRole && finishReason === null) {
      delta = { role: 'assistant', ...delta };
      this.sentRole = true;
    }
    const frame = {
      ...this.frame(),
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    };
    return `data: ${JSON.stringify(frame)}\n\n`;
  }
}
