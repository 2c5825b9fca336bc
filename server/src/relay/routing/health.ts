/**
 * Channel health rules (docs/reference/routing.md): which upstream failures are retried on another channel, and
 * which ones mean the channel's key or account is dead so it should be disabled automatically.
 */
import type { ErrorClass } from '../../../../common/error-classes.ts';

export interface UpstreamFailure {
  /** HTTP status after the channel's status-code mapping; 0 for connection errors and timeouts. */
  status: number;
  code?: string | undefined;
  type?: string | undefined;
  message: string;
  /** The class, when it was settled where the failure was read (./error-class.ts classifyFailure). */
  errorClass?: ErrorClass | undefined;
  /** How long the upstream asked to wait (`retry-after`, `retry-after-ms`, Gemini's RetryInfo), seconds. */
  retryAfterSeconds?: number | undefined;
}

/**
 * Whether a status alone is worth another channel, for the surfaces that have only a status (task
 * submissions, realtime sessions): 429 and 5xx except 504/524 (gateway timeouts after the upstream may have
 * done the work), and network errors. Relay calls decide by the failure's class instead (./error-class.ts).
 */
export function isRetryable(status: number): boolean {
  if (status === 0 || status === 429) return true;
  return status >= 500 && status !== 504 && status !== 524;
}

const deadKeyCodes = new Set([
  'invalid_api_key',
  'account_deactivated',
  'insufficient_quota',
  'billing_not_active',
  'organization_deactivated',
  'permission_denied',
  'access_terminated',
]);
const deadKeyTypes = new Set([
  'insufficient_quota',
  'authentication_error',
  'permission_error',
  'forbidden',
  'billing_error',
]);

/** The reason to disable, or null. Keywords compare case-insensitively (the original compared exactly). */
export function disableReason(failure: UpstreamFailure, keywords: readonly string[]): string | null {
  if (failure.status === 401) return `status 401: ${failure.message}`;
  if (failure.code && deadKeyCodes.has(failure.code)) return `error code ${failure.code}: ${failure.message}`;
  if (failure.type && deadKeyTypes.has(failure.type)) return `error type ${failure.type}: ${failure.message}`;
  const text = failure.message.toLowerCase();
  const keyword = keywords.find((word) => word.trim() !== '' && text.includes(word.trim().toLowerCase()));
  return keyword ? `keyword "${keyword.trim()}": ${failure.message}` : null;
}

export function parseKeywords(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Applies a channel's status_code_mapping ({"400":"500"}) to an upstream status. */
export function mapStatus(status: number, mapping: Readonly<Record<string, string>>): number {
  const mapped = mapping[String(status)];
  return mapped ? Number(mapped) : status;
}
