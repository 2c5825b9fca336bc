/** The OpenAI Responses format (`POST /v1/responses`, stateless use) as a FormatCodec (server/src/relay/canonical/codec.ts). */
import type { FormatCodec } from '../../canonical/codec.ts';
import { readResponsesError, responsesErrorBody } from './errors.ts';
import { decodeResponsesReply, encodeResponsesReply } from './reply.ts';
import { decodeResponsesRequest, encodeResponsesRequest, responsesMaxTokens } from './request.ts';
import { ResponsesStreamDecoder } from './stream.ts';
import { ResponsesStreamEncoder } from './stream-encoder.ts';

export { previousResponseId } from './request.ts';

export const responsesCodec: FormatCodec = {
  id: 'openai-responses',
  requestedMaxTokens: responsesMaxTokens,
  decodeRequest: decodeResponsesRequest,
  encodeRequest: encodeResponsesRequest,
  decodeReply: decodeResponsesReply,
  encodeReply: encodeResponsesReply,
  streamDecoder: () => new ResponsesStreamDecoder(),
  streamEncoder: (init) => new ResponsesStreamEncoder(init),
  errorBody: responsesErrorBody,
  readError: readResponsesError,
};
