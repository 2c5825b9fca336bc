/** Claude error bodies: `{"type":"error","error":{"type","message"}}`, with Claude's error types. */
import type { ErrorDetails } from '../../canonical/codec.ts';
import { asString, isRecord } from '../../canonical/helpers.ts';
import type { ClaudeErrorBody, ClaudeErrorType } from './claude-types.ts';

const errorTypes: ReadonlySet<string> = new Set<ClaudeErrorType>([
  'invalid_request_error',
  'authentication_error',
  'permission_error',
  'not_found_error',
  'request_too_large',
  'rate_limit_error',
  'api_error',
  'overloaded_error',
]);

export function isClaudeErrorType(value: unknown): value is ClaudeErrorType {
  return typeof value === 'string' && errorTypes.has(value);
}

/** Claude's error type for an HTTP status, as its API documents them (other 4xx are invalid requests). */
export function claudeErrorType(status: number): ClaudeErrorType {
  switch (status) {
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
      return status >= 400 && status < 500 ? 'invalid_request_error' : 'api_error';
  }
}

/** The error body; a type that already is Claude's (an upstream Claude error) is kept, else the status decides. */
export function claudeErrorBody(error: ErrorDetails): ClaudeErrorBody {
  const type = isClaudeErrorType(error.type) ? error.type : claudeErrorType(error.status);
  return { type: 'error', error: { type, message: error.message } };
}

/** An upstream error body (`{"type":"error","error":{…}}`, or a bare `{"error":{…}}`); null when it is none. */
export function readClaudeError(body: unknown): { message: string; type?: string } | null {
  if (!isRecord(body) || !isRecord(body.error)) return null;
  const message = asString(body.error.message);
  if (message === undefined) return null;
  const type = asString(body.error.type);
  return type ? { message, type } : { message };
}
