/** OpenAI error bodies as the Responses API sends them: `{"error":{"message","type","param","code"}}`. */
import type { ErrorDetails } from '../../canonical/codec.ts';
import { asString, isRecord } from '../../canonical/helpers.ts';
import type { Json } from './responses-types.ts';

export function responsesErrorBody(error: ErrorDetails): Json {
  return { error: { message: error.message, type: error.type, param: null, code: error.code ?? null } };
}

/**
 * An upstream error: the OpenAI error body, a failed response (`{"status":"failed","error":{code,message}}`)
 * or a bare `{"error":"text"}`; null when the body is none of them.
 */
export function readResponsesError(
  body: unknown,
): { message: string; type?: string; code?: string | null } | null {
  if (!isRecord(body)) return null;
  if (typeof body.error === 'string' && body.error !== '') return { message: body.error };
  if (!isRecord(body.error)) return null;
  const message = asString(body.error.message);
  if (message === undefined) return null;
  const type = asString(body.error.type);
  const code = body.error.code;
  return {
    message,
    ...(type ? { type } : {}),
    ...(typeof code === 'string' || typeof code === 'number'
      ? { code: String(code) }
      : code === null
        ? { code: null }
        : {}),
  };
}
