/**
 * Time buckets of the dashboard in local time (docs/reference/console-constants.md "Data dashboard defaults": granularities hour, day,
 * week). Weeks start on Monday whatever the language, so the same data gives the same bars in zh and en.
 */
import dayjs, { type Dayjs } from 'dayjs';

export const GRANULARITIES = ['hour', 'day', 'week'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** status.data_export_default_time, or 'hour' (the default of docs/reference/console-constants.md) when it is missing or unknown. */
export function parseGranularity(value: unknown): Granularity {
  return (GRANULARITIES as readonly unknown[]).includes(value) ? (value as Granularity) : 'hour';
}

function startOfBucket(time: Dayjs, granularity: Granularity): Dayjs {
  if (granularity === 'hour') return time.startOf('hour');
  const midnight = time.startOf('day');
  if (granularity === 'day') return midnight;
  // dayjs: Sunday is 0. Days since the last Monday: Monday 0 … Sunday 6.
  return midnight.subtract((midnight.day() + 6) % 7, 'day');
}

/** The unix second at which the bucket holding `seconds` starts. */
export function bucketStart(seconds: number, granularity: Granularity): number {
  return startOfBucket(dayjs.unix(seconds), granularity).unix();
}

/** The start of the bucket after the one starting at `start` (local calendar arithmetic, so DST-safe). */
export function nextBucketStart(start: number, granularity: Granularity): number {
  return dayjs
    .unix(start)
    .add(1, granularity === 'week' ? 'week' : granularity)
    .unix();
}

/** The axis label of a bucket: '03-14 15:00' for hours, '2025-03-14' for days and weeks (the Monday). */
export function bucketLabel(start: number, granularity: Granularity): string {
  return dayjs.unix(start).format(granularity === 'hour' ? 'MM-DD HH:00' : 'YYYY-MM-DD');
}

/** More buckets than this are not filled in between; only the buckets with data are drawn. */
export const MAX_FILLED_BUCKETS = 2000;

/**
 * Every bucket start from the bucket of `from` to the bucket of `to` (both included), or null when that
 * would be more than MAX_FILLED_BUCKETS buckets or `to` is before `from`.
 */
export function bucketsBetween(from: number, to: number, granularity: Granularity): number[] | null {
  if (to < from) return null;
  const last = bucketStart(to, granularity);
  const starts: number[] = [];
  for (
    let start = bucketStart(from, granularity);
    start <= last;
    start = nextBucketStart(start, granularity)
  ) {
    if (starts.length >= MAX_FILLED_BUCKETS) return null;
    starts.push(start);
  }
  return starts;
}
