/** The Anthropic Messages format as a FormatCodec (server/src/relay/canonical/codec.ts). */
import type { FormatCodec } from '../../canonical/codec.ts';
import { asString, isRecord } from '../../canonical/helpers.ts';
import { decodeClaudeReply, encodeClaudeReply } from './reply.ts';
import { decodeClaudeRequest, encodeClaudeRequest } from './request.ts';
import { ClaudeStreamDecoder, ClaudeStreamEncoder } from './stream.ts';

/** Claude's error type for an HTTP status (what its SDKs and Claude Code expect). */
export function claudeErrorType(status: number): string {
  switch (status) {
    case 400:
    case 422:
      return 'invalid_request_error';
    case 401:
      return 'authentication_error';
    case 402:
    case 403:
      return 'permission_error';
    case 404:
      return 'not_found_error';
    case 413:
      return 'request_too_large';
    case 429:
      return 'rate_limit_error';
    case 503:
    case 529:
      return 'overloaded_error';
    default:
      return 'api_error';
  }
}

export const claudeCodec: FormatCodec = {
  id: 'claude',
  decodeRequest: decodeClaudeRequest,
  encodeRequest: encodeClaudeRequest,
  decodeReply: decodeClaudeReply,
  encodeReply: encodeClaudeReply,
  streamDecoder: () => new ClaudeStreamDecoder(),
  streamEncoder: (init) => new ClaudeStreamEncoder(init),
  errorBody: (error) => ({
    type: 'error',
    error: { type: claudeErrorType(error.status), message: error.message },
  }),
  readError(body) {
    if (!isRecord(body) || !isRecord(body.error)) return null;
    const message = asString(body.error.message);
    if (message === undefined) return null;
    const type = asString(body.error.type);
    return { message, ...(type ? { type } : {}) };
  },
};
