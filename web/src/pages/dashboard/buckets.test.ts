import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  bucketLabel,
  bucketStart,
  bucketsBetween,
  MAX_FILLED_BUCKETS,
  nextBucketStart,
  parseGranularity,
} from './buckets.ts';

/** Local date-time text → unix seconds, so the tests hold in every time zone. */
function at(text: string): number {
  return dayjs(text).unix();
}

describe('parseGranularity', () => {
  it.each([
    ['hour', 'hour'],
    ['day', 'day'],
    ['week', 'week'],
    ['month', 'hour'],
    ['', 'hour'],
    [undefined, 'hour'],
    [7, 'hour'],
  ])('%s → %s', (value, expected) => {
    expect(parseGranularity(value)).toBe(expected);
  });
});

describe('bucketStart', () => {
  it.each([
    ['2025-03-14 15:42:07', 'hour', '2025-03-14 15:00:00'],
    ['2025-03-14 15:00:00', 'hour', '2025-03-14 15:00:00'],
    ['2025-03-14 15:42:07', 'day', '2025-03-14 00:00:00'],
    ['2025-03-14 00:00:00', 'day', '2025-03-14 00:00:00'],
    // 2025-03-14 is a Friday; its week starts on Monday the 10th.
    ['2025-03-14 15:42:07', 'week', '2025-03-10 00:00:00'],
    ['2025-03-10 00:00:00', 'week', '2025-03-10 00:00:00'],
    // A Sunday belongs to the week that started six days before.
    ['2025-03-16 23:59:59', 'week', '2025-03-10 00:00:00'],
    // Weeks cross month and year boundaries.
    ['2025-01-01 08:00:00', 'week', '2024-12-30 00:00:00'],
  ] as const)('%s by %s starts at %s', (time, granularity, expected) => {
    expect(bucketStart(at(time), granularity)).toBe(at(expected));
  });
});

describe('nextBucketStart', () => {
  it.each([
    ['2025-03-14 15:00:00', 'hour', '2025-03-14 16:00:00'],
    ['2025-03-14 23:00:00', 'hour', '2025-03-15 00:00:00'],
    ['2025-03-31 00:00:00', 'day', '2025-04-01 00:00:00'],
    ['2025-12-29 00:00:00', 'week', '2026-01-05 00:00:00'],
  ] as const)('after %s by %s comes %s', (start, granularity, expected) => {
    expect(nextBucketStart(at(start), granularity)).toBe(at(expected));
  });
});

describe('bucketLabel', () => {
  it.each([
    ['2025-03-14 15:00:00', 'hour', '03-14 15:00'],
    ['2025-03-14 00:00:00', 'day', '2025-03-14'],
    ['2025-03-10 00:00:00', 'week', '2025-03-10'],
  ] as const)('%s by %s is %s', (start, granularity, expected) => {
    expect(bucketLabel(at(start), granularity)).toBe(expected);
  });
});

describe('bucketsBetween', () => {
  it.each([
    [
      '2025-03-14 13:30:00',
      '2025-03-14 16:10:00',
      'hour',
      ['2025-03-14 13:00:00', '2025-03-14 14:00:00', '2025-03-14 15:00:00', '2025-03-14 16:00:00'],
    ],
    ['2025-03-14 13:30:00', '2025-03-14 13:40:00', 'hour', ['2025-03-14 13:00:00']],
    [
      '2025-03-13 22:00:00',
      '2025-03-15 01:00:00',
      'day',
      ['2025-03-13 00:00:00', '2025-03-14 00:00:00', '2025-03-15 00:00:00'],
    ],
    ['2025-03-09 12:00:00', '2025-03-11 12:00:00', 'week', ['2025-03-03 00:00:00', '2025-03-10 00:00:00']],
    // Days stay at local midnight across a daylight-saving change (US 2025-03-09, EU 2025-03-30), when
    // the tests run in such a zone.
    [
      '2025-03-08 12:00:00',
      '2025-03-10 12:00:00',
      'day',
      ['2025-03-08 00:00:00', '2025-03-09 00:00:00', '2025-03-10 00:00:00'],
    ],
    [
      '2025-03-29 12:00:00',
      '2025-03-31 12:00:00',
      'day',
      ['2025-03-29 00:00:00', '2025-03-30 00:00:00', '2025-03-31 00:00:00'],
    ],
  ] as const)('%s … %s by %s', (from, to, granularity, expected) => {
    expect(bucketsBetween(at(from), at(to), granularity)).toEqual(expected.map(at));
  });

  it('gives null for a reversed range', () => {
    expect(bucketsBetween(at('2025-03-14 10:00:00'), at('2025-03-14 09:00:00'), 'hour')).toBeNull();
  });

  it('gives null when the range holds more than the fill limit', () => {
    const from = at('2025-01-01 00:00:00');
    expect(bucketsBetween(from, from + MAX_FILLED_BUCKETS * 3600, 'hour')).toBeNull();
    expect(bucketsBetween(from, from + (MAX_FILLED_BUCKETS - 1) * 3600, 'hour')).toHaveLength(
      MAX_FILLED_BUCKETS,
    );
  });
});
