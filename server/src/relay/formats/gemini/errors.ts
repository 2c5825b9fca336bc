/** Gemini error bodies: `{"error": {"code", "message", "status"}}` with Google's status names. */
import type { ErrorDetails } from '../../canonical/codec.ts';
import { asString, isRecord } from '../../canonical/helpers.ts';
import type { GeminiErrorBody } from './gemini-types.ts';

const STATUS_NAMES: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  402: 'RESOURCE_EXHAUSTED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  413: 'INVALID_ARGUMENT',
  422: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  502: 'UNAVAILABLE',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** Google's status name for an HTTP status (FAILED_PRECONDITION / INTERNAL for other 4xx / 5xx). */
export function geminiStatusName(status: number): string {
  return STATUS_NAMES[status] ?? (status < 500 ? 'FAILED_PRECONDITION' : 'INTERNAL');
}

export function geminiErrorBody(error: ErrorDetails): GeminiErrorBody {
  return { error: { code: error.status, message: error.message, status: geminiStatusName(error.status) } };
}

/**
 * Reads a Gemini error body (null when it is not one). streamGenerateContent without `alt=sse` answers
 * with a JSON array, so an array's first element is read too.
 */
export function readGeminiError(
  body: unknown,
): { message: string; type?: string; code?: string | null } | null {
  const record = Array.isArray(body) ? body[0] : body;
  if (!isRecord(record) || !isRecord(record.error)) return null;
  const message = asString(record.error.message);
  if (message === undefined) return null;
  const status = asString(record.error.status);
  return status ? { message, type: status, code: status } : { message };
}
