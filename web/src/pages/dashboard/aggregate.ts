/**
 * Turns the quota_data rows (per model × hour, oldest first) into what the dashboard draws: per-model
 * series over time buckets, per-model totals for the pie, and the overall totals.
 */
import type { QuotaDataRow } from '../../api/dashboard.ts';
import { bucketStart, bucketsBetween, type Granularity } from './buckets.ts';

export interface ModelTotal {
  model: string;
  quota: number;
  count: number;
  tokens: number;
}

export interface Totals {
  quota: number;
  count: number;
  tokens: number;
}

export interface Aggregation {
  /** Bucket starts (unix seconds), ascending. */
  buckets: number[];
  /** Models by quota used, largest first (then by calls, then by name). */
  models: string[];
  /** Per model, one value per bucket. */
  quotaSeries: Record<string, number[]>;
  callSeries: Record<string, number[]>;
  /** Same order as `models`. */
  modelTotals: ModelTotal[];
  totals: Totals;
}

/** The span whose every bucket is drawn, even when it has no data (unix seconds). */
export interface FillSpan {
  from: number;
  to: number;
}

function byUsage(left: ModelTotal, right: ModelTotal): number {
  return right.quota - left.quota || right.count - left.count || left.model.localeCompare(right.model);
}

export function aggregateRows(
  rows: readonly QuotaDataRow[],
  granularity: Granularity,
  fill: FillSpan,
): Aggregation {
  const cells = new Map<string, Map<number, { quota: number; count: number }>>();
  const totalsByModel = new Map<string, ModelTotal>();
  const dataBuckets = new Set<number>();
  const totals: Totals = { quota: 0, count: 0, tokens: 0 };

  for (const row of rows) {
    const start = bucketStart(row.created_at, granularity);
    dataBuckets.add(start);
    let modelCells = cells.get(row.model_name);
    if (!modelCells) {
      modelCells = new Map();
      cells.set(row.model_name, modelCells);
    }
    const cell = modelCells.get(start) ?? { quota: 0, count: 0 };
    cell.quota += row.quota;
    cell.count += row.count;
    modelCells.set(start, cell);

    const modelTotal = totalsByModel.get(row.model_name) ?? {
      model: row.model_name,
      quota: 0,
      count: 0,
      tokens: 0,
    };
    modelTotal.quota += row.quota;
    modelTotal.count += row.count;
    modelTotal.tokens += row.token_used;
    totalsByModel.set(row.model_name, modelTotal);

    totals.quota += row.quota;
    totals.count += row.count;
    totals.tokens += row.token_used;
  }

  const filled = bucketsBetween(fill.from, fill.to, granularity) ?? [];
  const buckets = [...new Set([...filled, ...dataBuckets])].sort((left, right) => left - right);
  const modelTotals = [...totalsByModel.values()].sort(byUsage);
  const models = modelTotals.map((total) => total.model);
  const quotaSeries: Record<string, number[]> = {};
  const callSeries: Record<string, number[]> = {};
  for (const model of models) {
    const modelCells = cells.get(model);
    quotaSeries[model] = buckets.map((start) => modelCells?.get(start)?.quota ?? 0);
    callSeries[model] = buckets.map((start) => modelCells?.get(start)?.count ?? 0);
  }
  return { buckets, models, quotaSeries, callSeries, modelTotals, totals };
}

/**
 * Calls per minute over the chosen range, counting only the part that has already happened (the range
 * usually ends an hour in the future); 0 when no time has passed.
 */
export function averageRpm(count: number, range: { start: number; end: number }, now: number): number {
  const minutes = (Math.min(range.end, now) - range.start) / 60;
  return minutes > 0 ? count / minutes : 0;
}
