/**
 * How the console shows a limit set and its usage (the token list's "Limits" column,
 * components/LimitUsageCell.tsx, and the personal page's "My limits", pages/personal/MyLimitsCard.tsx):
 * one row per limit that is set, with the server's usage when it sent one (common/traffic-limits.ts
 * LimitUsage), amounts in the unit of their kind.
 */
import dayjs from 'dayjs';
import { abbreviateCount } from '../../../common/quota-format.ts';
import {
  isTimeZone,
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

const DAY_MS = 86_400_000;

/** The wall-clock fields of `utcMs` in `timeZone` (Intl, so no time-zone data ships with the console). */
function zonedParts(utcMs: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(utcMs);
  const field = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return {
    year: field('year'),
    month: field('month'),
    day: field('day'),
    hour: field('hour'),
    minute: field('minute'),
    second: field('second'),
  };
}

/** The instant (ms) when the wall clock of `timeZone` shows 00:00 on the given date (`month` 1-based). */
function zonedMidnight(year: number, month: number, day: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day);
  let guess = wall;
  // Twice: the zone's offset at the first guess may differ from the one at midnight (a DST change).
  for (let step = 0; step < 2; step += 1) {
    const shown = zonedParts(guess, timeZone);
    const shownWall = Date.UTC(
      shown.year,
      shown.month - 1,
      shown.day,
      shown.hour,
      shown.minute,
      shown.second,
    );
    guess = wall - (shownWall - guess);
  }
  return guess;
}

/**
 * When a period that is counting now ends, in unix seconds: the next 00:00 in `timeZone` (weeks end on
 * Monday, months on the 1st), as the limiter resets them (common/traffic-limits.ts LIMIT_PERIODS).
 */
export function periodEnd(period: LimitPeriod, timeZone: string, nowMilliseconds: number): number {
  const zone = isTimeZone(timeZone) ? timeZone : 'UTC';
  const today = zonedParts(nowMilliseconds, zone);
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day));
  if (period === 'month') {
    date.setUTCMonth(date.getUTCMonth() + 1, 1);
  } else {
    // getUTCDay: Sunday 0 … Saturday 6; the next Monday is 1 to 7 days ahead.
    const ahead = period === 'week' ? (8 - date.getUTCDay()) % 7 || 7 : 1;
    date.setTime(date.getTime() + ahead * DAY_MS);
  }
  return Math.floor(
    zonedMidnight(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), zone) / 1000,
  );
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
