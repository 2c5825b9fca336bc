/**
 * Relay errors. Every refusal is a GatewayError; /v1 renders it in OpenAI's error format, gateway-made
 * errors with type `new_api_error` and the request id at the end of the message. Upstream keys never
 * reach a message.
 */
import { GatewayError } from '../../lib/errors.ts';

export const GATEWAY_ERROR_TYPE = 'new_api_error';

export function relayError(status: number, code: string, message: string, retryable = false): GatewayError {
  return new GatewayError({ status, code, message, retryable });
}

/**
 * The pieces of channel keys worth hiding: each key whole, each part of a composite key
 * (`AK|SK|Region`, `APPID|Secret|Key`, several keys on separate lines) and each string of a JSON key
 * (a service account), longest first.
 */
function secretParts(secrets: readonly string[]): string[] {
  const parts = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    parts.add(secret);
    for (const part of secret.split(/[|\s,;"']+/)) parts.add(part);
    if (secret.trimStart().startsWith('{')) {
      try {
        for (const value of Object.values(JSON.parse(secret) as Record<string, unknown>))
          if (typeof value === 'string') parts.add(value);
      } catch {
        // Not JSON after all: the split parts above cover it.
      }
    }
  }
  return [...parts].filter((part) => part.length >= 6).sort((left, right) => right.length - left.length);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A run that looks like a credential whatever its owner: 24+ letters and digits (base64 or hex), mixed. */
const SECRET_LOOKING_RUN = /[A-Za-z0-9+=]{24,}/g;

function looksSecret(run: string): boolean {
  return /[0-9]/.test(run) && /[A-Za-z]/.test(run);
}

/**
 * Removes anything that looks like a secret key from upstream text before it reaches a client: the
 * channel's keys and their parts, a key shorter than six characters wherever it stands alone (not inside
 * a longer word), any run of 8+ letters and digits that is a piece of one of them (an upstream echoing
 * part of a key), `sk-…`-style tokens, and any long run of mixed letters and digits (a foreign key, a JWT
 * segment).
 */
export function maskSecrets(text: string, secrets: readonly string[] = []): string {
  const parts = secretParts(secrets);
  let masked = text;
  for (const part of parts) masked = masked.split(part).join('***');
  for (const secret of secrets) {
    const key = secret.trim();
    if (key === '' || key.length >= 6) continue;
    masked = masked.replace(new RegExp(`(?<![A-Za-z0-9])${escapeRegExp(key)}(?![A-Za-z0-9])`, 'g'), '***');
  }
  const pieces = parts.filter((part) => part.length >= 8);
  if (pieces.length > 0) {
    masked = masked.replace(/[A-Za-z0-9]{8,}/g, (run) =>
      pieces.some((part) => part.includes(run)) ? '***' : run,
    );
  }
  masked = masked.replace(SECRET_LOOKING_RUN, (run) => (looksSecret(run) ? '***' : run));
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
