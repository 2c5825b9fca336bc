/**
 * A fake Coze API (chat v3) for integration tests, written from Coze's published API: `POST /v3/chat`,
 * `GET /v3/chat/retrieve` and `GET /v3/chat/message/list`, with a personal access token as Bearer token.
 * Like Coze it refuses an unknown token (HTTP 401, `{code: 4100, msg}`), and answers with HTTP 200 and an
 * error code a body without `bot_id` or `user_id`, an unknown bot (4200), messages that are not Coze's
 * (role, type, content type, an `object_string` that is not a JSON list of text and image objects), and a
 * non-streaming chat with `auto_save_history: false` (its messages could not be listed). A streaming chat is
 * SSE with named events, written without a space after the colon as Coze writes them: chat created and in
 * progress, the answer in `conversation.message.delta` pieces, the completed answer and a verbose message,
 * `conversation.chat.completed` with the usage, and `done` — or, when told so, an `error` event after the
 * first pieces. A chat without a stream is created `in_progress`, reported completed with its usage on the
 * second retrieval (or failed, when told so), and its messages listed: the answer, a verbose message and a
 * follow-up suggestion.
 */
import type { ServerResponse } from 'node:http';
import { type FakeVendor, type RecordedVendorRequest, sendJson, startFakeVendor, startSse } from './http.ts';

export const FAKE_COZE_TOKEN = 'pat_fake-coze-token-0123456789';
export const FAKE_COZE_BOT_ID = '7342866812345678901';
export const FAKE_COZE_PIECES = ['Hello', ' from', ' fake', ' Coze.'];
export const FAKE_COZE_PIECES_BEFORE_ERROR = 2;
export const FAKE_COZE_STREAM_ERROR = { code: 4011, msg: 'The bot ran out of resource points' };
export const FAKE_COZE_FAILED_CHAT = { code: 5000, msg: 'model service unavailable' };
export const FAKE_COZE_USAGE = { token_count: 30, output_count: 9, input_count: 21 };

export interface FakeCoze extends FakeVendor {
  /** Makes the next streaming chat break off with an `error` event. */
  failNextStream(): void;
  /** Makes the next chat without a stream end `failed`. */
  failNextChat(): void;
  /** Retrievals of each chat, by chat id. */
  readonly retrievals: Map<string, number>;
}

type Json = Record<string, unknown>;

interface StoredChat {
  id: string;
  conversationId: string;
  failing: boolean;
}

function invalidObjects(content: string): string | null {
  let objects: unknown;
  try {
    objects = JSON.parse(content);
  } catch {
    return 'object_string content must be a JSON array';
  }
  if (!Array.isArray(objects) || objects.length === 0) return 'object_string content must be a JSON array';
  for (const object of objects as Json[]) {
    if (object?.type === 'text' && typeof object.text === 'string') continue;
    if (
      object?.type === 'image' &&
      (typeof object.file_url === 'string' || typeof object.file_id === 'string')
    )
      continue;
    return 'unsupported object in object_string content';
  }
  return null;
}

function invalidMessages(messages: unknown): string | null {
  if (messages === undefined) return null;
  if (!Array.isArray(messages) || messages.length > 100)
    return 'additional_messages must be a list of 100 at most';
  for (const message of messages as Json[]) {
    if (message?.role !== 'user' && message?.role !== 'assistant') return 'role must be user or assistant';
    if (message.type !== undefined && message.type !== 'question' && message.type !== 'answer')
      return 'type must be question or answer';
    if (typeof message.content !== 'string') return 'content must be a string';
    if (message.content_type === 'object_string') {
      if (message.role !== 'user') return 'object_string content is for user messages';
      const problem = invalidObjects(message.content);
      if (problem) return problem;
    } else if (message.content_type !== 'text') return 'content_type must be text or object_string';
  }
  return null;
}

function invalidChat(body: Json): { code: number; msg: string } | null {
  if (typeof body.bot_id !== 'string' || body.bot_id === '') return { code: 4000, msg: 'bot_id is required' };
  if (body.bot_id !== FAKE_COZE_BOT_ID) return { code: 4200, msg: `Bot ${body.bot_id} does not exist` };
  if (typeof body.user_id !== 'string' || body.user_id === '')
    return { code: 4000, msg: 'user_id is required' };
  const problem = invalidMessages(body.additional_messages);
  if (problem) return { code: 4000, msg: problem };
  if (body.stream !== true && body.auto_save_history === false)
    return { code: 4000, msg: 'auto_save_history must be true when stream is false' };
  return null;
}

export async function startFakeCoze(): Promise<FakeCoze> {
  let failNextStream = false;
  let failNextChat = false;
  let sequence = 0;
  const chats = new Map<string, StoredChat>();
  const retrievals = new Map<string, number>();
  const createdAt = 1_718_000_000;

  const chatObject = (chat: StoredChat, status: string) => ({
    id: chat.id,
    conversation_id: chat.conversationId,
    bot_id: FAKE_COZE_BOT_ID,
    created_at: createdAt,
    ...(status === 'completed' ? { completed_at: createdAt + 2, usage: FAKE_COZE_USAGE } : {}),
    ...(status === 'failed' ? { failed_at: createdAt + 2 } : {}),
    last_error: status === 'failed' ? FAKE_COZE_FAILED_CHAT : { code: 0, msg: '' },
    status,
  });

  const message = (chat: StoredChat, type: string, content: string) => ({
    id: `msg-${chat.id}-${type}`,
    conversation_id: chat.conversationId,
    bot_id: FAKE_COZE_BOT_ID,
    chat_id: chat.id,
    role: 'assistant',
    type,
    content,
    content_type: 'text',
    created_at: createdAt + 1,
    updated_at: createdAt + 2,
  });

  const stream = (response: ServerResponse, chat: StoredChat, failing: boolean) => {
    startSse(response);
    const send = (event: string, data: unknown) =>
      response.write(`event:${event}\ndata:${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
    send('conversation.chat.created', chatObject(chat, 'created'));
    send('conversation.chat.in_progress', chatObject(chat, 'in_progress'));
    for (const [index, piece] of FAKE_COZE_PIECES.entries()) {
      if (failing && index === FAKE_COZE_PIECES_BEFORE_ERROR) {
        send('error', FAKE_COZE_STREAM_ERROR);
        response.end();
        return;
      }
      send('conversation.message.delta', message(chat, 'answer', piece));
    }
    send('conversation.message.completed', message(chat, 'answer', FAKE_COZE_PIECES.join('')));
    send('conversation.message.completed', message(chat, 'verbose', '{"msg_type":"generate_answer_finish"}'));
    send('conversation.chat.completed', chatObject(chat, 'completed'));
    send('done', '"[DONE]"');
    response.end();
  };

  const knownChat = (request: RecordedVendorRequest): StoredChat | null => {
    const query = new URL(request.path, 'http://coze.invalid').searchParams;
    const chat = chats.get(query.get('chat_id') ?? '');
    return chat && chat.conversationId === query.get('conversation_id') ? chat : null;
  };

  const route = (request: RecordedVendorRequest, response: ServerResponse) => {
    if (request.headers.authorization !== `Bearer ${FAKE_COZE_TOKEN}`) {
      sendJson(response, 401, { code: 4100, msg: 'authentication is invalid', detail: { logid: 'fake' } });
      return;
    }
    const path = request.path.split('?')[0];
    if (request.method === 'POST' && path === '/v3/chat') {
      const refusal = invalidChat(request.body);
      if (refusal) {
        sendJson(response, 200, { ...refusal, detail: { logid: 'fake' } });
        return;
      }
      sequence += 1;
      const chat = { id: `chat-${sequence}`, conversationId: `conv-${sequence}`, failing: false };
      chats.set(chat.id, chat);
      if (request.body.stream === true) {
        const failing = failNextStream;
        failNextStream = false;
        stream(response, chat, failing);
        return;
      }
      chat.failing = failNextChat;
      failNextChat = false;
      sendJson(response, 200, { code: 0, msg: '', data: chatObject(chat, 'in_progress') });
      return;
    }
    if (request.method === 'GET' && (path === '/v3/chat/retrieve' || path === '/v3/chat/message/list')) {
      const chat = knownChat(request);
      if (!chat) {
        sendJson(response, 200, { code: 4000, msg: 'chat not found in this conversation' });
        return;
      }
      if (path === '/v3/chat/retrieve') {
        const count = (retrievals.get(chat.id) ?? 0) + 1;
        retrievals.set(chat.id, count);
        const status = count < 2 ? 'in_progress' : chat.failing ? 'failed' : 'completed';
        sendJson(response, 200, { code: 0, msg: '', data: chatObject(chat, status) });
        return;
      }
      sendJson(response, 200, {
        code: 0,
        msg: '',
        data: [
          message(chat, 'answer', FAKE_COZE_PIECES.join('')),
          message(chat, 'verbose', '{"msg_type":"generate_answer_finish"}'),
          message(chat, 'follow_up', 'Shall I tell you more?'),
        ],
      });
      return;
    }
    sendJson(response, 404, { code: 4000, msg: 'not found' });
  };

  const vendor = await startFakeVendor(route);
  return Object.assign(vendor, {
    retrievals,
    failNextStream: () => {
      failNextStream = true;
    },
    failNextChat: () => {
      failNextChat = true;
    },
  });
}
