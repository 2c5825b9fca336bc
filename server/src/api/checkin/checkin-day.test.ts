import { describe, expect, it } from 'vitest';
import { checkinZone, isMonth, localDate, monthRange } from './checkin-day.ts';

describe('localDate', () => {
  it.each([
    [Date.UTC(2026, 0, 1, 12), 'UTC', '2026-01-01'],
    [Date.UTC(2026, 0, 1, 15, 59), 'Asia/Shanghai', '2026-01-01'],
    [Date.UTC(2026, 0, 1, 16, 0), 'Asia/Shanghai', '2026-01-02'],
    [Date.UTC(2026, 0, 1, 4, 59), 'America/New_York', '2025-12-31'],
    [Date.UTC(2026, 0, 1, 5, 0), 'America/New_York', '2026-01-01'],
    [Date.UTC(2026, 1, 28, 23, 0), 'Pacific/Kiritimati', '2026-03-01'],
    [Date.UTC(2024, 1, 29, 0, 0), 'UTC', '2024-02-29'],
  ])('%s in %s is %s', (time, zone, expected) => {
    expect(localDate(time, zone)).toBe(expected);
  });
});

describe('checkinZone', () => {
  it.each([
    ['Asia/Shanghai', 'Asia/Shanghai'],
    ['  Europe/Berlin ', 'Europe/Berlin'],
    ['Not/AZone', 'UTC'],
  ])('TZ %j counts in %s', (configured, expected) => {
    expect(checkinZone(configured)).toBe(expected);
  });

  it("counts in the runtime's own zone when TZ is empty", () => {
    expect(checkinZone('')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});

describe('isMonth and monthRange', () => {
  it.each([
    ['2026-01', true],
    ['2026-12', true],
    ['2026-00', false],
    ['2026-13', false],
    ['2026-1', false],
    ['26-01', false],
    ['2026-01-01', false],
    ['', false],
  ])('%j is a month: %s', (text, expected) => {
    expect(isMonth(text)).toBe(expected);
  });

  it('covers every day of the month as text', () => {
    expect(monthRange('2026-02')).toEqual({ first: '2026-02-01', last: '2026-02-31' });
  });
});
