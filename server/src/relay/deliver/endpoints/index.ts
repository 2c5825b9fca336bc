/**
 * The OpenAI endpoints as modules of the delivery stage: each declares how its reply is read, billed and
 * converted (../reply-reader.ts ReplyReader). Every endpoint other than chat is spoken to its upstream in
 * OpenAI's format (server/src/relay/call/relay-call.ts prepareAttempt), so these readers serve the call
 * whatever channel answered it; a chat call is read by its format pair (../deliver-reply.ts readerFor).
 */
import type { RelayEndpoint } from '../../providers/types.ts';
import type { ReplyReader } from '../reply-reader.ts';
import { completionsPassThrough } from './completions.ts';
import { jsonResult, transcriptionResult } from './openai-result.ts';
import { speechReply } from './speech.ts';

export const endpointReaders: Readonly<Record<RelayEndpoint, ReplyReader>> = {
  chat: completionsPassThrough,
  completions: completionsPassThrough,
  embeddings: jsonResult,
  moderations: jsonResult,
  rerank: jsonResult,
  images: jsonResult,
  'image-edits': jsonResult,
  'image-variations': jsonResult,
  speech: speechReply,
  transcriptions: transcriptionResult,
  translations: transcriptionResult,
  'responses-compact': jsonResult,
};
