/**
 * Day, week and month counts that survive a restart (docs/limits.md "Restarts"): at boot, what each
 * limited scope already used in its current periods is read from the log (one query per kind of scope
 * and period, not per scope) and handed to the limiter (./types.ts Limiter.seed). In memory the counts
 * are added; in Redis they are written only where Redis holds nothing (it keeps its own counts across
 * instance restarts). Minute windows and calls in flight are not seeded: a minute passes, and calls in
 * flight died with the process.
 *
 * Rows counted: consumption and error rows (type 2 and 5: every call the limiter admitted leaves one or
 * the other when it ends); requests = rows, tokens = prompt + completion tokens, spend = quota.
 */
import { sql } from 'kysely';
import { computePeriod } from '../../../../common/limit-periods.ts';
import { LogType } from '../../../../common/statuses.ts';
import type { LimitPeriod, LimitSet } from '../../../../common/traffic-limits.ts';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { Limiter, LimitScope } from './types.ts';

/** The log column a scope is found by. */
export type SeedColumn = 'token_id' | 'user_id' | 'channel_id' | 'group';

/** A scope with day, week or month limits and the log rows that count for it. */
export interface SeedTarget {
  scope: LimitScope;
  limits: LimitSet;
  /** Rows whose `column` equals `value`… */
  column: SeedColumn;
  value: number | string;
  /** …and, for a model's limits in a group, whose model is this one. */
  model?: string;
}

/** Values per IN list: far below every database's limit on bound parameters. */
const CHUNK = 500;

interface Plan {
  column: SeedColumn;
  model: string | undefined;
  /** The day's bounds (ms) when the scope limits requests or tokens per day, else null. */
  day: { start: number; end: number } | null;
  /** The budget's period and bounds when it has a budget, else null. */
  budget: { period: LimitPeriod; start: number; end: number } | null;
  targets: SeedTarget[];
}

interface Sums {
  value: number | string;
  day_requests: number | string | null;
  day_tokens: number | string | null;
  day_quota: number | string | null;
  budget_quota: number | string | null;
}

/** Groups the targets that one query can read together: same column, model and periods. */
function plan(targets: readonly SeedTarget[], now: number): Plan[] {
  const plans = new Map<string, Plan>();
  for (const target of targets) {
    const { limits } = target;
    const zone = limits.timezone ?? 'UTC';
    const day = limits.rpd || limits.tpd ? computePeriod(now, 'day', zone) : null;
    const period = limits.budget_period ?? 'day';
    const budget = limits.budget ? { period, ...computePeriod(now, period, zone) } : null;
    if (!day && !budget) continue;
    const key = JSON.stringify([target.column, target.model, day?.start, budget?.period, budget?.start]);
    let entry = plans.get(key);
    if (!entry) {
      entry = { column: target.column, model: target.model, day, budget, targets: [] };
      plans.set(key, entry);
    }
    entry.targets.push(target);
  }
  return [...plans.values()];
}

async function readSums(
  database: DatabaseHandle,
  entry: Plan,
  values: Array<number | string>,
): Promise<Sums[]> {
  // Periods start on whole seconds (time zones are offset by whole minutes); the log is in Unix seconds.
  const dayFrom = entry.day ? Math.floor(entry.day.start / 1000) : Number.MAX_SAFE_INTEGER;
  const budgetFrom = entry.budget ? Math.floor(entry.budget.start / 1000) : Number.MAX_SAFE_INTEGER;
  const since = Math.min(dayFrom, budgetFrom);
  const created = sql.ref('created_at');
  const inDay = (amount: ReturnType<typeof sql>) =>
    sql<number>`sum(case when ${created} >= ${dayFrom} then ${amount} else 0 end)`;
  let query = database.db
    .selectFrom('logs')
    .select([
      sql<number | string>`${sql.ref(entry.column)}`.as('value'),
      inDay(sql`1`).as('day_requests'),
      inDay(sql`${sql.ref('prompt_tokens')} + ${sql.ref('completion_tokens')}`).as('day_tokens'),
      inDay(sql`${sql.ref('quota')}`).as('day_quota'),
      sql<number>`sum(case when ${created} >= ${budgetFrom} then ${sql.ref('quota')} else 0 end)`.as(
        'budget_quota',
      ),
    ])
    .where(entry.column, 'in', values as never[])
    .where('type', 'in', [LogType.consume, LogType.error])
    .where('created_at', '>=', since);
  if (entry.model !== undefined) query = query.where('model_name', '=', entry.model);
  return (await query.groupBy(entry.column).execute()) as Sums[];
}

/**
 * Reads what every target used in its current day and budget period and seeds the limiter with it;
 * returns the number of scopes that had any use. Call once at boot, after the caches have loaded and
 * before the server takes calls (calls admitted earlier would be counted twice once they are logged).
 */
export async function seedLimiter(
  limiter: Limiter,
  logDatabase: DatabaseHandle,
  targets: readonly SeedTarget[],
  now = Date.now(),
): Promise<number> {
  let seeded = 0;
  for (const entry of plan(targets, now)) {
    const byValue = new Map(entry.targets.map((target) => [String(target.value), target]));
    const values = entry.targets.map((target) => target.value);
    for (let offset = 0; offset < values.length; offset += CHUNK) {
      for (const row of await readSums(logDatabase, entry, values.slice(offset, offset + CHUNK))) {
        const target = byValue.get(String(row.value));
        if (!target) continue;
        const dayRequests = Number(row.day_requests ?? 0);
        const dayTokens = Number(row.day_tokens ?? 0);
        const dayQuota = Number(row.day_quota ?? 0);
        const budgetQuota = Number(row.budget_quota ?? 0);
        if (dayRequests === 0 && budgetQuota === 0) continue;
        seeded += 1;
        if (entry.day) {
          const quota = entry.budget?.period === 'day' ? dayQuota : 0;
          await limiter.seed(target.scope, {
            period: 'day',
            ...entry.day,
            requests: dayRequests,
            tokens: dayTokens,
            quota,
          });
        }
        if (entry.budget && !(entry.day && entry.budget.period === 'day')) {
          const { period, start, end } = entry.budget;
          await limiter.seed(target.scope, {
            period,
            start,
            end,
            requests: 0,
            tokens: 0,
            quota: budgetQuota,
          });
        }
      }
    }
  }
  return seeded;
}
