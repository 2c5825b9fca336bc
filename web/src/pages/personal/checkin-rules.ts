/**
 * Pure pieces of the check-in card (./CheckinCard.tsx, docs/checkin.md): the month shown, the grid of its
 * days (weeks starting on Monday) and the rewards by day.
 */
import type { CheckinRecord } from '../../../../common/api/checkin.ts';

/** One cell of the month grid: a day of the month, or (day null) the padding before day 1 and after the last. */
export type CheckinCell = { key: string; day: number; date: string } | { key: string; day: null; date: null };

const pad = (value: number) => String(value).padStart(2, '0');

/** The month (YYYY-MM) of a local date, e.g. the browser's today. */
export function monthOf(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}`;
}

/** The month `offset` months from `month` (YYYY-MM). */
export function shiftMonth(month: string, offset: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const shifted = new Date(Date.UTC(year, monthNumber - 1 + offset, 1));
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}`;
}

/** The weeks of `month` (YYYY-MM), Monday first, each of 7 cells. */
export function monthGrid(month: string): CheckinCell[][] {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, monthNumber - 1, 1));
  const days = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  const leading = (first.getUTCDay() + 6) % 7; // Monday = 0
  const blank = (position: number): CheckinCell => ({ key: `blank-${position}`, day: null, date: null });
  const cells: CheckinCell[] = Array.from({ length: leading }, (_, position) => blank(position));
  for (let day = 1; day <= days; day += 1) {
    const date = `${month}-${pad(day)}`;
    cells.push({ key: date, day, date });
  }
  while (cells.length % 7 !== 0) cells.push(blank(cells.length));
  const weeks: CheckinCell[][] = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return weeks;
}

/** The reward of each checked-in day of the records. */
export function rewardsByDate(records: readonly CheckinRecord[]): Map<string, number> {
  return new Map(records.map((record) => [record.checkin_date, record.quota_awarded]));
}

/** Weekday names' translation keys, Monday first. */
export const WEEKDAY_KEYS = [
  'checkin.weekday.mon',
  'checkin.weekday.tue',
  'checkin.weekday.wed',
  'checkin.weekday.thu',
  'checkin.weekday.fri',
  'checkin.weekday.sat',
  'checkin.weekday.sun',
] as const;
