/** The OpenAI Chat Completions format as a FormatCodec (server/src/relay/canonical/codec.ts). */
import type { FormatCodec } from '../../canonical/codec.ts';
import { decodeChatReply, encodeChatReply } from './chat-reply-codec.ts';
import { decodeChatRequest, encodeChatRequest } from './chat-request-codec.ts';
import { ChatStreamDecoder, ChatStreamEncoder } from './chat-stream-codec.ts';
import { errorBody, readErrorBody } from './errors.ts';
import { readMaxTokens } from './request.ts';

export const openAiChatCodec: FormatCodec = {
  id: 'openai-chat',
  requestedMaxTokens: readMaxTokens,
  decodeRequest: decodeChatRequest,
  encodeRequest: encodeChatRequest,
  decodeReply: decodeChatReply,
  encodeReply: encodeChatReply,
  streamDecoder: () => new ChatStreamDecoder(),
  streamEncoder: (init) => new ChatStreamEncoder(init),
  errorBody: (error) => errorBody(error.message, error.type, error.code ?? null),
  readError(body) {
    const details = readErrorBody(body);
    if (!details) return null;
    return {
      message: details.message,
      type: details.type,
      code: details.code === null ? null : String(details.code),
    };
  },
};
