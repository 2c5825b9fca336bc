/**
 * When a subscription bought now ends (docs/subscriptions.md "Periods"): a plan's period is a number of years,
 * months, days or hours, or a number of seconds (`custom`). Months and years keep the day of the month and
 * clamp it to the target month's last day (31 January + 1 month = 28 or 29 February), in UTC. Pure.
 */

export const DURATION_UNITS = ['year', 'month', 'day', 'hour', 'custom'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

export interface PlanPeriod {
  duration_unit: string;
  duration_value: number;
  custom_seconds: number;
}

/** The last day of a (year, zero-based month) in UTC. */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

function addMonths(startSeconds: number, months: number): number {
  const start = new Date(startSeconds * 1000);
  const target = start.getUTCMonth() + months;
  const year = start.getUTCFullYear() + Math.floor(target / 12);
  const month = ((target % 12) + 12) % 12;
  const day = Math.min(start.getUTCDate(), daysInMonth(year, month));
  const end = Date.UTC(year, month, day, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds());
  return Math.floor(end / 1000);
}

/** The end (Unix seconds) of a period starting at `startSeconds`, or null when the period is not valid. */
export function periodEnd(startSeconds: number, period: PlanPeriod): number | null {
  const value = Number(period.duration_value);
  const custom = Number(period.custom_seconds);
  switch (period.duration_unit) {
    case 'year':
      return Number.isSafeInteger(value) && value > 0 ? addMonths(startSeconds, value * 12) : null;
    case 'month':
      return Number.isSafeInteger(value) && value > 0 ? addMonths(startSeconds, value) : null;
    case 'day':
      return Number.isSafeInteger(value) && value > 0 ? startSeconds + value * 86_400 : null;
    case 'hour':
      return Number.isSafeInteger(value) && value > 0 ? startSeconds + value * 3_600 : null;
    case 'custom':
      return Number.isSafeInteger(custom) && custom > 0 ? startSeconds + custom : null;
    default:
      return null;
  }
}
