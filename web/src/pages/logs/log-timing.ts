/**
 * Colours of the timing tags in the log table (docs/reference/console-constants.md "Log timing colours"): the whole request time
 * (use_time, seconds) and the time to the first token (frt, milliseconds in `other`).
 */
export type TimingColor = 'green' | 'orange' | 'red';

/** Use time (the whole request): under 101 s green, under 300 s orange, else red. */
export function requestTimeColor(seconds: number): TimingColor {
  if (seconds < 101) return 'green';
  if (seconds < 300) return 'orange';
  return 'red';
}

/** First-token time: under 3 s green, under 10 s orange, else red. */
export function firstTokenColor(milliseconds: number): TimingColor {
  const seconds = milliseconds / 1000;
  if (seconds < 3) return 'green';
  if (seconds < 10) return 'orange';
  return 'red';
}

/** A millisecond duration as seconds: one decimal (1530 → '1.5'), two below one second (13 → '0.01'). */
export function millisecondsAsSeconds(milliseconds: number): string {
  const seconds = milliseconds / 1000;
  return seconds.toFixed(seconds < 1 ? 2 : 1);
}
