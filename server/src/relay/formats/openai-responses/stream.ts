/** OpenAI Responses streams (typed `event: response.…` frames) → canonical stream events. */
import type { SseMessage, StreamDecoder } from '../../canonical/codec.ts';
import { asString, errorEvent, eventObject, isRecord } from '../../canonical/helpers.ts';
import { namespaceField } from '../../canonical/tool-names.ts';
import type { StreamBlockStart, StreamEvent } from '../../canonical/types.ts';
import { customToolArguments, stopReasonFromResponses, usageFromResponses, withToolCalls } from './reply.ts';
import type { Json } from './responses-types.ts';

interface OpenBlock {
  index: number;
  kind: StreamBlockStart['type'];
  /** Whether deltas arrived (the `.done` events repeat the whole text, sent only when none did). */
  deltas: boolean;
}

/**
 * Keeps only the open blocks (keyed by output item, or by output item and content part for text), the
 * next canonical index and whether a function call was seen (the stop reason).
 */
export class ResponsesStreamDecoder implements StreamDecoder {
  private readonly open = new Map<string, OpenBlock>();
  private nextIndex = 0;
  private sawToolCall = false;
  private sawRefusal = false;

  push(message: SseMessage): StreamEvent[] {
    const data = eventObject(message.data);
    if (!data) return [];
    const output = typeof data.output_index === 'number' ? data.output_index : 0;
    const itemKey = `o:${output}`;
    const partKey = `c:${output}:${typeof data.content_index === 'number' ? data.content_index : 0}`;
    const item = isRecord(data.item) ? data.item : {};
    const text = (key: string, delta: unknown) => this.delta(key, 'text', asString(delta));
    switch (data.type ?? message.event) {
      case 'response.created': {
        const response = isRecord(data.response) ? data.response : {};
        const created = response.created_at;
        return [
          {
            type: 'start',
            id: asString(response.id) ?? '',
            model: asString(response.model) ?? '',
            ...(typeof created === 'number' ? { created } : {}),
          },
        ];
      }
      case 'response.output_item.added':
        if (item.type === 'function_call' || item.type === 'custom_tool_call') {
          this.sawToolCall = true;
          const id = asString(item.call_id) ?? asString(item.id) ?? '';
          return this.openBlock(itemKey, {
            type: 'tool_call',
            id,
            name: asString(item.name) ?? '',
            ...namespaceField(asString(item.namespace)),
          });
        }
        return item.type === 'reasoning' ? this.openBlock(itemKey, { type: 'thinking' }) : [];
      case 'response.content_part.added': {
        const part = isRecord(data.part) ? data.part : {};
        if (part.type !== 'output_text' && part.type !== 'refusal') return [];
        if (part.type === 'refusal') this.sawRefusal = true;
        return [...this.openBlock(partKey, { type: 'text' }), ...text(partKey, part.text ?? part.refusal)];
      }
      case 'response.output_text.delta':
      case 'response.refusal.delta':
        return text(partKey, data.delta);
      case 'response.output_text.done':
        return this.open.get(partKey)?.deltas === false ? text(partKey, data.text) : [];
      case 'response.refusal.done':
        return this.open.get(partKey)?.deltas === false ? text(partKey, data.refusal) : [];
      case 'response.content_part.done':
        return this.close(partKey);
      case 'response.function_call_arguments.delta':
        return this.delta(itemKey, 'tool_call', asString(data.delta));
      case 'response.function_call_arguments.done':
        return this.open.get(itemKey)?.deltas === false
          ? this.delta(itemKey, 'tool_call', asString(data.arguments))
          : [];
      case 'response.reasoning_summary_part.added':
        // Summary parts are separated by a blank line, as in a decoded reply.
        return typeof data.summary_index === 'number' && data.summary_index > 0
          ? this.delta(itemKey, 'thinking', '\n\n')
          : [];
      case 'response.reasoning_summary_text.delta':
      case 'response.reasoning_text.delta':
        return this.delta(itemKey, 'thinking', asString(data.delta));
      case 'response.output_item.done':
        return this.itemDone(itemKey, output, item);
      case 'response.completed':
      case 'response.incomplete':
        return this.finished(isRecord(data.response) ? data.response : {});
      case 'response.failed': {
        const response = isRecord(data.response) ? data.response : {};
        const error = isRecord(response.error) ? response.error : {};
        return [errorEvent(error.message, error.code)];
      }
      case 'error': {
        const error = isRecord(data.error) ? data.error : data;
        return [errorEvent(error.message, asString(error.code) ?? error.type)];
      }
      default:
        return [];
    }
  }

  end(): StreamEvent[] {
    return [];
  }

  private openBlock(key: string, block: StreamBlockStart): StreamEvent[] {
    const index = this.nextIndex++;
    this.open.set(key, { index, kind: block.type, deltas: false });
    return [{ type: 'block_start', index, block }];
  }

  /** A delta for the block at `key`; text and thinking without a started block start one. */
  private delta(
    key: string,
    kind: 'text' | 'thinking' | 'tool_call',
    value: string | undefined,
  ): StreamEvent[] {
    if (!value) return [];
    const events: StreamEvent[] = [];
    let block = this.open.get(key);
    if (!block || block.kind !== kind) {
      if (kind === 'tool_call') return [];
      events.push(...this.openBlock(key, { type: kind }));
      block = this.open.get(key) as OpenBlock;
    }
    block.deltas = true;
    const { index } = block;
    if (kind === 'text') events.push({ type: 'text_delta', index, text: value });
    else if (kind === 'thinking') events.push({ type: 'thinking_delta', index, text: value });
    else events.push({ type: 'arguments_delta', index, json: value });
    return events;
  }

  private close(key: string): StreamEvent[] {
    const block = this.open.get(key);
    if (!block) return [];
    this.open.delete(key);
    return [{ type: 'block_stop', index: block.index }];
  }

  /** The end of an output item: what its deltas did not carry (whole arguments, encrypted reasoning). */
  private itemDone(key: string, output: number, item: Json): StreamEvent[] {
    const events: StreamEvent[] = [];
    const block = this.open.get(key);
    if (item.type === 'function_call' && block?.deltas === false)
      events.push(...this.delta(key, 'tool_call', asString(item.arguments)));
    else if (item.type === 'custom_tool_call' && block)
      events.push(...this.delta(key, 'tool_call', customToolArguments(item.input)));
    else if (item.type === 'reasoning') {
      if (!block?.deltas && Array.isArray(item.summary)) {
        const summary = item.summary.filter(isRecord).map((part) => asString(part.text) ?? '');
        events.push(...this.delta(key, 'thinking', summary.join('\n\n')));
      }
      const encrypted = asString(item.encrypted_content);
      const index = this.open.get(key)?.index;
      if (encrypted && index !== undefined)
        events.push({ type: 'signature_delta', index, signature: encrypted });
    } else if (item.type === 'message') {
      // Text parts whose content_part.done never came.
      for (const partKey of [...this.open.keys()].filter((open) => open.startsWith(`c:${output}:`)))
        events.push(...this.close(partKey));
    }
    return [...events, ...this.close(key)];
  }

  private finished(response: Json): StreamEvent[] {
    const events: StreamEvent[] = [];
    for (const key of [...this.open.keys()]) events.push(...this.close(key));
    const usage = withToolCalls(usageFromResponses(response.usage), response.output);
    if (usage) events.push({ type: 'usage', usage });
    const incomplete = isRecord(response.incomplete_details) ? response.incomplete_details.reason : undefined;
    const reason = stopReasonFromResponses(response.status, incomplete, this.sawToolCall);
    events.push({ type: 'stop', reason: reason === 'end_turn' && this.sawRefusal ? 'refusal' : reason });
    return events;
  }
}
