import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { QuotaDataRow } from '../../api/dashboard.ts';
import { aggregateRows, averageRpm } from './aggregate.ts';
import type { Granularity } from './buckets.ts';

function at(text: string): number {
  return dayjs(text).unix();
}

/** aggregateRows with the span filled from `from` to `to` (local date-times). */
function aggregateBetween(rows: QuotaDataRow[], granularity: Granularity, from: string, to: string) {
  return aggregateRows(rows, granularity, { from: at(from), to: at(to) });
}

function row(model: string, time: string, quota: number, count: number, tokens = 0): QuotaDataRow {
  return {
    model_name: model,
    created_at: at(time),
    quota,
    count,
    token_used: tokens,
    username: 'u',
    user_id: 1,
  };
}

describe('aggregateRows', () => {
  it('gives empty series but filled buckets for no rows', () => {
    const result = aggregateBetween([], 'hour', '2025-03-14 10:00', '2025-03-14 12:30');
    expect(result.buckets).toEqual([at('2025-03-14 10:00'), at('2025-03-14 11:00'), at('2025-03-14 12:00')]);
    expect(result.models).toEqual([]);
    expect(result.totals).toEqual({ quota: 0, count: 0, tokens: 0 });
  });

  it.each([
    [
      'hour',
      [0, 1, 2].map((hour) => at(`2025-03-14 1${hour}:00`)),
      { 'gpt-4o': [300, 0, 200], 'gpt-4o-mini': [0, 50, 0] },
      { 'gpt-4o': [3, 0, 2], 'gpt-4o-mini': [0, 5, 0] },
    ],
    [
      'day',
      [at('2025-03-14 00:00')],
      { 'gpt-4o': [500], 'gpt-4o-mini': [50] },
      { 'gpt-4o': [5], 'gpt-4o-mini': [5] },
    ],
  ] as const)('buckets by %s', (granularity, buckets, quota, calls) => {
    const rows = [
      row('gpt-4o', '2025-03-14 10:00', 100, 1, 10),
      row('gpt-4o', '2025-03-14 10:00', 200, 2, 20),
      row('gpt-4o-mini', '2025-03-14 11:00', 50, 5, 500),
      row('gpt-4o', '2025-03-14 12:00', 200, 2, 30),
    ];
    const result = aggregateBetween(rows, granularity, '2025-03-14 10:00', '2025-03-14 12:10');
    expect(result.buckets).toEqual(buckets);
    expect(result.models).toEqual(['gpt-4o', 'gpt-4o-mini']);
    expect(result.quotaSeries).toEqual(quota);
    expect(result.callSeries).toEqual(calls);
    expect(result.totals).toEqual({ quota: 550, count: 10, tokens: 560 });
    expect(result.modelTotals).toEqual([
      { model: 'gpt-4o', quota: 500, count: 5, tokens: 60 },
      { model: 'gpt-4o-mini', quota: 50, count: 5, tokens: 500 },
    ]);
  });

  it('sums a week from Monday to Sunday', () => {
    const rows = [
      row('m', '2025-03-09 23:00', 1, 1),
      row('m', '2025-03-10 00:00', 2, 1),
      row('m', '2025-03-16 23:00', 4, 1),
      row('m', '2025-03-17 00:00', 8, 1),
    ];
    const result = aggregateBetween(rows, 'week', '2025-03-09 00:00', '2025-03-17 01:00');
    expect(result.buckets).toEqual([at('2025-03-03 00:00'), at('2025-03-10 00:00'), at('2025-03-17 00:00')]);
    expect(result.quotaSeries.m).toEqual([1, 6, 8]);
  });

  it('orders models by quota, then calls, then name', () => {
    const rows = [
      row('b', '2025-03-14 10:00', 10, 1),
      row('a', '2025-03-14 10:00', 10, 1),
      row('c', '2025-03-14 10:00', 10, 3),
      row('d', '2025-03-14 10:00', 99, 1),
    ];
    const result = aggregateBetween(rows, 'hour', '2025-03-14 10:00', '2025-03-14 10:00');
    expect(result.models).toEqual(['d', 'c', 'a', 'b']);
  });

  it('keeps rows outside the filled span and skips the fill when it is too long', () => {
    const rows = [row('m', '2020-01-01 10:00', 5, 1), row('m', '2025-03-14 10:00', 7, 1)];
    const result = aggregateBetween(rows, 'hour', '2020-01-01 00:00', '2025-03-14 23:00');
    expect(result.buckets).toEqual([at('2020-01-01 10:00'), at('2025-03-14 10:00')]);
    expect(result.quotaSeries.m).toEqual([5, 7]);
  });
});

describe('averageRpm', () => {
  const start = 1_700_000_000;
  it.each([
    [60, { start, end: start + 3600 }, start + 3600, 1],
    // The range ends in the future: only the minutes that have passed count.
    [60, { start, end: start + 7200 }, start + 1800, 2],
    [10, { start, end: start + 600 }, start + 99_999, 1],
    [10, { start, end: start + 600 }, start, 0],
    [10, { start, end: start - 5 }, start + 100, 0],
  ])('%s calls over %o at %s → %s', (count, range, now, expected) => {
    expect(averageRpm(count, range, now)).toBe(expected);
  });
});
