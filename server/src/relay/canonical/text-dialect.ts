/**
 * Shared pieces of the provider dialects that carry plain text turns (Baidu ERNIE, Zhipu v3, Tencent
 * Hunyuan, iFlytek Spark, Dify, PaLM 2, Ollama — server/src/relay/providers/): the canonical conversation
 * flattened to role/text turns, a text reply built from their fields, and a stream decoder state that turns
 * text pieces, usage and a finish into canonical stream events.
 */
import type { SseMessage, StreamDecoder } from './codec.ts';
import { eventObject, joinText, usageEvent } from './helpers.ts';
import type {
  CanonicalReply,
  CanonicalRequest,
  CanonicalUsage,
  ContentBlock,
  StopReason,
  StreamEvent,
} from './types.ts';

export interface PlainTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** A block as text: tool calls and results written out, media named (these dialects carry text only). */
function blockText(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'tool_call':
      return `[tool call ${block.name}(${block.arguments})]`;
    case 'tool_result':
      return `[tool result${block.name ? ` of ${block.name}` : ''}] ${joinText(block.content)}`;
    case 'image':
      return block.source.kind === 'url' ? `[image ${block.source.url}]` : '[image]';
    default:
      return '';
  }
}

/** The system text and the alternating turns of a request, each turn's blocks joined. */
export function plainConversation(request: CanonicalRequest): { system: string; turns: PlainTurn[] } {
  const turns: PlainTurn[] = [];
  for (const message of request.messages) {
    const content = message.content.map(blockText).filter(Boolean).join('\n');
    const last = turns[turns.length - 1];
    if (last && last.role === message.role) last.content = `${last.content}\n${content}`;
    else turns.push({ role: message.role, content });
  }
  return { system: joinText(request.system, '\n'), turns };
}

export function usageOf(input: number, output: number): CanonicalUsage {
  return {
    inputTokens: input,
    outputTokens: output,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    reasoningTokens: 0,
  };
}

export function textReply(fields: {
  id: string;
  model: string;
  created?: number;
  text: string;
  stopReason: StopReason;
  usage: CanonicalUsage | null;
}): CanonicalReply {
  return {
    id: fields.id,
    model: fields.model,
    created: fields.created ?? Math.floor(Date.now() / 1000),
    content: fields.text ? [{ type: 'text', text: fields.text }] : [],
    stopReason: fields.stopReason,
    usage: fields.usage,
  };
}

/** Common finish reasons of these dialects (OpenAI's words, Baidu's, Hunyuan's, Ollama's …). */
export function stopReasonFromText(reason: unknown): StopReason {
  switch (reason) {
    case 'length':
    case 'max_tokens':
      return 'max_tokens';
    case 'content_filter':
    case 'sensitive':
      return 'content_filter';
    default:
      return 'end_turn';
  }
}

/**
 * The event bookkeeping of a text-only stream: `start` once, one text block opened at the first piece,
 * usage (the latest report wins), and one `stop`. A stream that ends without a finish is left unstopped
 * (the relay reports it as interrupted).
 */
export class TextStreamState {
  private started = false;
  private open = false;
  private stopped = false;
  private usage: CanonicalUsage | null = null;

  constructor(private readonly id = '') {}

  get finished(): boolean {
    return this.stopped;
  }

  text(events: StreamEvent[], text: string, id = this.id): void {
    this.start(events, id);
    if (!text || this.stopped) return;
    if (!this.open) {
      this.open = true;
      events.push({ type: 'block_start', index: 0, block: { type: 'text' } });
    }
    events.push({ type: 'text_delta', index: 0, text });
  }

  reportUsage(usage: CanonicalUsage | null): void {
    if (usage) this.usage = usage;
  }

  finish(events: StreamEvent[], reason: StopReason, id = this.id): void {
    if (this.stopped) return;
    this.start(events, id);
    if (this.open) events.push({ type: 'block_stop', index: 0 });
    this.open = false;
    if (this.usage) events.push(usageEvent(this.usage));
    events.push({ type: 'stop', reason });
    this.stopped = true;
  }

  private start(events: StreamEvent[], id: string): void {
    if (this.started) return;
    this.started = true;
    events.push({ type: 'start', id, model: '' });
  }
}

/**
 * The stream decoder of a dialect whose events each carry one JSON object (Baidu, Hunyuan, Dify, AI Proxy,
 * Spark): an event that is not one is skipped, the others are read by `read` with the shared text-stream
 * bookkeeping in `state`; nothing is owed at the end (a stream without its finish stays unstopped).
 */
export abstract class JsonEventDecoder implements StreamDecoder {
  protected readonly state = new TextStreamState();

  push(message: SseMessage): StreamEvent[] {
    const data = eventObject(message.data);
    return data ? this.read(data) : [];
  }

  end(): StreamEvent[] {
    return [];
  }

  protected abstract read(data: Record<string, unknown>): StreamEvent[];
}

/** A whole reply as the events of a stream that carried it (providers that cannot stream). */
export function replyEvents(reply: CanonicalReply): StreamEvent[] {
  const state = new TextStreamState(reply.id);
  const events: StreamEvent[] = [];
  state.text(events, joinText(reply.content));
  state.reportUsage(reply.usage);
  state.finish(events, reply.stopReason);
  return events;
}
