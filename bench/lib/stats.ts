/** Small statistics helpers for latency samples (milliseconds). */

export interface Percentiles {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  mean: number;
}

/** Nearest-rank percentile of ascending-sorted values. */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) throw new Error('no samples');
  const rank = Math.ceil(fraction * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarize(samples: readonly number[]): Percentiles {
  const sorted = [...samples].sort((left, right) => left - right);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    count: sorted.length,
    p50: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    p99: percentile(sorted, 0.99),
    mean: total / sorted.length,
  };
}
