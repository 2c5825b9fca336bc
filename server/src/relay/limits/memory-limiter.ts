/**
 * The limiter of a single instance (docs/limits.md "The limiter"): every count in this process's memory,
 * admission synchronous and therefore atomic across all checks. Memory is bounded: a minute window is 60
 * buckets, an internal window's log at most its limit, and a scope whose counts can no longer matter is
 * dropped by a sweep run from admission at most once a minute (no timer per scope, no timer at all).
 * Day, week and month counts survive a restart through ./seed.ts.
 */

import { periodAt } from '../../../../common/limit-periods.ts';
import type { LimitPeriod, LimitUsage } from '../../../../common/traffic-limits.ts';
import {
  anyLimited,
  EMPTY_GRANT,
  isLimited,
  MINUTE_MS,
  refusal,
  secondsUntil,
  Tightest,
  taken,
} from './admission-rules.ts';
import type {
  Demand,
  Grant,
  LimitCheck,
  Limiter,
  LimitScope,
  LimitWindow,
  PeriodUse,
  Refusal,
} from './types.ts';
import { EventLog, MinuteWindow } from './windows.ts';

/** Counts of one scope in one calendar period. */
class PeriodCount {
  start = 0;
  end = 0;
  requests = 0;
  tokens = 0;
  quota = 0;

  /** Starts the period again when `start` is not the one counted. */
  moveTo(start: number, end: number): this {
    if (this.start !== start) {
      this.start = start;
      this.end = end;
      this.requests = 0;
      this.tokens = 0;
      this.quota = 0;
    }
    return this;
  }
}

class ScopeState {
  minute: MinuteWindow | null = null;
  periods: Record<LimitPeriod, PeriodCount | null> = { day: null, week: null, month: null };
  inFlight = 0;
  requestLog: EventLog | null = null;
  successLog: EventLog | null = null;
  /** Until when (ms) a count of this scope can still matter; after it, and with nothing in flight, it goes. */
  keepUntil = 0;

  period(period: LimitPeriod, start: number, end: number): PeriodCount {
    let count = this.periods[period];
    if (!count) {
      count = new PeriodCount();
      this.periods[period] = count;
    }
    return count.moveTo(start, end);
  }

  keep(until: number): void {
    if (until > this.keepUntil) this.keepUntil = until;
  }
}

/** What an admitted call holds in one scope, for its settlement. */
interface Hold {
  scope: LimitScope;
  state: ScopeState;
  /** The second its tokens were counted in (minute window), or -1. */
  second: number;
  day: PeriodCount | null;
  dayStart: number;
  budget: PeriodCount | null;
  budgetStart: number;
  concurrency: boolean;
  successes: LimitWindow | null;
}

class MemoryGrant implements Grant {
  readonly refused = false;
  settled = false;

  constructor(
    readonly requests: Grant['requests'],
    readonly tokens: Grant['tokens'],
    readonly demand: Demand,
    readonly holds: Hold[],
  ) {}
}

const SWEEP_MS = 60_000;

export class MemoryLimiter implements Limiter {
  private readonly scopes = new Map<LimitScope, ScopeState>();
  /** The states of the checks being admitted (reused, emptied after each admission: no array per call). */
  private readonly pending: Array<ScopeState | null> = [];
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Scopes held (tests: memory stays bounded). */
  get size(): number {
    return this.scopes.size;
  }

  admit(checks: readonly LimitCheck[], demand: Demand): Grant | Refusal {
    if (checks.length === 0 || !anyLimited(checks)) return EMPTY_GRANT;
    const now = this.now();
    if (now - this.lastSweep >= SWEEP_MS) this.sweep(now);
    const second = Math.floor(now / 1000);
    const pending = this.pending;
    for (let index = 0; index < checks.length; index += 1) {
      const check = checks[index]!;
      if (!isLimited(check)) {
        pending[index] = null;
        continue;
      }
      const state = this.state(check.scope);
      pending[index] = state;
      const refused = this.refusal(state, check, demand, now, second);
      if (refused) {
        pending.fill(null, 0, index + 1);
        return refused;
      }
    }
    const requests = new Tightest();
    const tokens = new Tightest();
    const holds: Hold[] = [];
    for (let index = 0; index < checks.length; index += 1) {
      const state = pending[index];
      if (state) holds.push(this.count(state, checks[index]!, demand, now, requests, tokens));
      pending[index] = null;
    }
    return new MemoryGrant(requests.facts(), tokens.facts(), demand, holds);
  }

  settle(grant: Grant, actual: Demand, completed = false): void {
    if (!(grant instanceof MemoryGrant) || grant.settled) return;
    grant.settled = true;
    const tokens = actual.tokens - grant.demand.tokens;
    const quota = actual.quota - grant.demand.quota;
    const now = this.now();
    for (const hold of grant.holds) {
      const { state } = hold;
      if (tokens !== 0 && hold.second >= 0) state.minute?.correctTokens(hold.second, tokens);
      if (tokens !== 0 && hold.day && hold.day.start === hold.dayStart)
        hold.day.tokens = Math.max(0, hold.day.tokens + tokens);
      if (quota !== 0 && hold.budget && hold.budget.start === hold.budgetStart)
        hold.budget.quota = Math.max(0, hold.budget.quota + quota);
      if (hold.concurrency && state.inFlight > 0) state.inFlight -= 1;
      if (completed && hold.successes) {
        // The scope's state now (a call longer than its windows may have seen its state swept).
        const current = this.state(hold.scope);
        current.successLog ??= new EventLog();
        current.successLog.add(now, hold.successes.limit);
        current.keep(now + hold.successes.seconds * 1000);
      }
    }
  }

  async usage(check: LimitCheck): Promise<LimitUsage[]> {
    const now = this.now();
    const state = this.scopes.get(check.scope) ?? new ScopeState();
    const limits = check.limits;
    const zone = limits.timezone ?? 'UTC';
    const usage: LimitUsage[] = [];
    const add = (kind: LimitUsage['kind'], limit: number | undefined, used: number, resetAt: number) => {
      if (!limit) return;
      usage.push({
        kind,
        limit,
        used,
        remaining: Math.max(0, limit - used),
        reset_at: used > 0 ? Math.ceil(resetAt / 1000) : 0,
      });
    };
    const minute = state.minute;
    minute?.advance(Math.floor(now / 1000));
    add('rpm', limits.rpm, minute?.requestTotal ?? 0, minute?.leaveTime(false, 1) ?? 0);
    add('tpm', limits.tpm, minute?.tokenTotal ?? 0, minute?.leaveTime(true, 1) ?? 0);
    const day = periodAt(now, 'day', zone);
    const dayCount = state.periods.day?.start === day.start ? state.periods.day : null;
    add('rpd', limits.rpd, dayCount?.requests ?? 0, day.end);
    add('tpd', limits.tpd, dayCount?.tokens ?? 0, day.end);
    add('concurrency', limits.concurrency, state.inFlight, 0);
    const budgetPeriod = limits.budget_period ?? 'day';
    const budget = periodAt(now, budgetPeriod, zone);
    const budgetCount = state.periods[budgetPeriod];
    add('budget', limits.budget, budgetCount?.start === budget.start ? budgetCount.quota : 0, budget.end);
    return usage;
  }

  seed(scope: LimitScope, used: PeriodUse): void {
    const state = this.state(scope);
    const count = state.period(used.period, used.start, used.end);
    count.requests += used.requests;
    count.tokens += used.tokens;
    count.quota += used.quota;
    state.keep(used.end);
  }

  private state(scope: LimitScope): ScopeState {
    let state = this.scopes.get(scope);
    if (!state) {
      state = new ScopeState();
      this.scopes.set(scope, state);
    }
    return state;
  }

  /** The first limit of the check this demand would exceed, in a fixed order; null when all have room. */
  private refusal(
    state: ScopeState,
    check: LimitCheck,
    demand: Demand,
    now: number,
    second: number,
  ): Refusal | null {
    const { scope, limits } = check;
    if (limits.rpm || limits.tpm) {
      state.minute ??= new MinuteWindow();
      const minute = state.minute;
      minute.advance(second);
      if (limits.rpm && minute.requestTotal + 1 > limits.rpm) {
        const free = minute.leaveTime(false, minute.requestTotal + 1 - limits.rpm);
        return refusal(scope, 'rpm', limits.rpm, free === null ? 60 : secondsUntil(free, now));
      }
      if (limits.tpm) {
        const need = minute.tokenTotal + taken(demand.tokens) - limits.tpm;
        // A demand above the limit on its own never fits: refused, to be retried smaller (docs/limits.md).
        if (demand.tokens > limits.tpm) return refusal(scope, 'tpm', limits.tpm, 60);
        if (need > 0) {
          const free = minute.leaveTime(true, need);
          return refusal(scope, 'tpm', limits.tpm, free === null ? 60 : secondsUntil(free, now));
        }
      }
    }
    const zone = limits.timezone ?? 'UTC';
    if (limits.rpd || limits.tpd) {
      const day = periodAt(now, 'day', zone);
      const count = state.period('day', day.start, day.end);
      if (limits.rpd && count.requests + 1 > limits.rpd)
        return refusal(scope, 'rpd', limits.rpd, secondsUntil(day.end, now));
      if (limits.tpd && count.tokens + taken(demand.tokens) > limits.tpd)
        return refusal(scope, 'tpd', limits.tpd, secondsUntil(day.end, now));
    }
    if (limits.budget) {
      const period = periodAt(now, limits.budget_period ?? 'day', zone);
      const count = state.period(limits.budget_period ?? 'day', period.start, period.end);
      if (count.quota + taken(demand.quota) > limits.budget)
        return refusal(scope, 'budget', limits.budget, secondsUntil(period.end, now));
    }
    if (limits.concurrency && state.inFlight + 1 > limits.concurrency)
      return refusal(scope, 'concurrency', limits.concurrency, 1);
    const windows = check.windows;
    const requests = windows?.requests;
    if (requests?.limit) {
      const windowMs = requests.seconds * 1000;
      state.requestLog ??= new EventLog();
      const log = state.requestLog;
      const count = log.count(now, windowMs);
      if (count + 1 > requests.limit)
        return refusal(
          scope,
          'requests',
          requests.limit,
          secondsUntil(log.leaveTime(count + 1 - requests.limit, windowMs), now),
        );
    }
    const successes = windows?.successes;
    if (successes?.limit && state.successLog) {
      const windowMs = successes.seconds * 1000;
      const count = state.successLog.count(now, windowMs);
      if (count >= successes.limit)
        return refusal(
          scope,
          'successes',
          successes.limit,
          secondsUntil(state.successLog.leaveTime(count + 1 - successes.limit, windowMs), now),
        );
    }
    return null;
  }

  /** Counts an admitted call in one scope and offers its request and token limits to the headers. */
  private count(
    state: ScopeState,
    check: LimitCheck,
    demand: Demand,
    now: number,
    requests: Tightest,
    tokens: Tightest,
  ): Hold {
    const { limits, windows } = check;
    const hold: Hold = {
      scope: check.scope,
      state,
      second: -1,
      day: null,
      dayStart: 0,
      budget: null,
      budgetStart: 0,
      concurrency: false,
      successes: null,
    };
    const minute = state.minute;
    if (minute && (limits.rpm || limits.tpm)) {
      hold.second = minute.add(1, demand.tokens);
      state.keep(now + MINUTE_MS);
      const reset = secondsUntil(minute.leaveTime(false, 1) ?? now, now);
      if (limits.rpm) requests.offer(limits.rpm, limits.rpm - minute.requestTotal, reset);
      if (limits.tpm)
        tokens.offer(
          limits.tpm,
          limits.tpm - minute.tokenTotal,
          secondsUntil(minute.leaveTime(true, 1) ?? now, now),
        );
    }
    const day = limits.rpd || limits.tpd ? state.periods.day : null;
    if (day) {
      day.requests += 1;
      day.tokens += demand.tokens;
      hold.day = day;
      hold.dayStart = day.start;
      state.keep(day.end);
      const reset = secondsUntil(day.end, now);
      if (limits.rpd) requests.offer(limits.rpd, limits.rpd - day.requests, reset);
      if (limits.tpd) tokens.offer(limits.tpd, limits.tpd - day.tokens, reset);
    }
    const budget = limits.budget ? state.periods[limits.budget_period ?? 'day'] : null;
    if (budget) {
      budget.quota += demand.quota;
      hold.budget = budget;
      hold.budgetStart = budget.start;
      state.keep(budget.end);
    }
    if (limits.concurrency) {
      state.inFlight += 1;
      hold.concurrency = true;
    }
    if (windows?.requests?.limit) {
      state.requestLog!.add(now, windows.requests.limit);
      state.keep(now + windows.requests.seconds * 1000);
    }
    if (windows?.successes?.limit) hold.successes = windows.successes;
    return hold;
  }

  /** Drops the scopes with nothing in flight whose counts can no longer matter. */
  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [scope, state] of this.scopes) {
      if (state.inFlight === 0 && state.keepUntil <= now) this.scopes.delete(scope);
    }
  }
}
