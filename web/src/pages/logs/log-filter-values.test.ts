import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { NO_LOG_FILTERS } from '../../api/logs.ts';
import { defaultFilterValues, filtersFromValues } from './log-filter-values.ts';

describe('defaultFilterValues', () => {
  it('starts at today 00:00 and ends one hour from now, with all types', () => {
    const now = dayjs('2025-06-01 09:15:00');
    const values = defaultFilterValues(now);
    expect(values.start?.unix()).toBe(dayjs('2025-06-01 00:00:00').unix());
    expect(values.end?.unix()).toBe(dayjs('2025-06-01 10:15:00').unix());
    expect(values.type).toBe(0);
  });
});

describe('filtersFromValues', () => {
  const start = dayjs.unix(1_700_000_000);
  const end = dayjs.unix(1_700_003_600);
  it.each([
    ['the defaults of an untouched form', {}, NO_LOG_FILTERS],
    [
      'every field, trimmed',
      {
        tokenName: ' key one ',
        modelName: ' gpt-4o ',
        start,
        end,
        group: ' vip ',
        type: 2,
        username: ' alice ',
        channel: 4,
      },
      {
        tokenName: 'key one',
        modelName: 'gpt-4o',
        startTimestamp: 1_700_000_000,
        endTimestamp: 1_700_003_600,
        group: 'vip',
        type: 2,
        username: 'alice',
        channel: 4,
      },
    ],
    ['cleared pickers and a zero channel', { start: null, end: null, channel: 0 }, NO_LOG_FILTERS],
  ])('%s', (_name, values, expected) => {
    expect(filtersFromValues(values)).toEqual(expected);
  });
});
