/**
 * The one limiter's contract (docs/limits.md): every traffic limit — a key's, a user's, a group's, a model's
 * in a group, a channel's or one of its keys' — is checked and counted through it, in memory with one
 * instance and in Redis (atomic scripts) with several.
 */
import type { LimitKind, LimitSet, LimitUsage } from '../../../../common/traffic-limits.ts';

/**
 * A scope's identity, e.g. `key:12`, `user:3`, `group:vip`, `model:vip:gpt-4o`, `channel:5`,
 * `channel_key:5:2`, `mrl:3` (new-api's ModelRequestRateLimit for user 3); counters are kept per scope.
 */
export type LimitScope = string;

export interface LimitCheck {
  scope: LimitScope;
  limits: LimitSet;
}

/** What a call is expected to use: tokens (estimated prompt + max_tokens) and quota (its reservation). */
export interface Demand {
  tokens: number;
  quota: number;
}

/** A refused admission: the first limit that would be exceeded. */
export interface Refusal {
  refused: true;
  scope: LimitScope;
  kind: LimitKind;
  limit: number;
  /** Whole seconds until the limit admits this demand again (≥ 1). */
  retryAfterSeconds: number;
}

/** Where the tightest request and token limits of an admission stand, for `x-ratelimit-*` headers. */
export interface HeaderFacts {
  limit: number;
  remaining: number;
  /** Seconds until the window has room again (0 when nothing is counted). */
  resetSeconds: number;
}

/** An admitted call's hold on its limits; settled exactly once. */
export interface Grant {
  refused: false;
  /** The tightest request limit (rpm, else rpd) and token limit (tpm, else tpd) among the checks, if any. */
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
  /** Replaces the reserved demand by the real use and frees the concurrency slot; once per grant. */
  settle(grant: Grant, actual: Demand): void;
  /** Where each limit of a check stands now (console). */
  usage(check: LimitCheck): Promise<LimitUsage[]>;
}
