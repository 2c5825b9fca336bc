/**
 * The default time filter of the usage log (spec §9 "Log default range"): from the start value — today's
 * 00:00 local time — to one hour after now, so that calls made while the page is open still fall inside.
 */
import dayjs, { type Dayjs } from 'dayjs';

export interface LogTimeRange {
  start: Dayjs;
  end: Dayjs;
}

export function defaultLogRange(now: Dayjs = dayjs()): LogTimeRange {
  return { start: now.startOf('day'), end: now.add(1, 'hour') };
}

/** A picker value as unix seconds (null when the picker is cleared). */
export function toUnixSeconds(value: Dayjs | null | undefined): number | null {
  return value ? value.unix() : null;
}
