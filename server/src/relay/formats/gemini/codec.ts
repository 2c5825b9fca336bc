/** The Gemini generateContent format (v1beta) as a FormatCodec (server/src/relay/canonical/codec.ts). */
import type { FormatCodec } from '../../canonical/codec.ts';
import { geminiErrorBody, readGeminiError } from './errors.ts';
import { decodeGeminiReply, encodeGeminiReply } from './reply.ts';
import { decodeGeminiRequest, encodeGeminiRequest, geminiMaxTokens } from './request.ts';
import { GeminiStreamDecoder, GeminiStreamEncoder } from './stream.ts';

export {
  geminiEmbedReplyToOpenAi,
  geminiEmbedRequestToOpenAi,
  openAiEmbedReplyToGemini,
  openAiEmbedRequestToGemini,
} from './embeddings.ts';
export { geminiStatusName } from './errors.ts';
export { geminiCountTokensReply, geminiModelsReply } from './models.ts';

export const geminiCodec: FormatCodec = {
  id: 'gemini',
  requestedMaxTokens: geminiMaxTokens,
  decodeRequest: decodeGeminiRequest,
  encodeRequest: encodeGeminiRequest,
  decodeReply: decodeGeminiReply,
  encodeReply: encodeGeminiReply,
  streamDecoder: () => new GeminiStreamDecoder(),
  streamEncoder: (init) => new GeminiStreamEncoder(init),
  errorBody: geminiErrorBody,
  readError: readGeminiError,
};
