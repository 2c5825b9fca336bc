/**
 * Which day a check-in belongs to (docs/checkin.md "The day"): the calendar date in the server's time
 * zone, the `TZ` variable (server/src/config.ts `timeZone`) as new-api takes it from the process's local
 * time, else the zone the runtime itself runs in. A `TZ` the runtime does not know counts in UTC, as the
 * limits' calendar periods do (common/limit-periods.ts).
 */
import { isTimeZone } from '../../../../common/traffic-limits.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The IANA zone check-in days are counted in. */
export function checkinZone(configured: string): string {
  const zone = configured.trim();
  if (zone === '') return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return isTimeZone(zone) ? zone : 'UTC';
}

/** The date of instant `time` (ms) in `zone`, as YYYY-MM-DD. */
export function localDate(time: number, zone: string): string {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  let year = '';
  let month = '';
  let day = '';
  for (const part of formatter.formatToParts(time)) {
    if (part.type === 'year') year = part.value.padStart(4, '0');
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  return `${year}-${month}-${day}`;
}

const monthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** True for a month written YYYY-MM (01 to 12). */
export function isMonth(text: string): boolean {
  return monthPattern.test(text);
}

/** The first and last day of `month` (YYYY-MM) as YYYY-MM-DD, to compare stored dates with. */
export function monthRange(month: string): { first: string; last: string } {
  return { first: `${month}-01`, last: `${month}-31` };
}
