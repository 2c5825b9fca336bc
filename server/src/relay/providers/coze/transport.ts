/**
 * Coze without a stream (docs/providers/coze-replicate.md): `POST /v3/chat` answers at once with the chat
 * created and still running; the answer is had by polling `GET /v3/chat/retrieve` until the chat's status
 * is final (every 0.5 s at first, backing off to 2 s, within the relay timeout), then listing its messages
 * with `GET /v3/chat/message/list` — the flow Coze's API documents for non-streaming calls. The transport
 * answers the relay with one JSON body `{chat, messages}` (read by ./codec.ts) or with Coze's `{code, msg}`
 * error body; a streaming call is one exchange, sent as is.
 */
import { jsonResponse, type UpstreamResponse } from '../../../lib/http-client.ts';
import { asString, isRecord } from '../../canonical/helpers.ts';
import { getJson, PollSchedule, readJson } from '../polling.ts';
import type { TransportInput } from '../types.ts';
import { cozeChatFailure, cozeError } from './codec.ts';

const FIRST_POLL_MS = 500;
const LONGEST_POLL_MS = 2_000;

/** A failure in Coze's own error shape, so the codec reads it like one of Coze's. */
function cozeFailure(status: number, code: number, message: string): UpstreamResponse {
  return jsonResponse(status, JSON.stringify({ code, msg: message }));
}

/** A 2xx reply's body as the relay should see it: Coze's error body when it is one, else null. */
function errorReply(body: unknown): UpstreamResponse | null {
  return cozeError(body) ? jsonResponse(200, JSON.stringify(body)) : null;
}

/** An HTTP error of a poll, its body handed on with its status (the codec reads Coze's error body). */
async function httpError(response: UpstreamResponse): Promise<UpstreamResponse> {
  return jsonResponse(response.statusCode, JSON.stringify(await readJson(response)));
}

function chatQuery(base: string, path: string, chat: { conversationId: string; chatId: string }): string {
  const query = new URLSearchParams({ conversation_id: chat.conversationId, chat_id: chat.chatId });
  return `${base}${path}?${query.toString()}`;
}

/** Runs a chat without a stream: create, poll until final, list its messages. */
async function runChat(input: TransportInput, base: string): Promise<UpstreamResponse> {
  const { upstream, timeouts, signal, proxyUrl } = input;
  const created = await upstream.send(input.request, timeouts, signal, proxyUrl);
  if (created.statusCode >= 300) return created;
  const createReply = await readJson(created);
  const refused = errorReply(createReply);
  if (refused) return refused;
  let chat = isRecord(createReply) && isRecord(createReply.data) ? createReply.data : null;
  const chatId = asString(chat?.id);
  const conversationId = asString(chat?.conversation_id);
  if (!chat || !chatId || !conversationId)
    return cozeFailure(502, 5000, 'Coze answered the chat without its id and conversation id');
  const ids = { chatId, conversationId };
  const auth = { authorization: input.request.headers.authorization ?? '' };
  const schedule = new PollSchedule(input, LONGEST_POLL_MS, FIRST_POLL_MS);
  while (chat.status !== 'completed') {
    const failure = cozeChatFailure(chat);
    if (failure) return cozeFailure(502, 5000, failure);
    if (!(await schedule.next(signal)))
      return cozeFailure(504, 5000, `the Coze chat did not finish within ${schedule.boundMs / 1000} s`);
    const polled = await getJson(input, chatQuery(base, '/v3/chat/retrieve', ids), auth);
    if (polled.statusCode >= 500) {
      await polled.body.dump().catch(() => undefined);
      continue;
    }
    if (polled.statusCode >= 300) return httpError(polled);
    const reply = await readJson(polled);
    const error = errorReply(reply);
    if (error) return error;
    if (!isRecord(reply) || !isRecord(reply.data))
      return cozeFailure(502, 5000, 'Coze answered the chat retrieval without the chat');
    chat = reply.data;
  }
  const listed = await getJson(input, chatQuery(base, '/v3/chat/message/list', ids), auth);
  if (listed.statusCode >= 300) return httpError(listed);
  const list = await readJson(listed);
  const error = errorReply(list);
  if (error) return error;
  if (!isRecord(list) || !Array.isArray(list.data))
    return cozeFailure(502, 5000, 'Coze answered the message list without messages');
  return jsonResponse(200, JSON.stringify({ chat, messages: list.data }));
}

/** The transport of a Coze channel whose API root is `base`. */
export function cozeTransport(base: (input: TransportInput) => string) {
  return (input: TransportInput): Promise<UpstreamResponse> => {
    if (input.stream) return input.upstream.send(input.request, input.timeouts, input.signal, input.proxyUrl);
    return runChat(input, base(input));
  };
}
