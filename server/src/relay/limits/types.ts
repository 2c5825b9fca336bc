/**
 * The one limiter's contract (docs/limits.md): every traffic limit — a key's, a user's, a group's, a model's
 * in a group, a channel's or one of its keys' — is checked and counted through it, in memory with one
 * instance and in Redis (atomic scripts) with several.
 */
import type { LimitKind, LimitPeriod, LimitSet, LimitUsage } from '../../../../common/traffic-limits.ts';

/**
 * A scope's identity, e.g. `key:12`, `user:3`, `group:vip`, `model:vip:gpt-4o`, `channel:5`,
 * `channel_key:5:2`, `mrl:3` (new-api's ModelRequestRateLimit for user 3); counters are kept per scope.
 */
export type LimitScope = string;

export interface LimitCheck {
  scope: LimitScope;
  limits: LimitSet;
  /** Sliding windows of any length that the console does not set (new-api's ModelRequestRateLimit*). */
  windows?: LimitWindows;
}

/** A count of events within the last `seconds` (a sliding window, exact to the millisecond). */
export interface LimitWindow {
  limit: number;
  seconds: number;
}

/**
 * Internal windows (server/src/relay/call/model-rate-limit.ts): `requests` are counted at admission like
 * rpm; `successes` are checked at admission but counted only when a grant is settled as completed.
 */
export interface LimitWindows {
  requests?: LimitWindow;
  successes?: LimitWindow;
}

/** The kinds of internal windows, as a refusal names them. */
export type LimitWindowKind = 'requests' | 'successes';

/** What a call is expected to use: tokens (estimated prompt + max_tokens) and quota (its reservation). */
export interface Demand {
  tokens: number;
  quota: number;
}

/** A refused admission: the first limit that would be exceeded. */
export interface Refusal {
  refused: true;
  scope: LimitScope;
  kind: LimitKind | LimitWindowKind;
  limit: number;
  /** Whole seconds until the limit admits this demand again (≥ 1). */
  retryAfterSeconds: number;
}

/** Where the tightest request and token limits of an admission stand, for `x-ratelimit-*` headers. */
export interface HeaderFacts {
  limit: number;
  remaining: number;
  /** Whole seconds until the count falls (a window's oldest entry leaves it, a period ends). */
  resetSeconds: number;
}

/** An admitted call's hold on its limits; settled exactly once. */
export interface Grant {
  refused: false;
  /**
   * After counting this call, the request limit (rpm, rpd) and the token limit (tpm, tpd) with the least
   * remaining among the checks, if any; for `x-ratelimit-*` headers (./headers.ts).
   */
  requests: HeaderFacts | null;
  tokens: HeaderFacts | null;
}

export interface Limiter {
  /**
   * Admits a call against every check at once (all or none are counted): one request, `demand.tokens`
   * tokens reserved on tpm/tpd, `demand.quota` on budgets, one slot of concurrency. Synchronous in memory;
   * a promise with Redis. No checks → an empty grant, at no cost.
   */
  admit(checks: readonly LimitCheck[], demand: Demand): Grant | Refusal | Promise<Grant | Refusal>;
  /**
   * Replaces the reserved demand by the real use, in the window second and periods it was reserved in,
   * frees the concurrency slot and, when `completed`, counts a success; once per grant (again: no-op).
   */
  settle(grant: Grant, actual: Demand, completed?: boolean): void;
  /** Where each limit of a check stands now (console). */
  usage(check: LimitCheck): Promise<LimitUsage[]>;
  /**
   * Adds what the log says was used in a current period (./seed.ts, at boot). In memory the counts are
   * added; in Redis they are written only when Redis holds nothing for that period yet.
   */
  seed(scope: LimitScope, used: PeriodUse): void | Promise<void>;
}

/** What was used in one period that has not ended, read from the log at boot (./seed.ts). */
export interface PeriodUse {
  period: LimitPeriod;
  /** The period's first instant (ms), as common/limit-periods.ts computes it for the limit's time zone. */
  start: number;
  /** The first instant of the next period (ms). */
  end: number;
  requests: number;
  tokens: number;
  quota: number;
}
