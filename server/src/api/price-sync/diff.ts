/**
 * What the price sync shows before anything changes: per model and field, the current value and each
 * source's proposal, in new-api's reply shape (controller/ratio_sync.go "differences"). A source's value
 * equal to the current one reads "same", a source without the model reads null.
 *
 * Only a model's effective prices are compared: a per-call price (model_price) wins over token ratios
 * (as in relay/billing/pricing.ts), so a model with a price is compared by its price alone, and ratios
 * without a model_ratio are no price at all.
 */
import { emptySyncData, SYNC_FIELDS, type SyncData, type SyncField } from './sources.ts';

export interface DifferenceItem {
  current: number | null;
  upstreams: Record<string, number | 'same' | null>;
  /** false where a source lists the model at 37.5 × 1, the "price not set" marker of new-api's price list. */
  confidence: Record<string, boolean>;
}

export type Differences = Record<string, Partial<Record<SyncField, DifferenceItem>>>;

export interface SourceData {
  name: string;
  data: SyncData;
}

const UNSET_RATIO = 37.5;

/** The prices in effect per model (see the module comment). */
export function effectiveSyncData(data: SyncData): SyncData {
  const result = emptySyncData();
  const models = new Set([...Object.keys(data.model_price), ...Object.keys(data.model_ratio)]);
  for (const model of models) {
    if (model in data.model_price) {
      result.model_price[model] = data.model_price[model] as number;
      continue;
    }
    result.model_ratio[model] = data.model_ratio[model] as number;
    for (const field of ['completion_ratio', 'cache_ratio'] as const)
      if (model in data[field]) result[field][model] = data[field][model] as number;
  }
  return result;
}

function unset(source: SyncData, model: string): boolean {
  return source.model_ratio[model] === UNSET_RATIO && source.completion_ratio[model] === 1;
}

/** Differences between `local` and the sources, both taken as their effective prices. */
export function buildDifferences(localData: SyncData, sourceList: readonly SourceData[]): Differences {
  const local = effectiveSyncData(localData);
  const sources = sourceList.map((source) => ({ name: source.name, data: effectiveSyncData(source.data) }));
  const models = new Set<string>();
  for (const data of [local, ...sources.map((source) => source.data)])
    for (const field of SYNC_FIELDS) for (const model of Object.keys(data[field])) models.add(model);

  const differences: Differences = {};
  for (const model of [...models].sort()) {
    for (const field of SYNC_FIELDS) {
      const current = local[field][model] ?? null;
      const upstreams: DifferenceItem['upstreams'] = {};
      const confidence: DifferenceItem['confidence'] = {};
      let differs = false;
      for (const source of sources) {
        const value = source.data[field][model];
        if (value === undefined) upstreams[source.name] = null;
        else if (value === current) upstreams[source.name] = 'same';
        else {
          upstreams[source.name] = value;
          differs = true;
        }
        confidence[source.name] = !unset(source.data, model);
      }
      if (!differs) continue;
      const fields = differences[model] ?? {};
      fields[field] = { current, upstreams, confidence };
      differences[model] = fields;
    }
  }
  return differences;
}
