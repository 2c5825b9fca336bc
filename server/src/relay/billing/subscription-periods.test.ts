import { describe, expect, it } from 'vitest';
import { periodEnd } from './subscription-periods.ts';

const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

describe('periodEnd', () => {
  const cases: [string, string, string, number, number, string | null][] = [
    ['one month', '2026-01-15T10:20:30Z', 'month', 1, 0, '2026-02-15T10:20:30Z'],
    ['month end clamps (non-leap)', '2026-01-31T00:00:00Z', 'month', 1, 0, '2026-02-28T00:00:00Z'],
    ['month end clamps (leap)', '2028-01-31T00:00:00Z', 'month', 1, 0, '2028-02-29T00:00:00Z'],
    ['31st to a 30-day month', '2026-03-31T12:00:00Z', 'month', 1, 0, '2026-04-30T12:00:00Z'],
    ['months across a year', '2026-11-30T00:00:00Z', 'month', 3, 0, '2027-02-28T00:00:00Z'],
    ['one year from 29 February', '2028-02-29T08:00:00Z', 'year', 1, 0, '2029-02-28T08:00:00Z'],
    ['days', '2026-01-01T00:00:00Z', 'day', 30, 0, '2026-01-31T00:00:00Z'],
    ['hours', '2026-01-01T23:00:00Z', 'hour', 2, 0, '2026-01-02T01:00:00Z'],
    ['custom seconds', '2026-01-01T00:00:00Z', 'custom', 0, 90, '2026-01-01T00:01:30Z'],
    ['custom without seconds', '2026-01-01T00:00:00Z', 'custom', 1, 0, null],
    ['zero months', '2026-01-01T00:00:00Z', 'month', 0, 0, null],
    ['fractional days', '2026-01-01T00:00:00Z', 'day', 1.5, 0, null],
    ['unknown unit', '2026-01-01T00:00:00Z', 'week', 1, 0, null],
  ];
  it.each(cases)('%s', (_name, start, unit, value, custom, expected) => {
    const end = periodEnd(at(start), { duration_unit: unit, duration_value: value, custom_seconds: custom });
    expect(end).toBe(expected === null ? null : at(expected));
  });
});
