/**
 * The default time range of the dashboard, chosen by the default granularity so that each chart opens
 * with a useful number of bars: by hour the last 24 hours, by day the last 7 days (today included), by
 * week the last 5 weeks (this one included). Like the usage log, the range ends one hour from now so calls
 * made while the page is open still fall inside.
 */
import dayjs, { type Dayjs } from 'dayjs';
import type { Granularity } from './buckets.ts';

export interface DashboardRange {
  start: Dayjs;
  end: Dayjs;
}

export function defaultDashboardRange(granularity: Granularity, now: Dayjs = dayjs()): DashboardRange {
  const end = now.add(1, 'hour');
  if (granularity === 'hour') return { start: now.subtract(24, 'hour').startOf('hour'), end };
  const today = now.startOf('day');
  if (granularity === 'day') return { start: today.subtract(6, 'day'), end };
  const monday = today.subtract((today.day() + 6) % 7, 'day');
  return { start: monday.subtract(4, 'week'), end };
}
