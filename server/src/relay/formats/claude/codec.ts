/** The Anthropic Messages format (`POST /v1/messages`, version 2023-06-01) as a FormatCodec. */
import type { FormatCodec } from '../../canonical/codec.ts';
import { claudeErrorBody, readClaudeError } from './errors.ts';
import { decodeClaudeReply, encodeClaudeReply } from './reply.ts';
import { claudeMaxTokens, decodeClaudeRequest } from './request.ts';
import { encodeClaudeRequest } from './request-encode.ts';
import { ClaudeStreamDecoder } from './stream.ts';
import { ClaudeStreamEncoder } from './stream-encoder.ts';

export { claudeErrorType } from './errors.ts';
export { claudeCountTokensReply } from './reply.ts';
export { CLAUDE_DEFAULT_MAX_TOKENS } from './request-encode.ts';

export const claudeCodec: FormatCodec = {
  id: 'claude',
  requestedMaxTokens: claudeMaxTokens,
  decodeRequest: decodeClaudeRequest,
  encodeRequest: encodeClaudeRequest,
  decodeReply: decodeClaudeReply,
  encodeReply: encodeClaudeReply,
  streamDecoder: () => new ClaudeStreamDecoder(),
  streamEncoder: (init) => new ClaudeStreamEncoder(init),
  errorBody: claudeErrorBody,
  readError: readClaudeError,
};
