/**
 * Per-user model request rate limit (new-api's ModelRequestRateLimit* options): within DurationMinutes, at
 * most Count requests (0 = unlimited; failed requests count too) and at most SuccessCount successful ones.
 *
 * `modelRequestLimitChecks` expresses them as a check of the one limiter (server/src/relay/limits/), with
 * two internal sliding windows on the scope `mrl:<userId>`: requests counted at admission, successes
 * checked at admission and counted when the call's grant is settled as completed — exact across
 * instances when the limiter is in Redis. server/src/relay/call/call-limits.ts adds them to a call's checks.
 */
import type { OptionStore } from '../../options/store.ts';
import type { LimitCheck, LimitWindows, Refusal } from '../limits/types.ts';

type ModelRateOptions = Pick<OptionStore, 'getBoolean' | 'getNumber'>;

const NO_CHECKS: readonly LimitCheck[] = Object.freeze([]);
const NO_LIMITS = Object.freeze({});

/** The windows of the options last seen, reused while they do not change (no allocation per call). */
let cachedWindows: { count: number; successes: number; seconds: number; windows: LimitWindows } | null = null;

function windowsOf(count: number, successes: number, seconds: number): LimitWindows {
  const cached = cachedWindows;
  if (cached && cached.count === count && cached.successes === successes && cached.seconds === seconds)
    return cached.windows;
  const windows: LimitWindows = {};
  if (count > 0) windows.requests = { limit: count, seconds };
  if (successes > 0) windows.successes = { limit: successes, seconds };
  cachedWindows = { count, successes, seconds, windows };
  return windows;
}

/** The limiter's scope of a user's model request rate limit. */
export function modelRequestScope(userId: number): string {
  return `mrl:${userId}`;
}

/**
 * The check of the ModelRequestRateLimit* options for a user's call: none (a shared empty list) when
 * disabled, when DurationMinutes is 0, or when neither count limits anything.
 */
export function modelRequestLimitChecks(options: ModelRateOptions, userId: number): readonly LimitCheck[] {
  if (!options.getBoolean('ModelRequestRateLimitEnabled')) return NO_CHECKS;
  const minutes = options.getNumber('ModelRequestRateLimitDurationMinutes');
  if (!(minutes > 0)) return NO_CHECKS;
  const count = Math.max(0, Math.floor(options.getNumber('ModelRequestRateLimitCount')));
  const successes = Math.max(0, Math.floor(options.getNumber('ModelRequestRateLimitSuccessCount')));
  if (count === 0 && successes === 0) return NO_CHECKS;
  return [
    {
      scope: modelRequestScope(userId),
      limits: NO_LIMITS,
      windows: windowsOf(count, successes, minutes * 60),
    },
  ];
}

/**
 * The words of a refusal by one of these windows (the former message: "at most 2 requests per 1
 * minute(s)"), or null when the refusal is by another limit.
 */
export function modelRequestRefusalText(refusal: Refusal, options: ModelRateOptions): string | null {
  if (refusal.kind !== 'requests' && refusal.kind !== 'successes') return null;
  const minutes = options.getNumber('ModelRequestRateLimitDurationMinutes');
  const what = refusal.kind === 'successes' ? 'successful requests' : 'requests';
  return `at most ${refusal.limit} ${what} per ${minutes} minute(s)`;
}
