/**
 * The limiter of several instances (docs/limits.md "The limiter"): one Lua script call per admission
 * checks and counts every check atomically in Redis (./redis-scripts.ts), one per settlement corrects
 * the counts and frees the lease. ioredis runs a defined command by EVALSHA and sends the script again by
 * EVAL when Redis answers NOSCRIPT (after a restart or SCRIPT FLUSH).
 *
 * Failures: an admission Redis cannot answer is let through (fail-open) and reported to onError — a
 * Redis outage must not stop every call of the gateway, and the balances that protect money are checked
 * elsewhere (server/src/relay/cache/shared-balances.ts). A settlement that fails is tried once more after
 * a second, then reported; its lease still ends at its deadline, so a lost settlement cannot hold a
 * concurrency slot for longer than `leaseMs`.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { type CurrentPeriod, periodAt } from '../../../../common/limit-periods.ts';
import type { LimitPeriod, LimitSet, LimitUsage } from '../../../../common/traffic-limits.ts';
import { anyLimited, EMPTY_GRANT, isLimited } from './admission-rules.ts';
import { ADMIT_SCRIPT, SEED_SCRIPT, SETTLE_SCRIPT } from './redis-scripts.ts';
import type {
  Demand,
  Grant,
  HeaderFacts,
  LimitCheck,
  Limiter,
  LimitScope,
  PeriodUse,
  Refusal,
} from './types.ts';

/** The longest a call holds a concurrency slot when its instance never settles it (a crash). */
export const DEFAULT_LEASE_MS = 15 * 60_000;

const SETTLE_RETRY_MS = 1_000;

interface LimiterCommands {
  switchyardLimitAdmit(...args: Array<string | number>): Promise<Array<string | number>>;
  switchyardLimitSettle(...args: Array<string | number>): Promise<number>;
  switchyardLimitSeed(...args: Array<string | number>): Promise<number>;
}

/** What one check of an admitted call counted, for its settlement. */
interface RedisHold {
  base: string;
  minute: boolean;
  /** The full key of the day counted in, or ''. */
  day: string;
  /** The full key of the budget period counted in, or ''. */
  budget: string;
  lease: boolean;
  successLimit: number;
  successMs: number;
}

class RedisGrant implements Grant {
  readonly refused = false;
  settled = false;

  constructor(
    readonly requests: HeaderFacts | null,
    readonly tokens: HeaderFacts | null,
    readonly demand: Demand,
    readonly lease: string,
    readonly second: number,
    readonly holds: RedisHold[],
  ) {}
}

export interface RedisLimiterOptions {
  redis: Redis;
  keyPrefix: string;
  onError: (error: Error) => void;
  leaseMs: number;
  /** Tests only: a clock used instead of Redis TIME. */
  now?: () => number;
}

function facts(limit: number, remaining: number, reset: number): HeaderFacts | null {
  return limit < 0 ? null : { limit, remaining, resetSeconds: reset };
}

function whole(value: number): number {
  return value > 0 ? Math.ceil(value) : 0;
}

export class RedisLimiter implements Limiter {
  private readonly commands: LimiterCommands;
  /** Unique among instances: lease ids are `<instance>:<counter>`. */
  private readonly instance = randomBytes(6).toString('hex');
  private leases = 0;

  constructor(private readonly options: RedisLimiterOptions) {
    const { redis } = options;
    redis.defineCommand('switchyardLimitAdmit', { lua: ADMIT_SCRIPT });
    redis.defineCommand('switchyardLimitSettle', { lua: SETTLE_SCRIPT });
    redis.defineCommand('switchyardLimitSeed', { lua: SEED_SCRIPT, numberOfKeys: 1 });
    this.commands = redis as unknown as LimiterCommands;
  }

  admit(checks: readonly LimitCheck[], demand: Demand): Grant | Promise<Grant | Refusal> {
    if (checks.length === 0 || !anyLimited(checks)) return EMPTY_GRANT;
    return this.admitLimited(checks, demand);
  }

  settle(grant: Grant, actual: Demand, completed = false): void {
    if (!(grant instanceof RedisGrant) || grant.settled) return;
    grant.settled = true;
    const keys: string[] = [];
    const args: Array<string | number> = [
      this.clock(),
      whole(actual.tokens) - whole(grant.demand.tokens),
      whole(actual.quota) - whole(grant.demand.quota),
      grant.lease,
      grant.second,
      completed ? 1 : 0,
      grant.holds.length,
    ];
    for (const hold of grant.holds) {
      keys.push(`${hold.base}:m`, hold.day || `${hold.base}:p`, hold.budget || `${hold.base}:p`);
      keys.push(`${hold.base}:c`, `${hold.base}:w:s`);
      args.push(hold.minute ? 1 : 0, hold.day ? 1 : 0, hold.budget ? 1 : 0, hold.lease ? 1 : 0);
      args.push(hold.successLimit, hold.successMs);
    }
    const send = (retry: boolean): void => {
      this.commands.switchyardLimitSettle(keys.length, ...keys, ...args).catch((error: Error) => {
        if (retry) setTimeout(() => send(false), SETTLE_RETRY_MS).unref();
        else this.options.onError(new Error(`a settlement was lost: ${error.message}`));
      });
    };
    send(true);
  }

  async usage(check: LimitCheck): Promise<LimitUsage[]> {
    const limits = check.limits;
    const { keys, args } = this.request([check], { tokens: 0, quota: 0 }, 'peek');
    const reply = (await this.commands.switchyardLimitAdmit(keys.length, ...keys, ...args)).map(Number);
    const [minuteRequests, minuteTokens, requestsLeave, tokensLeave, dayRequests, dayTokens, dayEnd] = reply;
    const [, , , , , , , spent, budgetEnd, leases] = reply;
    const usage: LimitUsage[] = [];
    const add = (kind: LimitUsage['kind'], limit: number | undefined, used = 0, resetAt = 0) => {
      if (!limit) return;
      usage.push({
        kind,
        limit,
        used,
        remaining: Math.max(0, limit - used),
        reset_at: used > 0 ? Math.ceil(resetAt / 1000) : 0,
      });
    };
    add('rpm', limits.rpm, minuteRequests, requestsLeave);
    add('tpm', limits.tpm, minuteTokens, tokensLeave);
    add('rpd', limits.rpd, dayRequests, dayEnd);
    add('tpd', limits.tpd, dayTokens, dayEnd);
    add('concurrency', limits.concurrency, leases, 0);
    add('budget', limits.budget, spent, budgetEnd);
    return usage;
  }

  async seed(scope: LimitScope, used: PeriodUse): Promise<void> {
    const key = `${this.base(scope)}:p:${used.period}:${used.start}`;
    await this.commands.switchyardLimitSeed(
      key,
      whole(used.requests),
      whole(used.tokens),
      whole(used.quota),
      // Until a day after the period ends (late settlements still find it), by this instance's clock.
      Math.max(1, used.end + 86_400_000 - (this.options.now?.() ?? Date.now())),
    );
  }

  private async admitLimited(checks: readonly LimitCheck[], demand: Demand): Promise<Grant | Refusal> {
    const limited = checks.filter(isLimited);
    this.leases += 1;
    const lease = `${this.instance}:${this.leases}`;
    const { keys, args } = this.request(limited, demand, 'admit', lease);
    let reply: Array<string | number>;
    try {
      reply = await this.commands.switchyardLimitAdmit(keys.length, ...keys, ...args);
    } catch (error) {
      this.options.onError(error as Error);
      return EMPTY_GRANT;
    }
    if (Number(reply[0]) === 1) {
      const check = limited[Number(reply[1]) - 1]!;
      return {
        refused: true,
        scope: check.scope,
        kind: String(reply[2]) as Refusal['kind'],
        limit: Number(reply[3]),
        retryAfterSeconds: Number(reply[4]),
      };
    }
    const holds: RedisHold[] = limited.map((check, index) => {
      const { limits, windows } = check;
      const base = this.base(check.scope);
      const dayStart = Number(reply[8 + index * 2]);
      const budgetStart = Number(reply[9 + index * 2]);
      return {
        base,
        minute: Boolean(limits.rpm || limits.tpm),
        day: limits.rpd || limits.tpd ? `${base}:p:day:${dayStart}` : '',
        budget: limits.budget ? `${base}:p:${limits.budget_period ?? 'day'}:${budgetStart}` : '',
        lease: Boolean(limits.concurrency),
        successLimit: windows?.successes?.limit ?? 0,
        successMs: (windows?.successes?.seconds ?? 0) * 1000,
      };
    });
    const [, second, requestLimit, requestsLeft, requestReset, tokenLimit, tokensLeft, tokenReset] = reply
      .slice(0, 8)
      .map(Number) as number[];
    return new RedisGrant(
      facts(requestLimit!, requestsLeft!, requestReset!),
      facts(tokenLimit!, tokensLeft!, tokenReset!),
      demand,
      lease,
      second!,
      holds,
    );
  }

  /** Keys and arguments of ADMIT_SCRIPT for these checks. */
  private request(
    checks: readonly LimitCheck[],
    demand: Demand,
    mode: 'admit' | 'peek',
    lease = '',
  ): { keys: string[]; args: Array<string | number> } {
    const now = this.options.now?.() ?? Date.now();
    const keys: string[] = [];
    const args: Array<string | number> = [
      this.clock(),
      whole(demand.tokens),
      whole(demand.quota),
      lease,
      this.options.leaseMs,
      mode,
      checks.length,
    ];
    for (const { scope, limits, windows } of checks) {
      const base = this.base(scope);
      const budgetPeriod: LimitPeriod = limits.budget_period ?? 'day';
      // In the order of ADMIT_KEYS_PER_CHECK and ADMIT_ARGS_PER_CHECK (./redis-scripts.ts).
      keys.push(`${base}:m`, `${base}:p:day`, `${base}:p:${budgetPeriod}`, `${base}:c`, `${base}:w:r`);
      keys.push(`${base}:w:s`);
      args.push(...counts(limits));
      args.push(...window(windows?.requests), ...window(windows?.successes));
      const zone = limits.timezone ?? 'UTC';
      args.push(...candidates(limits.rpd || limits.tpd ? periodAt(now, 'day', zone) : null));
      args.push(...candidates(limits.budget ? periodAt(now, budgetPeriod, zone) : null));
    }
    return { keys, args };
  }

  private base(scope: LimitScope): string {
    return `${this.options.keyPrefix}limit:${scope}`;
  }

  /** The time the scripts use: 0 = Redis's own clock. */
  private clock(): number {
    return this.options.now?.() ?? 0;
  }
}

function counts(limits: LimitSet): number[] {
  return [
    limits.rpm ?? 0,
    limits.tpm ?? 0,
    limits.rpd ?? 0,
    limits.tpd ?? 0,
    limits.budget ?? 0,
    limits.concurrency ?? 0,
  ];
}

function window(entry: { limit: number; seconds: number } | undefined): [number, number] {
  return entry?.limit ? [entry.limit, entry.seconds * 1000] : [0, 0];
}

function candidates(period: CurrentPeriod | null): [number, number, number, number] {
  return period ? [period.previousStart, period.start, period.end, period.nextEnd] : [0, 0, 0, 0];
}
