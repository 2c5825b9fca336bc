/** OpenAI error JSON: building ours and reading an upstream's. */
import type { ErrorBody, ErrorDetails } from './openai-types.ts';

/** `{"error":{"message","type","param","code"}}`, the body of every OpenAI-surface error. */
export function errorBody(
  message: string,
  type: string,
  code: string | number | null,
  param: string | null = null,
): ErrorBody {
  return { error: { message, type, param, code } };
}

/** The type given to an upstream error that does not name one. */
export const UPSTREAM_ERROR_TYPE = 'upstream_error';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function codeOf(value: unknown): string | number | null {
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

/**
 * The error an upstream reported, from its parsed JSON body, or undefined when the body is not an
 * error. Accepts the OpenAI shape and the common variants of compatible upstreams:
 * `{"error":"text"}`, Azure's `{"error":{"code","message"}}` without a type, and a top-level
 * `{"message","type","code"}`. Extra fields of the error object are kept.
 */
export function readErrorBody(body: unknown): ErrorDetails | undefined {
  if (!isRecord(body)) return undefined;
  const error = body.error;
  if (typeof error === 'string') {
    return { message: error, type: UPSTREAM_ERROR_TYPE, param: null, code: null };
  }
  const source = isRecord(error) ? error : typeof body.message === 'string' ? body : undefined;
  if (source === undefined) return undefined;
  const message = typeof source.message === 'string' ? source.message : '';
  if (message === '' && source.code === undefined && source.type === undefined) return undefined;
  return {
    ...(source === error ? source : {}),
    message,
    type: typeof source.type === 'string' && source.type !== '' ? source.type : UPSTREAM_ERROR_TYPE,
    param: typeof source.param === 'string' ? source.param : null,
    code: codeOf(source.code),
  };
}
