import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultDashboardRange } from './dashboard-range.ts';

const format = 'YYYY-MM-DD HH:mm';

describe('defaultDashboardRange', () => {
  // 2025-03-14 is a Friday.
  it.each([
    ['hour', '2025-03-14 15:42', '2025-03-13 15:00', '2025-03-14 16:42'],
    ['day', '2025-03-14 15:42', '2025-03-08 00:00', '2025-03-14 16:42'],
    ['week', '2025-03-14 15:42', '2025-02-10 00:00', '2025-03-14 16:42'],
    ['week', '2025-03-10 00:10', '2025-02-10 00:00', '2025-03-10 01:10'],
    ['week', '2025-03-16 23:30', '2025-02-10 00:00', '2025-03-17 00:30'],
  ] as const)('by %s at %s: %s … %s', (granularity, now, start, end) => {
    const range = defaultDashboardRange(granularity, dayjs(now));
    expect(range.start.format(format)).toBe(start);
    expect(range.end.format(format)).toBe(end);
  });
});
