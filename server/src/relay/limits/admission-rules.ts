/**
 * What both stores of the limiter (./memory-limiter.ts, and the Lua script of ./redis-script.ts, which
 * mirrors these rules) decide alike: which checks limit anything, how much room a demand needs, how long
 * a refused call waits, and which limit the `x-ratelimit-*` headers report.
 */
import type { LimitKind } from '../../../../common/traffic-limits.ts';
import type { Grant, HeaderFacts, LimitCheck, LimitScope, LimitWindowKind, Refusal } from './types.ts';

/** The grant of a call that no limit applies to: shared, settling it does nothing. */
export const EMPTY_GRANT: Grant = Object.freeze({ refused: false, requests: null, tokens: null });

/** The sliding window of rpm and tpm. */
export const MINUTE_MS = 60_000;

/** True when the check limits anything (a set whose fields are all absent or 0 does not). */
export function isLimited(check: LimitCheck): boolean {
  const limits = check.limits;
  return Boolean(
    limits.rpm ||
      limits.tpm ||
      limits.rpd ||
      limits.tpd ||
      limits.budget ||
      limits.concurrency ||
      check.windows?.requests?.limit ||
      check.windows?.successes?.limit,
  );
}

/** True when any of the checks limits anything; a loop without closures, for the hot path. */
export function anyLimited(checks: readonly LimitCheck[]): boolean {
  for (let index = 0; index < checks.length; index += 1) if (isLimited(checks[index]!)) return true;
  return false;
}

/**
 * How much a demand takes of a limit: at least 1, so that a used-up limit refuses even a call that
 * expects to use nothing (its real use is only known at settlement).
 */
export function taken(amount: number): number {
  return amount > 1 ? amount : 1;
}

/** Whole seconds from `now` until `time`, at least 1 (a Retry-After of 0 invites an immediate retry). */
export function secondsUntil(time: number, now: number): number {
  const seconds = Math.ceil((time - now) / 1000);
  return seconds > 1 ? seconds : 1;
}

export function refusal(
  scope: LimitScope,
  kind: LimitKind | LimitWindowKind,
  limit: number,
  retryAfterSeconds: number,
): Refusal {
  return { refused: true, scope, kind, limit, retryAfterSeconds };
}

/**
 * Keeps the limit with the least remaining among those offered (the first one on a tie), without
 * allocating until the facts are read.
 */
export class Tightest {
  private limit = 0;
  private remaining = Number.POSITIVE_INFINITY;
  private resetSeconds = 0;

  offer(limit: number, remaining: number, resetSeconds: number): void {
    if (remaining >= this.remaining) return;
    this.limit = limit;
    this.remaining = remaining;
    this.resetSeconds = resetSeconds;
  }

  facts(): HeaderFacts | null {
    if (this.remaining === Number.POSITIVE_INFINITY) return null;
    return {
      limit: this.limit,
      remaining: this.remaining > 0 ? this.remaining : 0,
      resetSeconds: this.resetSeconds,
    };
  }
}
