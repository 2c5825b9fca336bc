import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultLogRange, startOfToday, toUnixSeconds } from './time-range.ts';

const format = 'YYYY-MM-DD HH:mm:ss';

describe('defaultLogRange', () => {
  it.each([
    ['2025-03-14 15:42:07', '2025-03-14 00:00:00', '2025-03-14 16:42:07'],
    ['2025-03-14 00:00:00', '2025-03-14 00:00:00', '2025-03-14 01:00:00'],
    // Late in the evening the end passes midnight; the start stays on the current day.
    ['2025-12-31 23:30:00', '2025-12-31 00:00:00', '2026-01-01 00:30:00'],
  ])('at %s runs from %s to %s', (now, start, end) => {
    const range = defaultLogRange(dayjs(now));
    expect(range.start.format(format)).toBe(start);
    expect(range.end.format(format)).toBe(end);
  });
});

describe('startOfToday', () => {
  it.each([
    ['2025-03-14 15:42:07', '2025-03-14 00:00:00'],
    ['2025-03-14 00:00:00', '2025-03-14 00:00:00'],
    ['2025-12-31 23:59:59', '2025-12-31 00:00:00'],
  ])('at %s is %s', (now, midnight) => {
    expect(startOfToday(dayjs(now)).format(format)).toBe(midnight);
  });
});

describe('toUnixSeconds', () => {
  it.each([
    [null, null],
    [undefined, null],
    [dayjs.unix(1_700_000_000), 1_700_000_000],
    [dayjs.unix(1_700_000_000).add(999, 'millisecond'), 1_700_000_000],
  ])('%s gives %s', (value, seconds) => {
    expect(toUnixSeconds(value)).toBe(seconds);
  });
});
