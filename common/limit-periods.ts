/**
 * Calendar periods of the limits (docs/limits.md): a day, a week (starting on Monday) or a month that
 * starts at 00:00 in an IANA time zone, as instants in Unix milliseconds. Used for requests and tokens
 * per day and for budgets (server/src/relay/limits/: memory-limiter.ts, redis-limiter.ts, seed.ts) and by the
 * console for when a count resets (web/src/components/limit-usage-display.ts). Shared: no node imports.
 *
 * Boundaries are computed with Intl (no time-zone library) and cached per zone and period until the
 * period ends, so the hot path reads two numbers and allocates nothing.
 */
import { isTimeZone, type LimitPeriod } from './traffic-limits.ts';

export interface PeriodBounds {
  /** First instant of the period (ms). */
  readonly start: number;
  /** First instant of the next period (ms). */
  readonly end: number;
}

/** A period with its neighbours: Redis picks among them by its own clock (server/src/relay/limits/redis-limiter.ts). */
export interface CurrentPeriod extends PeriodBounds {
  readonly previousStart: number;
  readonly nextEnd: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    // Zones are checked when limits are saved (./traffic-limits.ts isTimeZone); one this runtime does
    // not know (a hand-edited row, an older ICU) counts in UTC rather than failing every call.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: isTimeZone(zone) ? zone : 'UTC',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall-clock time in `zone` at instant `time`, read as if it were UTC (ms, whole seconds). */
function wallClock(time: number, zone: string): number {
  const parts = formatterOf(zone).formatToParts(time);
  let year = 0;
  let month = 0;
  let day = 0;
  let hour = 0;
  let minute = 0;
  let second = 0;
  for (const part of parts) {
    if (part.type === 'year') year = Number(part.value);
    else if (part.type === 'month') month = Number(part.value);
    else if (part.type === 'day') day = Number(part.value);
    else if (part.type === 'hour') hour = Number(part.value);
    else if (part.type === 'minute') minute = Number(part.value);
    else if (part.type === 'second') second = Number(part.value);
  }
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** The zone's offset from UTC at instant `time` (ms; positive east of Greenwich). */
function offsetAt(time: number, zone: string): number {
  return wallClock(time, zone) - Math.floor(time / 1000) * 1000;
}

/**
 * The instant the local date `wall` (a UTC date standing for the local wall clock at 00:00) begins in
 * `zone`. Where a daylight-saving change skips midnight, the day begins at the first instant that exists.
 */
function localMidnight(wall: number, zone: string): number {
  const first = wall - offsetAt(wall, zone);
  const offset = offsetAt(first, zone);
  const second = wall - offset;
  if (second === first) return first;
  // The two offsets disagree: one candidate is the real 00:00; in a skipped midnight neither is, and the
  // later one (already on the new day) is the day's first existing instant.
  if (wallClock(second, zone) === wall) return second;
  if (wallClock(first, zone) === wall) return first;
  return Math.max(first, second);
}

/** Computes the period containing `time` in `zone` (uncached). */
export function computePeriod(time: number, period: LimitPeriod, zone: string): PeriodBounds {
  const local = new Date(wallClock(time, zone));
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  let day = local.getUTCDate();
  if (period === 'month') {
    return {
      start: localMidnight(Date.UTC(year, month, 1), zone),
      end: localMidnight(Date.UTC(year, month + 1, 1), zone),
    };
  }
  if (period === 'week') day -= (local.getUTCDay() + 6) % 7; // Monday = 0
  const span = period === 'week' ? 7 : 1;
  return {
    start: localMidnight(Date.UTC(year, month, day), zone),
    end: localMidnight(Date.UTC(year, month, day + span), zone),
  };
}

interface ZonePeriods {
  day: CurrentPeriod | null;
  week: CurrentPeriod | null;
  month: CurrentPeriod | null;
}

const cache = new Map<string, ZonePeriods>();

/**
 * The period containing `time` in `zone` (an IANA name, checked when the limit was saved:
 * ./traffic-limits.ts parseLimitSet). Cached: the same object is returned until the period ends.
 */
export function periodAt(time: number, period: LimitPeriod, zone: string): CurrentPeriod {
  let periods = cache.get(zone);
  if (!periods) {
    periods = { day: null, week: null, month: null };
    cache.set(zone, periods);
  }
  const cached = periods[period];
  if (cached && cached.start <= time && time < cached.end) return cached;
  const { start, end } = computePeriod(time, period, zone);
  const current: CurrentPeriod = {
    start,
    end,
    previousStart: computePeriod(start - 1, period, zone).start,
    nextEnd: computePeriod(end, period, zone).end,
  };
  // One period is cached per zone and kind: the one asked last, normally the current one.
  periods[period] = current;
  return current;
}
