/**
 * How the console shows a limit set and its usage (the token list's "Limits" column,
 * components/LimitUsageCell.tsx, and the personal page's "My limits", pages/personal/MyLimitsCard.tsx):
 * one row per limit that is set, with the server's usage when it sent one (common/traffic-limits.ts
 * LimitUsage), amounts in the unit of their kind.
 */
import dayjs from 'dayjs';
import { computePeriod } from '../../../common/limit-periods.ts';
import { abbreviateCount } from '../../../common/quota-format.ts';
import {
  LIMIT_KINDS,
  type LimitKind,
  type LimitPeriod,
  type LimitSet,
  type LimitUsage,
} from '../../../common/traffic-limits.ts';

/** One limit that is set; `usage` is absent when the server sent none for it. */
export interface LimitRow {
  kind: LimitKind;
  limit: number;
  usage?: LimitUsage;
}

/** The kinds a table cell shows first; the others are in its tooltip. */
const CELL_KINDS: readonly LimitKind[] = ['budget', 'rpm', 'tpm'];
/** How many rows a table cell shows when none of CELL_KINDS is set. */
const CELL_FALLBACK_ROWS = 2;

/** Every limit of `limits` that is set, in LIMIT_KINDS order with the budget first, and its usage. */
export function limitRows(
  limits: LimitSet | null | undefined,
  usage: readonly LimitUsage[] | undefined,
): LimitRow[] {
  const rows: LimitRow[] = [];
  for (const kind of ['budget', ...LIMIT_KINDS.filter((kind) => kind !== 'budget')] as LimitKind[]) {
    const fromUsage = usage?.find((entry) => entry.kind === kind);
    const limit = limits?.[kind] ?? fromUsage?.limit ?? 0;
    if (limit <= 0) continue;
    rows.push(fromUsage ? { kind, limit, usage: fromUsage } : { kind, limit });
  }
  return rows;
}

/** The rows a table cell shows: the budget and the per-minute limits, else the first others. */
export function cellRows(rows: readonly LimitRow[]): LimitRow[] {
  const preferred = rows.filter((row) => CELL_KINDS.includes(row.kind));
  return preferred.length > 0 ? preferred : rows.slice(0, CELL_FALLBACK_ROWS);
}

/** An amount of a kind as text: the budget in the site's quota display, tokens abbreviated, counts as they are. */
export function limitAmount(kind: LimitKind, amount: number, renderQuota: (quota: number) => string): string {
  if (kind === 'budget') return renderQuota(amount);
  if (kind === 'tpm' || kind === 'tpd') return abbreviateCount(amount);
  return String(amount);
}

/** Nothing of the limit is left: a call that needs it is refused until it resets. */
export function isExhausted(row: LimitRow): boolean {
  return row.usage !== undefined && row.usage.remaining <= 0;
}

/**
 * When a count resets, in local time and no longer than needed: `HH:mm` today, `MM-DD HH:mm` this year,
 * else the full date; null when nothing is counted (reset_at 0).
 */
export function resetText(resetAt: number, nowMilliseconds: number): string | null {
  if (resetAt <= 0) return null;
  const reset = dayjs.unix(resetAt);
  const now = dayjs(nowMilliseconds);
  if (reset.isSame(now, 'day')) return reset.format('HH:mm');
  if (reset.isSame(now, 'year')) return reset.format('MM-DD HH:mm');
  return reset.format('YYYY-MM-DD HH:mm');
}

/**
 * When a period that is counting now ends, in unix seconds: the next 00:00 in `timeZone` (weeks end on
 * Monday, months on the 1st), computed as the limiter computes it (common/limit-periods.ts).
 */
export function periodEnd(period: LimitPeriod, timeZone: string, nowMilliseconds: number): number {
  return Math.floor(computePeriod(nowMilliseconds, period, timeZone).end / 1000);
}

/**
 * When a row's count resets (unix seconds): the server's time when it sent one, else — nothing counted yet —
 * the end of the current period for the budget and the per-day counts; 0 for the others.
 */
export function rowResetAt(
  row: LimitRow,
  limits: LimitSet | null | undefined,
  nowMilliseconds: number,
): number {
  if (row.usage && row.usage.reset_at > 0) return row.usage.reset_at;
  const zone = limits?.timezone ?? 'UTC';
  if (row.kind === 'budget') return periodEnd(limits?.budget_period ?? 'day', zone, nowMilliseconds);
  if (row.kind === 'rpd' || row.kind === 'tpd') return periodEnd('day', zone, nowMilliseconds);
  return 0;
}
