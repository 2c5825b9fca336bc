/**
 * Relay errors in the reader's language. The relay answers in English with an error `code`
 * (server/src/relay/http/errors.ts); the playground shows the console's text of a code it knows, followed
 * by the request id the message ends with, and the server's message for any other code. Codes that an
 * upstream could send as well are only translated on errors the gateway made (type `new_api_error`).
 */

/** An OpenAI-style error as the relay sends it. */
export interface RelayErrorInfo {
  message: string;
  code: string | null;
  type: string | null;
}

export const GATEWAY_ERROR_TYPE = 'new_api_error';

/** Codes only the gateway raises, with type `new_api_error`. */
const GATEWAY_CODE_TEXT_KEYS: Record<string, string> = {
  insufficient_user_quota: 'playground.relayError.insufficient_user_quota',
  insufficient_token_quota: 'playground.relayError.insufficient_token_quota',
  token_exhausted: 'playground.relayError.token_exhausted',
  token_expired: 'playground.relayError.token_expired',
  token_disabled: 'playground.relayError.token_disabled',
  user_banned: 'playground.relayError.user_banned',
  model_price_not_configured: 'playground.relayError.model_price_not_configured',
  model_not_found: 'playground.relayError.model_not_found',
  model_not_allowed: 'playground.relayError.model_not_allowed',
  group_forbidden: 'playground.relayError.group_forbidden',
  channel_unavailable: 'playground.relayError.channel_unavailable',
  sensitive_words_detected: 'playground.relayError.sensitive_words_detected',
  model_request_rate_limited: 'playground.relayError.model_request_rate_limited',
  balance_store_unavailable: 'playground.relayError.balance_store_unavailable',
  upstream_unavailable: 'playground.relayError.upstream_unavailable',
  server_shutting_down: 'playground.relayError.server_shutting_down',
  body_too_large: 'playground.relayError.body_too_large',
};

/** Codes of failures the gateway reports about the upstream (type `upstream_error`); no upstream uses them. */
const UPSTREAM_FAILURE_TEXT_KEYS: Record<string, string> = {
  stream_interrupted: 'playground.relayError.stream_interrupted',
  upstream_read_failed: 'playground.relayError.upstream_read_failed',
  bad_upstream_reply: 'playground.relayError.bad_upstream_reply',
  upstream_auth_failed: 'playground.relayError.upstream_auth_failed',
  channel_misconfigured: 'playground.relayError.channel_misconfigured',
};

/** The i18n key of the error's text, or null when the server's message is to be shown. */
export function relayErrorTextKey(error: RelayErrorInfo): string | null {
  if (!error.code) return null;
  if (Object.hasOwn(UPSTREAM_FAILURE_TEXT_KEYS, error.code))
    return UPSTREAM_FAILURE_TEXT_KEYS[error.code] ?? null;
  if (error.type === GATEWAY_ERROR_TYPE && Object.hasOwn(GATEWAY_CODE_TEXT_KEYS, error.code))
    return GATEWAY_CODE_TEXT_KEYS[error.code] ?? null;
  return null;
}

/** The request id at the end of a relay message ("… (request id: 2025…)"), if any. */
export function requestIdOf(message: string): string | null {
  return /\(request id: ([^)\s]+)\)\s*$/.exec(message)?.[1] ?? null;
}

/** The error's text in the reader's language (see the file comment). */
export function relayErrorText(
  error: RelayErrorInfo,
  t: (key: string, values?: Record<string, string>) => string,
): string {
  const key = relayErrorTextKey(error);
  if (!key) return error.message;
  const text = t(key);
  const requestId = requestIdOf(error.message);
  return requestId ? t('playground.relayError.withRequestId', { text, id: requestId }) : text;
}
