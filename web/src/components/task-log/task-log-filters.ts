/** The filter form of the drawing log and the task log, and how its values become the applied filters. */
import type { Dayjs } from 'dayjs';
import type { TaskLogFilters } from '../../api/task-logs.ts';
import { toUnixSeconds } from '../time-range.ts';

export interface TaskLogFilterValues {
  channel?: number | null;
  upstreamId?: string;
  start?: Dayjs | null;
  end?: Dayjs | null;
}

/** A fresh form: every field empty, except the start when the screen has a default one. */
export function emptyTaskLogValues(start: Dayjs | null = null): TaskLogFilterValues {
  return { channel: null, upstreamId: '', start, end: null };
}

export function taskLogFiltersFromValues(values: TaskLogFilterValues): TaskLogFilters {
  return {
    channel: typeof values.channel === 'number' && values.channel > 0 ? values.channel : null,
    upstreamId: values.upstreamId?.trim() ?? '',
    startTimestamp: toUnixSeconds(values.start),
    endTimestamp: toUnixSeconds(values.end),
  };
}
