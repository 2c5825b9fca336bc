/**
 * Relay errors. Every refusal is a GatewayError; /v1 renders it in OpenAI's error format, gateway-made
 * errors with type `new_api_error` and the request id at the end of the message. Upstream keys never
 * reach a message.
 */
import { GatewayError } from '../lib/errors.ts';

export const GATEWAY_ERROR_TYPE = 'new_api_error';

export function relayError(status: number, code: string, message: string, retryable = false): GatewayError {
  return new GatewayError({ status, code, message, retryable });
}

/** Removes anything that looks like a secret key from upstream text before it reaches a client. */
export function maskSecrets(text: string, secrets: readonly string[] = []): string {
  let masked = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 6) masked = masked.split(secret).join('***');
  }
  return masked.replace(/\b(sk|key|api[_-]?key)[-_][A-Za-z0-9*_-]{6,}/gi, '$1-***');
}

export interface OpenAiErrorReply {
  error: { message: string; type: string; param: string | null; code: string | null };
}

export function openAiErrorReply(
  message: string,
  type: string,
  code: string | null,
  requestId: string,
): OpenAiErrorReply {
  return { error: { message: `${message} (request id: ${requestId})`, type, param: null, code } };
}
