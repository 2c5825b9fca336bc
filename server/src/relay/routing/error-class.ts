/**
 * The class of an upstream failure (docs/reference/routing.md, "Retries"), read from the vendor's status,
 * error code, type and message, and what the operator's policy says to do with that class
 * (common/error-classes.ts DEFAULT_ERROR_POLICY under the `traffic_setting.error_policy` option).
 *
 * The vendors' published errors this reads:
 * - OpenAI: 429 `rate_limit_exceeded` (type `requests` / `tokens`) against 429 `insufficient_quota`; 400
 *   `context_length_exceeded`, `content_policy_violation` (Azure's `content_filter`), `invalid_request_error`;
 *   401 `invalid_api_key`; 403 (region, permission); 404 `model_not_found`; 500 `server_error`; 503
 *   "The engine is currently overloaded" / `slow_down`.
 * - Anthropic: `invalid_request_error` (400, "prompt is too long" when over the context), `authentication_error`
 *   (401), `billing_error` (402), `permission_error` (403), `not_found_error` (404), `request_too_large`
 *   (413), `rate_limit_error` (429), `api_error` (500), `timeout_error` (504), `overloaded_error` (529).
 * - Gemini: `INVALID_ARGUMENT` / `FAILED_PRECONDITION` (400, "input token count … exceeds the maximum"),
 *   `UNAUTHENTICATED` (401), `PERMISSION_DENIED` (403), `NOT_FOUND` (404), `RESOURCE_EXHAUSTED` (429 — a
 *   per-minute or per-day quota with a RetryInfo delay, or spent prepaid credits), `INTERNAL` (500),
 *   `UNAVAILABLE` (503), `DEADLINE_EXCEEDED` (504).
 * - Gateways and proxies: 408, 504, 524 (Cloudflare) are timeouts; 529 is overloaded.
 */
import {
  COOLDOWN_FROM_RETRY_AFTER,
  DEFAULT_ERROR_POLICY,
  type ErrorClass,
  type ErrorPolicy,
  isErrorClass,
} from '../../../../common/error-classes.ts';
import type { OptionStore } from '../../options/store.ts';
import type { UpstreamFailure } from './health.ts';

/** Undici's and Node's names for a request that timed out waiting for the upstream. */
const TIMEOUT_CODES = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'TimeoutError',
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
]);

/** Error codes and types (OpenAI's `code`/`type`, Claude's `type`, Gemini's `status`) with one meaning. */
const CLASS_OF_CODE: Readonly<Record<string, ErrorClass>> = {
  rate_limit_exceeded: 'rate_limited',
  rate_limit_error: 'rate_limited',
  requests: 'rate_limited',
  tokens: 'rate_limited',
  insufficient_quota: 'quota_exhausted',
  billing_error: 'quota_exhausted',
  billing_not_active: 'quota_exhausted',
  overloaded_error: 'overloaded',
  slow_down: 'overloaded',
  UNAVAILABLE: 'overloaded',
  context_length_exceeded: 'context_too_long',
  string_above_max_length: 'context_too_long',
  request_too_large: 'context_too_long',
  content_policy_violation: 'content_policy',
  content_filter: 'content_policy',
  invalid_api_key: 'auth',
  authentication_error: 'auth',
  permission_error: 'auth',
  permission_denied: 'auth',
  account_deactivated: 'auth',
  organization_deactivated: 'auth',
  access_terminated: 'auth',
  UNAUTHENTICATED: 'auth',
  PERMISSION_DENIED: 'auth',
  // Gemini's "the free tier is not available in your country" (billing not enabled): the account cannot serve.
  FAILED_PRECONDITION: 'auth',
  model_not_found: 'not_found',
  not_found_error: 'not_found',
  NOT_FOUND: 'not_found',
  channel_misconfigured: 'not_found',
  timeout_error: 'timeout',
  DEADLINE_EXCEEDED: 'timeout',
  api_error: 'server_error',
  server_error: 'server_error',
  INTERNAL: 'server_error',
  upstream_redirect: 'server_error',
  upstream_auth_failed: 'auth',
};

/** Words of a message that name the class whatever the code (vendors differ in codes, not in words). */
const MESSAGE_PATTERNS: readonly [RegExp, ErrorClass][] = [
  [
    /prompt is too long|context length|context window|maximum context|too many tokens|token count .*exceeds|exceeds the maximum number of tokens|input is too long/i,
    'context_too_long',
  ],
  [
    /content (management )?polic|content filter|responsibleaipolicy|safety|blocked by|flagged/i,
    'content_policy',
  ],
  [/overloaded|capacity|temporarily unavailable/i, 'overloaded'],
  // Gemini answers a bad key with 400 INVALID_ARGUMENT "API key not valid".
  [/api key not valid|invalid api key|incorrect api key/i, 'auth'],
];

function fromMessage(message: string): ErrorClass | null {
  for (const [pattern, errorClass] of MESSAGE_PATTERNS) if (pattern.test(message)) return errorClass;
  return null;
}

/**
 * Gemini's RESOURCE_EXHAUSTED is a rate (a per-minute or per-day quota: it names a retry delay) unless the
 * account's prepaid credits or its billing are what ran out.
 */
function exhausted(failure: UpstreamFailure): ErrorClass {
  if (failure.retryAfterSeconds !== undefined) return 'rate_limited';
  return /credits are depleted|prepayment|billing (is )?not (active|enabled)/i.test(failure.message)
    ? 'quota_exhausted'
    : 'rate_limited';
}

/** The class of a status alone (no code, type or words to go by). */
export function classOfStatus(status: number): ErrorClass {
  if (status === 0) return 'network';
  if (status === 408 || status === 504 || status === 524) return 'timeout';
  if (status === 429) return 'rate_limited';
  if (status === 529 || status === 503) return 'overloaded';
  if (status === 401 || status === 403) return 'auth';
  if (status === 402) return 'quota_exhausted';
  if (status === 404) return 'not_found';
  if (status === 413) return 'context_too_long';
  if (status >= 500) return 'server_error';
  return 'bad_request';
}

/**
 * The class of an upstream failure (of any vendor: their codes do not collide). A connection failure is
 * `network`, or `timeout` when the upstream did not answer in time. Otherwise the vendor's code or type decides, then the words of the
 * message (context too long, content policy, overloaded), then the status. A status the channel's
 * status-code mapping changed is classified by the mapped status alone (`readFormatFailure` in
 * server/src/relay/call/attempt.ts sets the class so): the operator's mapping says what the failure means.
 */
export function classifyFailure(failure: UpstreamFailure): ErrorClass {
  if (failure.errorClass) return failure.errorClass;
  const { status, code, type, message } = failure;
  if (status === 0) {
    if (code === 'channel_misconfigured') return 'not_found';
    return code && TIMEOUT_CODES.has(code) ? 'timeout' : 'network';
  }
  if (status === 408 || status === 504 || status === 524) return 'timeout';
  if (code === 'RESOURCE_EXHAUSTED' || type === 'RESOURCE_EXHAUSTED') return exhausted(failure);
  const byCode = (code && CLASS_OF_CODE[code]) || (type && CLASS_OF_CODE[type]) || null;
  if (byCode && byCode !== 'server_error') return byCode;
  // Generic codes (OpenAI's `invalid_request_error`, Claude's, Gemini's INVALID_ARGUMENT) are told apart by
  // their words: a prompt too long, a content policy, a bad key.
  if (status >= 400 && status < 500 && status !== 429) {
    const worded = fromMessage(message);
    if (worded === 'context_too_long' || worded === 'content_policy' || worded === 'auth') return worded;
  }
  // OpenAI's "The engine is currently overloaded" comes as a 503 (or a 500) of type `server_error`.
  if (status === 503 || status === 529 || (status >= 500 && fromMessage(message) === 'overloaded'))
    return 'overloaded';
  return byCode ?? classOfStatus(status);
}

/** The upper bound of a cooldown taken from an upstream's Retry-After (a day-long value is not obeyed). */
export const MAX_RETRY_AFTER_SECONDS = 600;

/** The seconds to cool a channel (or key) down for after a failure of `policy`; 0 for none. */
export function cooldownSeconds(policy: Readonly<ErrorPolicy>, failure: UpstreamFailure): number {
  if (policy.cooldown_seconds === COOLDOWN_FROM_RETRY_AFTER) {
    const after = failure.retryAfterSeconds;
    return after !== undefined && after > 0 ? Math.min(after, MAX_RETRY_AFTER_SECONDS) : 0;
  }
  return Math.max(0, policy.cooldown_seconds);
}

type PolicyTable = Readonly<Record<ErrorClass, Readonly<ErrorPolicy>>>;

/**
 * The policy per class: the defaults with `traffic_setting.error_policy` over them, class by class and
 * field by field (a stored `{"timeout": {"action": "return"}}` keeps the timeout's other defaults). Merged
 * once per option revision: a failure reads a table, nothing is parsed per call.
 */
export class ErrorPolicies {
  private revision = -1;
  private table: PolicyTable = DEFAULT_ERROR_POLICY;

  constructor(private readonly options: Pick<OptionStore, 'getJson' | 'revision'>) {}

  of(errorClass: ErrorClass): Readonly<ErrorPolicy> {
    if (this.revision !== this.options.revision) {
      this.table = mergePolicies(this.options.getJson<unknown>('traffic_setting.error_policy'));
      this.revision = this.options.revision;
    }
    return this.table[errorClass];
  }
}

/** The defaults with the stored overrides over them (anything not of the policy's shape is ignored). */
export function mergePolicies(stored: unknown): PolicyTable {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return DEFAULT_ERROR_POLICY;
  const merged: Record<ErrorClass, ErrorPolicy> = { ...DEFAULT_ERROR_POLICY };
  for (const [name, override] of Object.entries(stored as Record<string, unknown>)) {
    if (!isErrorClass(name) || !override || typeof override !== 'object') continue;
    const { action, cooldown_seconds: cooldown, disable } = override as Record<string, unknown>;
    merged[name] = {
      action: action === 'retry' || action === 'return' ? action : merged[name].action,
      cooldown_seconds:
        typeof cooldown === 'number' && Number.isFinite(cooldown) && cooldown >= COOLDOWN_FROM_RETRY_AFTER
          ? cooldown
          : merged[name].cooldown_seconds,
      disable: typeof disable === 'boolean' ? disable : merged[name].disable,
    };
  }
  return merged;
}
