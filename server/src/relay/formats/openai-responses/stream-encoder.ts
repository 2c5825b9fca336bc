/**
 * Canonical stream events → an OpenAI Responses stream the `openai` SDK (`responses.stream()`) and the
 * Codex CLI can rebuild: response.created and response.in_progress first, every output item added and
 * done (with its content part or summary part added and done around the deltas), increasing
 * sequence_number, and last response.completed (or response.incomplete) with the whole output and the
 * usage, which other formats may report after the stop reason.
 */
import type { StreamEncoderInit } from '../../canonical/codec.ts';
import { ClosingStreamEncoder } from '../../canonical/stream-state.ts';
import { emptyUsage, type StreamBlockStart, type StreamEvent } from '../../canonical/types.ts';
import {
  functionCallItem,
  itemId,
  messageItem,
  reasoningItem,
  responseId,
  statusForStopReason,
  usageToResponses,
} from './reply.ts';
import {
  type Json,
  type OutputItem,
  REDACTED_THINKING_PREFIX,
  type ResponseObject,
  type ResponseStatus,
} from './responses-types.ts';

interface OpenItem {
  output: number;
  kind: StreamBlockStart['type'];
  id: string;
  /** The text, summary text or arguments so far (the `.done` events and the final output repeat it). */
  text: string;
  callId: string;
  name: string;
  namespace: string | undefined;
  encrypted: string;
  summaryStarted: boolean;
}

export class ResponsesStreamEncoder extends ClosingStreamEncoder {
  private readonly id: string;
  private sequence = 0;
  private started = false;
  private ended = false;
  /** The output items so far, by output_index (open ones in their in-progress form). */
  private readonly output: OutputItem[] = [];
  /** Open items by canonical block index. */
  private readonly open = new Map<number, OpenItem>();

  constructor(private readonly init: StreamEncoderInit) {
    super();
    this.id = responseId(init.id);
  }

  encode(event: StreamEvent): string {
    if (this.ended) return '';
    switch (event.type) {
      case 'start':
        return this.ensureStarted();
      case 'block_start':
        return this.ensureStarted() + this.openItem(event.index, event.block);
      case 'text_delta':
        return this.delta(event.index, 'text', event.text);
      case 'thinking_delta':
        return this.delta(event.index, 'thinking', event.text);
      case 'arguments_delta':
        return this.delta(event.index, 'tool_call', event.json);
      case 'signature_delta': {
        const item = this.open.get(event.index);
        if (item?.kind === 'thinking') item.encrypted += event.signature;
        return '';
      }
      case 'block_stop':
        return this.closeItem(event.index);
      case 'usage':
      case 'stop':
        return this.keep(event);
      case 'error':
        return this.fail(event.message, event.errorType);
    }
  }

  finish(): string {
    if (this.ended) return '';
    let text = this.ensureStarted();
    for (const index of [...this.open.keys()].sort((left, right) => left - right))
      text += this.closeItem(index);
    this.ended = true;
    const { status, incomplete_details } = statusForStopReason(this.stop?.reason ?? 'end_turn');
    const response = { ...this.snapshot(status), incomplete_details };
    return (
      text + this.frame(status === 'incomplete' ? 'response.incomplete' : 'response.completed', { response })
    );
  }

  private frame(type: string, data: Json): string {
    const body = { type, sequence_number: this.sequence++, ...data };
    return `event: ${type}\ndata: ${JSON.stringify(body)}\n\n`;
  }

  private snapshot(status: ResponseStatus): ResponseObject {
    return {
      id: this.id,
      object: 'response',
      created_at: this.init.created,
      status,
      error: null,
      incomplete_details: null,
      model: this.init.model,
      output: status === 'in_progress' ? [] : [...this.output],
      usage: status === 'in_progress' ? null : usageToResponses(this.usage ?? emptyUsage()),
    };
  }

  private ensureStarted(): string {
    if (this.started) return '';
    this.started = true;
    const response = this.snapshot('in_progress');
    return this.frame('response.created', { response }) + this.frame('response.in_progress', { response });
  }

  private openItem(index: number, block: StreamBlockStart): string {
    let text = this.closeItem(index);
    const output = this.output.length;
    const prefix = block.type === 'text' ? 'msg' : block.type === 'tool_call' ? 'fc' : 'rs';
    const item: OpenItem = {
      output,
      kind: block.type,
      id: itemId(prefix, this.id, output),
      text: '',
      callId: block.type === 'tool_call' ? block.id : '',
      name: block.type === 'tool_call' ? block.name : '',
      namespace: block.type === 'tool_call' ? block.namespace : undefined,
      encrypted: block.type === 'redacted_thinking' ? REDACTED_THINKING_PREFIX + block.data : '',
      summaryStarted: false,
    };
    this.open.set(index, item);
    const added = this.itemOf(item, 'in_progress');
    this.output.push(added);
    text += this.frame('response.output_item.added', { output_index: output, item: added });
    if (block.type === 'text')
      text += this.frame('response.content_part.added', {
        ...this.at(item),
        content_index: 0,
        part: { type: 'output_text', text: '', annotations: [] },
      });
    return text;
  }

  private itemOf(item: OpenItem, status: ResponseStatus): OutputItem {
    switch (item.kind) {
      case 'text':
        return messageItem(item.id, status === 'in_progress' ? [] : [item.text], status);
      case 'tool_call':
        return functionCallItem(
          item.id,
          { id: item.callId, name: item.name, namespace: item.namespace, arguments: item.text },
          status,
        );
      default:
        return reasoningItem(item.id, status === 'in_progress' ? '' : item.text, item.encrypted || undefined);
    }
  }

  private at(item: OpenItem): Json {
    return { item_id: item.id, output_index: item.output };
  }

  /** A delta for canonical block `index`; text or thinking without a started block of its kind starts one. */
  private delta(index: number, kind: 'text' | 'thinking' | 'tool_call', value: string): string {
    let text = this.ensureStarted();
    let item = this.open.get(index);
    if (item?.kind !== kind) {
      if (kind === 'tool_call') return text; // arguments without their call's start cannot be rendered
      text += this.openItem(index, { type: kind });
      item = this.open.get(index) as OpenItem;
    }
    item.text += value;
    if (kind === 'text')
      return `${text}${this.frame('response.output_text.delta', { ...this.at(item), content_index: 0, delta: value, logprobs: [] })}`;
    if (kind === 'tool_call')
      return text + this.frame('response.function_call_arguments.delta', { ...this.at(item), delta: value });
    if (!item.summaryStarted) {
      item.summaryStarted = true;
      text += this.frame('response.reasoning_summary_part.added', {
        ...this.at(item),
        summary_index: 0,
        part: { type: 'summary_text', text: '' },
      });
    }
    return (
      text +
      this.frame('response.reasoning_summary_text.delta', {
        ...this.at(item),
        summary_index: 0,
        delta: value,
      })
    );
  }

  private closeItem(index: number): string {
    const item = this.open.get(index);
    if (!item) return '';
    this.open.delete(index);
    let text = '';
    if (item.kind === 'text') {
      const part = { type: 'output_text', text: item.text, annotations: [] };
      text +=
        this.frame('response.output_text.done', {
          ...this.at(item),
          content_index: 0,
          text: item.text,
          logprobs: [],
        }) + this.frame('response.content_part.done', { ...this.at(item), content_index: 0, part });
    } else if (item.kind === 'tool_call') {
      text += this.frame('response.function_call_arguments.done', {
        ...this.at(item),
        name: item.name,
        arguments: item.text,
      });
    } else if (item.summaryStarted) {
      text +=
        this.frame('response.reasoning_summary_text.done', {
          ...this.at(item),
          summary_index: 0,
          text: item.text,
        }) +
        this.frame('response.reasoning_summary_part.done', {
          ...this.at(item),
          summary_index: 0,
          part: { type: 'summary_text', text: item.text },
        });
    }
    const done = this.itemOf(item, 'completed');
    this.output[item.output] = done;
    return text + this.frame('response.output_item.done', { output_index: item.output, item: done });
  }

  /** An interruption: the `error` event, then response.failed; nothing follows. */
  private fail(message: string, errorType: string | undefined): string {
    const text = this.ensureStarted();
    this.ended = true;
    const code = errorType ?? 'server_error';
    const response = { ...this.snapshot('failed'), error: { code, message } };
    return (
      text + this.frame('error', { code, message, param: null }) + this.frame('response.failed', { response })
    );
  }
}
