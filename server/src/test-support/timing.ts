/** Timing helpers for the tests that measure (the `*.timing.test.ts` files, which run alone). */

/** The fastest of three runs of `step`, in milliseconds. */
export function fastestOf(step: () => unknown): number {
  let fastest = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    step();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}
