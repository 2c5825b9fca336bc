import { describe, expect, test } from 'vitest';
import { computePeriod, periodAt } from './limit-periods.ts';
import type { LimitPeriod } from './traffic-limits.ts';

const at = (iso: string) => Date.parse(iso);
const iso = (time: number) => new Date(time).toISOString();

describe('calendar periods in a time zone', () => {
  test.each<[string, LimitPeriod, string, string, string]>([
    // instant, period, zone, start, end
    ['2026-03-10T12:00:00Z', 'day', 'UTC', '2026-03-10T00:00:00.000Z', '2026-03-11T00:00:00.000Z'],
    // 23:30 UTC is already 07:30 the next day in Shanghai (UTC+8): that day began at 16:00 UTC.
    ['2026-03-10T23:30:00Z', 'day', 'Asia/Shanghai', '2026-03-10T16:00:00.000Z', '2026-03-11T16:00:00.000Z'],
    ['2026-03-10T15:59:59Z', 'day', 'Asia/Shanghai', '2026-03-09T16:00:00.000Z', '2026-03-10T16:00:00.000Z'],
    ['2026-03-10T16:00:00Z', 'day', 'Asia/Shanghai', '2026-03-10T16:00:00.000Z', '2026-03-11T16:00:00.000Z'],
    // New York springs forward on 2026-03-08: that day has 23 hours, the autumn one 25.
    [
      '2026-03-08T12:00:00Z',
      'day',
      'America/New_York',
      '2026-03-08T05:00:00.000Z',
      '2026-03-09T04:00:00.000Z',
    ],
    [
      '2026-11-01T12:00:00Z',
      'day',
      'America/New_York',
      '2026-11-01T04:00:00.000Z',
      '2026-11-02T05:00:00.000Z',
    ],
    // Weeks start on Monday: Sunday 2026-03-15 belongs to the week of Monday 2026-03-09.
    ['2026-03-15T23:00:00Z', 'week', 'UTC', '2026-03-09T00:00:00.000Z', '2026-03-16T00:00:00.000Z'],
    ['2026-03-16T00:00:00Z', 'week', 'UTC', '2026-03-16T00:00:00.000Z', '2026-03-23T00:00:00.000Z'],
    [
      '2026-03-11T10:00:00Z',
      'week',
      'America/New_York',
      '2026-03-09T04:00:00.000Z',
      '2026-03-16T04:00:00.000Z',
    ],
    // Months: the end of February, of a leap year, of December; a month in Shanghai.
    ['2026-02-28T23:59:59Z', 'month', 'UTC', '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
    ['2028-02-29T12:00:00Z', 'month', 'UTC', '2028-02-01T00:00:00.000Z', '2028-03-01T00:00:00.000Z'],
    ['2026-12-31T23:00:00Z', 'month', 'UTC', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
    [
      '2026-03-31T17:00:00Z',
      'month',
      'Asia/Shanghai',
      '2026-03-31T16:00:00.000Z',
      '2026-04-30T16:00:00.000Z',
    ],
    // Santiago skips its midnight on 2026-09-06 (clocks go from 00:00 to 01:00): the day starts at 01:00.
    [
      '2026-09-06T12:00:00Z',
      'day',
      'America/Santiago',
      '2026-09-06T04:00:00.000Z',
      '2026-09-07T03:00:00.000Z',
    ],
  ])('%s, %s in %s: from %s to %s', (instant, period, zone, start, end) => {
    const bounds = computePeriod(at(instant), period, zone);
    expect([iso(bounds.start), iso(bounds.end)]).toEqual([start, end]);
  });

  test('a zone this runtime does not know counts in UTC instead of failing the call', () => {
    const bounds = computePeriod(at('2026-03-10T23:30:00Z'), 'day', 'Mars/Olympus_Mons');
    expect([iso(bounds.start), iso(bounds.end)]).toEqual([
      '2026-03-10T00:00:00.000Z',
      '2026-03-11T00:00:00.000Z',
    ]);
  });

  test('the cached period is the same object until it ends, with its neighbours', () => {
    const first = periodAt(at('2026-05-05T10:00:00Z'), 'day', 'Asia/Shanghai');
    expect(periodAt(at('2026-05-05T15:59:59Z'), 'day', 'Asia/Shanghai')).toBe(first);
    expect(iso(first.previousStart)).toBe('2026-05-03T16:00:00.000Z');
    expect(iso(first.nextEnd)).toBe('2026-05-06T16:00:00.000Z');
    const next = periodAt(at('2026-05-05T16:00:00Z'), 'day', 'Asia/Shanghai');
    expect(next).not.toBe(first);
    expect(next.start).toBe(first.end);
  });
});
