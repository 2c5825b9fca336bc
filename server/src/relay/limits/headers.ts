/**
 * Rate-limit headers of relay replies (docs/limits.md "Headers"), as the vendors spell them so that their
 * SDKs read them: OpenAI's `x-ratelimit-{limit,remaining,reset}-{requests,tokens}` (reset as a duration,
 * "1s", "6m0s") on every admitted reply, plus Anthropic's `anthropic-ratelimit-{requests,tokens}-
 * {limit,remaining,reset}` (reset as an RFC 3339 time) for Claude-format clients; a refusal adds
 * `retry-after` in seconds. A grant with no request or token limit gives a shared empty list.
 */
import type { WireFormat } from '../canonical/codec.ts';
import type { Grant, HeaderFacts, Refusal } from './types.ts';

export type HeaderList = ReadonlyArray<readonly [string, string]>;

const NO_HEADERS: HeaderList = Object.freeze([]);

/** A duration as OpenAI writes it: "0s", "45s", "1m0s", "1h2m3s". */
export function openAiDuration(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  if (whole < 60) return `${whole}s`;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  return hours > 0 ? `${hours}h${minutes}m${rest}s` : `${minutes}m${rest}s`;
}

/** An instant `seconds` from `now` in RFC 3339, to the second ("2026-01-02T03:04:05Z"). */
export function rfc3339After(seconds: number, now: number): string {
  return new Date(Math.floor(now / 1000) * 1000 + Math.max(0, Math.ceil(seconds)) * 1000)
    .toISOString()
    .replace('.000Z', 'Z');
}

function push(
  headers: Array<readonly [string, string]>,
  unit: 'requests' | 'tokens',
  facts: HeaderFacts,
  claude: boolean,
  now: number,
): void {
  headers.push(
    [`x-ratelimit-limit-${unit}`, String(facts.limit)],
    [`x-ratelimit-remaining-${unit}`, String(facts.remaining)],
    [`x-ratelimit-reset-${unit}`, openAiDuration(facts.resetSeconds)],
  );
  if (claude) {
    headers.push(
      [`anthropic-ratelimit-${unit}-limit`, String(facts.limit)],
      [`anthropic-ratelimit-${unit}-remaining`, String(facts.remaining)],
      [`anthropic-ratelimit-${unit}-reset`, rfc3339After(facts.resetSeconds, now)],
    );
  }
}

/** The headers of an admitted call's reply. */
export function rateLimitHeaders(grant: Grant, format: WireFormat, now = Date.now()): HeaderList {
  if (!grant.requests && !grant.tokens) return NO_HEADERS;
  const headers: Array<readonly [string, string]> = [];
  const claude = format === 'claude';
  if (grant.requests) push(headers, 'requests', grant.requests, claude, now);
  if (grant.tokens) push(headers, 'tokens', grant.tokens, claude, now);
  return headers;
}

/**
 * The headers of a refusal: `retry-after`, and for a request or token limit the same limit headers with
 * nothing remaining, resetting when the limit admits the call again. (The internal windows count requests;
 * calls in flight and budgets have no vendor header: an SDK would read them as a rate.)
 */
export function refusalHeaders(refusal: Refusal, format?: WireFormat, now = Date.now()): HeaderList {
  const headers: Array<readonly [string, string]> = [['retry-after', String(refusal.retryAfterSeconds)]];
  if (refusal.kind === 'budget' || refusal.kind === 'concurrency') return headers;
  const unit = refusal.kind === 'tpm' || refusal.kind === 'tpd' ? 'tokens' : 'requests';
  const facts: HeaderFacts = { limit: refusal.limit, remaining: 0, resetSeconds: refusal.retryAfterSeconds };
  push(headers, unit, facts, format === 'claude', now);
  return headers;
}
