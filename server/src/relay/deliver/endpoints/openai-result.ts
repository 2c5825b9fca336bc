/**
 * OpenAI endpoints whose reply is a result rather than a conversation (embeddings, moderations, rerank,
 * images, transcriptions and translations), read whole: an adaptor whose upstream answers in another shape
 * converts the reply into OpenAI's (ProviderAdaptor.convertReply: Gemini, Baidu, Ali, Ollama embeddings),
 * the endpoint's reading finds what is billed, and a call of another surface gets the reply in its shape
 * (RelayCall.surface: Gemini's embeddings).
 */
import type { RelayEndpoint } from '../../providers/types.ts';
import { type JsonReplyReading, readJsonReply, readTranscriptionReply } from '../json-relay.ts';
import { type ReplyReader, unreadableReply } from '../reply-reader.ts';
import { notAJsonReply } from './completions.ts';

/** What is billed of an endpoint's reply (null: the body is no reply of it). */
export type ResultReading = (endpoint: RelayEndpoint, body: Buffer, model: string) => JsonReplyReading | null;

/** The reader of an endpoint whose reply `read` bills. */
export function resultReader(read: ResultReading): ReplyReader {
  return {
    send(reply, state, input, received, contentType) {
      const { call } = state;
      let body = received;
      const convert = input.adaptor?.convertReply;
      if (convert) {
        try {
          const converted = convert(call.endpoint, JSON.parse(body.toString('utf8')), call.model, call.body);
          body = Buffer.from(JSON.stringify(converted));
        } catch (error) {
          const message = `the upstream reply could not be read: ${(error as Error).message}`;
          return unreadableReply(reply, state, input, message, 'bad_upstream_reply');
        }
      }
      const reading = read(call.endpoint, body, call.model);
      if (!reading) return notAJsonReply(reply, state, input, body);
      if (call.surface) {
        let shaped: string;
        try {
          shaped = JSON.stringify(call.surface.convertReply(JSON.parse(body.toString('utf8'))));
        } catch (error) {
          const message = `the upstream reply could not be converted: ${(error as Error).message}`;
          return unreadableReply(reply, state, input, message, 'bad_upstream_reply');
        }
        reply.code(200).header('content-type', 'application/json').send(shaped);
      } else {
        reply
          .code(200)
          .header('content-type', convert ? 'application/json' : contentType || 'application/json')
          .send(body);
      }
      return {
        outcome: 'completed',
        upstreamUsage: reading.upstreamUsage,
        deliveredCompletionTokens: reading.countedCompletionTokens,
        outputDelivered: reading.outputDelivered,
        firstResponseMs: null,
        channel: input.channel,
        upstreamModel: input.upstreamModel,
        ...(reading.logFields ? { logFields: reading.logFields } : {}),
      };
    },
  };
}

/** Embeddings, moderations, rerank and images: the usage the reply reports. */
export const jsonResult = resultReader(readJsonReply);

/** Transcriptions and translations: their usage, or the tokens of the text they returned. */
export const transcriptionResult = resultReader((_endpoint, body, model) =>
  readTranscriptionReply(body, model),
);
