import { describe, expect, it } from 'vitest';
import { monthGrid, monthOf, rewardsByDate, shiftMonth } from './checkin-rules.ts';

describe('monthOf and shiftMonth', () => {
  it('reads the local month of a date', () => {
    expect(monthOf(new Date(2026, 0, 31, 23, 59))).toBe('2026-01');
  });

  it.each([
    ['2026-01', -1, '2025-12'],
    ['2026-12', 1, '2027-01'],
    ['2026-05', 0, '2026-05'],
    ['2026-03', -14, '2025-01'],
  ])('%s shifted by %i is %s', (month, offset, expected) => {
    expect(shiftMonth(month, offset)).toBe(expected);
  });
});

describe('monthGrid', () => {
  it.each([
    // 2026-02-01 is a Sunday: six empty cells, 28 days, one empty cell → 5 weeks.
    ['2026-02', 6, 28, 5],
    // 2026-06-01 is a Monday.
    ['2026-06', 0, 30, 5],
    // 2024-02 has 29 days and starts on a Thursday.
    ['2024-02', 3, 29, 5],
    // 2026-03-01 is a Sunday with 31 days: 6 weeks.
    ['2026-03', 6, 31, 6],
  ])('%s starts after %i empty cells, has %i days in %i weeks', (month, leading, days, weeks) => {
    const grid = monthGrid(month);
    expect(grid).toHaveLength(weeks);
    for (const week of grid) expect(week).toHaveLength(7);
    const cells = grid.flat();
    expect(cells.findIndex((cell) => cell.day !== null)).toBe(leading);
    const filled = cells.filter((cell) => cell.day !== null);
    expect(filled).toHaveLength(days);
    expect(filled[0]).toEqual({ key: `${month}-01`, day: 1, date: `${month}-01` });
    expect(new Set(cells.map((cell) => cell.key)).size).toBe(cells.length);
    expect(filled.at(-1)!.date).toBe(`${month}-${days}`);
  });
});

describe('rewardsByDate', () => {
  it('maps each day to its reward', () => {
    const map = rewardsByDate([
      { checkin_date: '2026-01-02', quota_awarded: 5 },
      { checkin_date: '2026-01-01', quota_awarded: 7 },
    ]);
    expect(map.get('2026-01-01')).toBe(7);
    expect(map.get('2026-01-02')).toBe(5);
    expect(map.has('2026-01-03')).toBe(false);
  });
});
