import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { LimitUsage } from '../../../common/traffic-limits.ts';
import {
  cellRows,
  isExhausted,
  limitAmount,
  limitRows,
  periodEnd,
  resetText,
  rowResetAt,
} from './limit-usage-display.ts';

const usage = (kind: LimitUsage['kind'], limit: number, used: number, resetAt = 0): LimitUsage => ({
  kind,
  limit,
  used,
  remaining: Math.max(0, limit - used),
  reset_at: resetAt,
});

describe('limitRows', () => {
  it('lists the set limits, budget first, with their usage', () => {
    const rows = limitRows({ rpm: 60, concurrency: 5, budget: 1000, budget_period: 'week' }, [
      usage('rpm', 60, 58),
      usage('budget', 1000, 250, 1_800_000_000),
    ]);
    expect(rows).toEqual([
      { kind: 'budget', limit: 1000, usage: usage('budget', 1000, 250, 1_800_000_000) },
      { kind: 'rpm', limit: 60, usage: usage('rpm', 60, 58) },
      { kind: 'concurrency', limit: 5 },
    ]);
  });

  it('is empty without limits, and takes a limit the usage names', () => {
    expect(limitRows(undefined, undefined)).toEqual([]);
    expect(limitRows({}, [])).toEqual([]);
    expect(limitRows(undefined, [usage('tpm', 100, 1)])).toEqual([
      { kind: 'tpm', limit: 100, usage: usage('tpm', 100, 1) },
    ]);
  });
});

describe('cellRows', () => {
  it('shows the budget and per-minute limits, else the first two others', () => {
    const all = limitRows({ rpm: 1, rpd: 2, tpd: 3, concurrency: 4, budget: 5 }, []);
    expect(cellRows(all).map((row) => row.kind)).toEqual(['budget', 'rpm']);
    const daily = limitRows({ rpd: 2, tpd: 3, concurrency: 4 }, []);
    expect(cellRows(daily).map((row) => row.kind)).toEqual(['rpd', 'tpd']);
    expect(cellRows([])).toEqual([]);
  });
});

describe('limitAmount', () => {
  const renderQuota = (quota: number) => `$${(quota / 500_000).toFixed(2)}`;
  it.each([
    ['budget', 2_500_000, '$5.00'],
    ['tpm', 25_000, '25k'],
    ['tpd', 1_500_000, '1.5M'],
    ['rpm', 25_000, '25000'],
    ['concurrency', 3, '3'],
  ] as const)('%s %d → %s', (kind, amount, text) => {
    expect(limitAmount(kind, amount, renderQuota)).toBe(text);
  });
});

describe('isExhausted', () => {
  it('is true only when the server says nothing is left', () => {
    expect(isExhausted({ kind: 'rpm', limit: 2, usage: usage('rpm', 2, 2) })).toBe(true);
    expect(isExhausted({ kind: 'rpm', limit: 2, usage: usage('rpm', 2, 1) })).toBe(false);
    expect(isExhausted({ kind: 'rpm', limit: 2 })).toBe(false);
  });
});

describe('resetText', () => {
  const now = dayjs('2026-11-27T10:00:00').valueOf();
  it.each([
    [0, null],
    [dayjs('2026-11-27T23:30:00').unix(), '23:30'],
    [dayjs('2026-11-28T00:00:00').unix(), '11-28 00:00'],
    [dayjs('2027-01-01T00:00:00').unix(), '2027-01-01 00:00'],
  ])('%d → %s', (resetAt, text) => {
    expect(resetText(resetAt, now)).toBe(text);
  });
});

describe('periodEnd', () => {
  const at = (iso: string) => Date.parse(iso);
  const seconds = (iso: string) => Date.parse(iso) / 1000;
  it.each([
    // Thursday 2026-11-26 20:00 UTC is Friday 04:00 in Shanghai (UTC+8).
    ['day', 'UTC', '2026-11-26T20:00:00Z', '2026-11-27T00:00:00Z'],
    ['day', 'Asia/Shanghai', '2026-11-26T20:00:00Z', '2026-11-27T16:00:00Z'],
    ['week', 'UTC', '2026-11-26T20:00:00Z', '2026-11-30T00:00:00Z'],
    ['week', 'UTC', '2026-11-30T00:00:00Z', '2026-12-07T00:00:00Z'],
    ['week', 'Asia/Shanghai', '2026-11-29T17:00:00Z', '2026-12-06T16:00:00Z'],
    ['month', 'UTC', '2026-12-31T23:59:59Z', '2027-01-01T00:00:00Z'],
    ['month', 'America/New_York', '2026-11-15T12:00:00Z', '2026-12-01T05:00:00Z'],
    // New York leaves summer time on 2026-11-01: that midnight is still UTC-4.
    ['day', 'America/New_York', '2026-10-31T12:00:00Z', '2026-11-01T04:00:00Z'],
    ['day', 'Not/AZone', '2026-11-26T20:00:00Z', '2026-11-27T00:00:00Z'],
  ] as const)('%s in %s from %s ends at %s', (period, zone, now, end) => {
    expect(periodEnd(period, zone, at(now))).toBe(seconds(end));
  });
});

describe('rowResetAt', () => {
  const now = Date.parse('2026-11-26T20:00:00Z');
  it('takes the server time, else the period end for the budget and per-day counts', () => {
    expect(rowResetAt({ kind: 'rpm', limit: 5, usage: usage('rpm', 5, 1, 1_900_000_000) }, {}, now)).toBe(
      1_900_000_000,
    );
    expect(rowResetAt({ kind: 'rpm', limit: 5 }, {}, now)).toBe(0);
    expect(rowResetAt({ kind: 'concurrency', limit: 5, usage: usage('concurrency', 5, 0) }, {}, now)).toBe(0);
    expect(
      rowResetAt({ kind: 'budget', limit: 5, usage: usage('budget', 5, 0) }, { budget_period: 'week' }, now),
    ).toBe(Date.parse('2026-11-30T00:00:00Z') / 1000);
    expect(
      rowResetAt({ kind: 'tpd', limit: 5 }, { timezone: 'Asia/Shanghai', budget_period: 'month' }, now),
    ).toBe(Date.parse('2026-11-27T16:00:00Z') / 1000);
  });
});
