import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { emptyTaskLogValues, taskLogFiltersFromValues } from './task-log-filters.ts';

describe('taskLogFiltersFromValues', () => {
  it('turns an empty form into no filters', () => {
    expect(taskLogFiltersFromValues(emptyTaskLogValues())).toEqual({
      channel: null,
      upstreamId: '',
      startTimestamp: null,
      endTimestamp: null,
    });
  });

  it('keeps a default start', () => {
    const start = dayjs.unix(1_700_000_000);
    expect(taskLogFiltersFromValues(emptyTaskLogValues(start)).startTimestamp).toBe(1_700_000_000);
  });

  it('trims the id, reads the pickers as seconds and drops a channel that is not positive', () => {
    expect(
      taskLogFiltersFromValues({
        channel: 0,
        upstreamId: '  task-1 ',
        start: dayjs.unix(1_700_000_000),
        end: dayjs.unix(1_700_003_600).add(500, 'millisecond'),
      }),
    ).toEqual({
      channel: null,
      upstreamId: 'task-1',
      startTimestamp: 1_700_000_000,
      endTimestamp: 1_700_003_600,
    });
    expect(taskLogFiltersFromValues({ channel: 4 }).channel).toBe(4);
  });
});
