/** The filter form of the usage log and how its values become the applied filters. */
import type { Dayjs } from 'dayjs';
import { LogType } from '../../../../common/statuses.ts';
import type { LogFilters } from '../../api/logs.ts';
import { defaultLogRange, toUnixSeconds } from '../../components/time-range.ts';

export interface LogFilterValues {
  tokenName?: string;
  modelName?: string;
  start?: Dayjs | null;
  end?: Dayjs | null;
  group?: string;
  type?: number;
  username?: string;
  channel?: number | null;
}

/** A fresh form: every text empty, all types, today's 00:00 to one hour from now. */
export function defaultFilterValues(now?: Dayjs): LogFilterValues {
  const range = defaultLogRange(now);
  return {
    tokenName: '',
    modelName: '',
    start: range.start,
    end: range.end,
    group: '',
    type: LogType.unknown,
    username: '',
    channel: null,
  };
}

export function filtersFromValues(values: LogFilterValues): LogFilters {
  return {
    tokenName: values.tokenName?.trim() ?? '',
    modelName: values.modelName?.trim() ?? '',
    startTimestamp: toUnixSeconds(values.start),
    endTimestamp: toUnixSeconds(values.end),
    group: values.group?.trim() ?? '',
    type: values.type ?? LogType.unknown,
    username: values.username?.trim() ?? '',
    channel: typeof values.channel === 'number' && values.channel > 0 ? values.channel : null,
  };
}
