/**
 * Coze chat v3 dialect (docs/providers/coze-replicate.md). Coze keeps a conversation on its side; the
 * gateway is stateless, so every call sends the whole conversation as `additional_messages`: the user turns
 * as `question`s, the assistant turns as `answer`s, and the system text as a first `question` (a bot's own
 * persona is set in Coze; the client's instructions still reach it). A user turn with image URLs goes as an
 * `object_string` message (text and `file_url` images). The bot id is the channel's (./index.ts adds it).
 *
 * Replies: a stream is SSE with named events — `conversation.message.delta` carries a piece of the answer
 * (`type: answer`; reasoning models' chain of thought in `reasoning_content`, passed on as thinking), `conversation.chat.completed` the usage (`input_count`, `output_count`),
 * `conversation.chat.failed` and `error` a failure, `conversation.chat.requires_action` a tool the bot wants
 * the caller to run (which a relayed call cannot); every other event (chat created, in progress, completed
 * messages that repeat the deltas, verbose and follow-up messages, `done`) is skipped. A call without a
 * stream is a chat created, polled and its messages listed (./transport.ts), read here as one
 * `{chat, messages}` object. Errors are Coze's `{code, msg}` bodies, often sent with HTTP 200.
 */
import type { SseMessage, UpstreamCodec } from '../../canonical/codec.ts';
import {
  asNumber,
  asString,
  eventObject,
  isRecord,
  joinText,
  tokens,
  usageEvent,
} from '../../canonical/helpers.ts';
import { PieceStreamDecoder } from '../../canonical/stream-state.ts';
import { usageOf } from '../../canonical/text-dialect.ts';
import type {
  CanonicalMessage,
  CanonicalReply,
  CanonicalRequest,
  CanonicalUsage,
  ContentBlock,
  StreamEvent,
} from '../../canonical/types.ts';

/** The `user_id` Coze requires when the client names no user. */
export const COZE_DEFAULT_USER = 'switchyard';

/** What a chat that asks for a tool's output is answered (the gateway cannot submit tool outputs). */
export const COZE_REQUIRES_ACTION =
  'the Coze bot asked for the output of a tool (requires_action), which a relayed call cannot submit';

interface CozeMessage {
  role: 'user' | 'assistant';
  type: 'question' | 'answer';
  content: string;
  content_type: 'text' | 'object_string';
}

/** A canonical message as Coze's: its text, and for a user turn with image URLs the object list. */
function cozeMessage(message: CanonicalMessage): CozeMessage | null {
  const type = message.role === 'user' ? 'question' : 'answer';
  const texts: string[] = [];
  const images: string[] = [];
  for (const block of message.content) {
    if (block.type === 'text' && block.text) texts.push(block.text);
    else if (block.type === 'image' && block.source.kind === 'url') images.push(block.source.url);
    else if (block.type === 'tool_call') texts.push(`[tool call ${block.name}(${block.arguments})]`);
    else if (block.type === 'tool_result') texts.push(`[tool result] ${joinText(block.content)}`);
  }
  const text = texts.join('\n');
  if (message.role === 'user' && images.length > 0) {
    const objects = [
      ...(text ? [{ type: 'text', text }] : []),
      ...images.map((url) => ({ type: 'image', file_url: url })),
    ];
    return { role: 'user', type, content: JSON.stringify(objects), content_type: 'object_string' };
  }
  if (!text) return null;
  return { role: message.role, type, content: text, content_type: 'text' };
}

/** The conversation as Coze's additional messages, the system text first. */
export function cozeMessages(request: CanonicalRequest): CozeMessage[] {
  const messages: CozeMessage[] = [];
  const system = joinText(request.system, '\n');
  if (system) messages.push({ role: 'user', type: 'question', content: system, content_type: 'text' });
  for (const message of request.messages) {
    const converted = cozeMessage(message);
    if (converted) messages.push(converted);
  }
  return messages;
}

/** Coze's error fields: `{code, msg}` (`message` in some stream error events); null when `body` is none. */
export function cozeError(body: unknown): { code: number; message: string } | null {
  if (!isRecord(body)) return null;
  const code = asNumber(body.code);
  const message = asString(body.msg) || asString(body.message);
  if (code === undefined || code === 0 || !message) return null;
  return { code, message };
}

/**
 * The HTTP status a Coze error code amounts to (Coze's error code table: 4000 bad parameters, 4100 the
 * token refused, 4101 not permitted, 4013 and 4019 rate or quota limits, 5000 its own failure).
 */
export function cozeErrorStatus(code: number): number {
  if (code === 4100) return 401;
  if (code === 4101) return 403;
  if (code === 4013 || code === 4019 || code === 4028) return 429;
  if (code >= 4000 && code < 5000) return 400;
  return 500;
}

/** The usage of a chat object (`conversation.chat.completed`, `/v3/chat/retrieve`). */
export function cozeUsage(chat: unknown): CanonicalUsage | null {
  if (!isRecord(chat) || !isRecord(chat.usage)) return null;
  const { usage } = chat;
  if (usage.input_count === undefined && usage.output_count === undefined) return null;
  return usageOf(tokens(usage.input_count), tokens(usage.output_count));
}

/** Why a chat object's status ends the call without an answer, or null while it runs or when completed. */
export function cozeChatFailure(chat: Record<string, unknown>): string | null {
  switch (chat.status) {
    case 'failed': {
      const error = cozeError(chat.last_error);
      return error ? `Coze chat failed (${error.code}): ${error.message}` : 'Coze chat failed';
    }
    case 'canceled':
      return 'the Coze chat was canceled';
    case 'requires_action':
      return COZE_REQUIRES_ACTION;
    default:
      return null;
  }
}

function isAnswer(message: Record<string, unknown>): boolean {
  return (message.role === undefined || message.role === 'assistant') && message.type === 'answer';
}

/**
 * The stream's events: `start` at the first piece, the thinking (`reasoning_content` of reasoning models)
 * and the answer as blocks, the usage and `stop` at the chat's completion. A stream that ends without its
 * completion stays unstopped (the relay reports it as interrupted).
 */
class CozeStreamDecoder extends PieceStreamDecoder {
  private id = '';
  private started = false;
  private stopped = false;

  push(message: SseMessage): StreamEvent[] {
    const data = eventObject(message.data);
    const events: StreamEvent[] = [];
    if (this.stopped) return events;
    switch (message.event) {
      case 'conversation.chat.created':
        this.id = asString(data?.id) ?? this.id;
        break;
      case 'conversation.message.delta':
        if (data && isAnswer(data)) {
          this.piece(events, 'thinking', asString(data.reasoning_content));
          this.piece(events, 'text', asString(data.content));
        }
        break;
      case 'conversation.chat.completed': {
        this.begin(events);
        this.close(events);
        const usage = cozeUsage(data);
        if (usage) events.push(usageEvent(usage));
        events.push({ type: 'stop', reason: 'end_turn' });
        this.stopped = true;
        break;
      }
      case 'conversation.chat.failed':
      case 'conversation.chat.requires_action':
        events.push({ type: 'error', message: (data && cozeChatFailure(data)) ?? 'Coze chat failed' });
        break;
      case 'error': {
        const error = cozeError(data);
        events.push({
          type: 'error',
          message: error ? `Coze error ${error.code}: ${error.message}` : 'Coze reported an error',
          ...(error ? { errorType: String(error.code) } : {}),
        });
        break;
      }
      default:
        break;
    }
    return events;
  }

  end(): StreamEvent[] {
    return [];
  }

  private begin(events: StreamEvent[]): void {
    if (this.started) return;
    this.started = true;
    events.push({ type: 'start', id: this.id, model: '' });
  }

  private piece(events: StreamEvent[], kind: 'text' | 'thinking', text: string | undefined): void {
    if (!text) return;
    this.begin(events);
    const index = this.ensureOpen(kind, events);
    events.push({ type: kind === 'text' ? 'text_delta' : 'thinking_delta', index, text });
  }
}

export const cozeCodec: UpstreamCodec = {
  id: 'coze',

  encodeRequest(request: CanonicalRequest): Record<string, unknown> {
    return {
      user_id: request.user || COZE_DEFAULT_USER,
      additional_messages: cozeMessages(request),
      stream: request.stream,
    };
  },

  decodeReply(body: unknown): CanonicalReply {
    const error = cozeError(body);
    if (error) throw new Error(`Coze error ${error.code}: ${error.message}`);
    if (!isRecord(body) || !isRecord(body.chat) || !Array.isArray(body.messages))
      throw new Error('not a Coze chat with its messages');
    const { chat } = body;
    const answers = body.messages.filter((message): message is Record<string, unknown> =>
      isRecord(message) ? isAnswer(message) : false,
    );
    const thinking = answers.map((message) => asString(message.reasoning_content) ?? '').join('');
    const text = answers.map((message) => asString(message.content) ?? '').join('');
    const content: ContentBlock[] = [];
    if (thinking) content.push({ type: 'thinking', text: thinking });
    if (text) content.push({ type: 'text', text });
    return {
      id: asString(chat.id) ?? '',
      model: '',
      created: asNumber(chat.created_at) ?? Math.floor(Date.now() / 1000),
      content,
      stopReason: 'end_turn',
      usage: cozeUsage(chat),
    };
  },

  streamDecoder: () => new CozeStreamDecoder(),

  readError(body: unknown) {
    const error = cozeError(body);
    return error ? { message: error.message, code: String(error.code) } : null;
  },

  okError(body: unknown) {
    const error = cozeError(body);
    if (!error) return null;
    return {
      status: cozeErrorStatus(error.code),
      message: `Coze error ${error.code}: ${error.message}`,
      code: String(error.code),
    };
  },
};
