/**
 * Time filters of the log screens. The usage log's default range runs from the start of today — 00:00
 * local time — to one hour after now, so that calls made while the page is open still fall inside; the
 * task log starts at the same midnight.
 */
import dayjs, { type Dayjs } from 'dayjs';

export interface LogTimeRange {
  start: Dayjs;
  end: Dayjs;
}

/** Today's 00:00, local time. */
export function startOfToday(now: Dayjs = dayjs()): Dayjs {
  return now.startOf('day');
}

export function defaultLogRange(now: Dayjs = dayjs()): LogTimeRange {
  return { start: startOfToday(now), end: now.add(1, 'hour') };
}

/** A picker value as unix seconds (null when the picker is cleared). */
export function toUnixSeconds(value: Dayjs | null | undefined): number | null {
  return value ? value.unix() : null;
}
