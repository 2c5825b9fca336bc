/**
 * The price sync (docs/model-catalogue.md "Price sync"): fetch the chosen sources, compare them with the
 * prices in effect (./diff.ts), and write only the rows the operator picks into the pricing options.
 * Source addresses obey the upstream address policy (lib/address-policy.ts) like channel addresses.
 */
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import './messages.ts';
import { RefusedAddressError } from '../../lib/http-client.ts';
import { validateOptionValue } from '../../options/validate.ts';
import { buildDifferences, type Differences, effectiveSyncData, type SourceData } from './diff.ts';
import { parseSource, type SourceFormat, SYNC_FIELDS, type SyncData, type SyncField } from './sources.ts';

/** new-api's presets (controller/ratio_sync.go), offered beside the channels and the saved sources. */
export const PRESET_SOURCES = [
  {
    id: -100,
    name: '官方倍率预设',
    base_url: 'https://basellm.github.io',
    endpoint: '/llm-metadata/api/newapi/ratio_config-v1-base.json',
  },
  { id: -101, name: 'models.dev 价格预设', base_url: 'https://models.dev', endpoint: '/api.json' },
] as const;

const DEFAULT_ENDPOINT = '/api/pricing';
const MAX_CONCURRENT_FETCHES = 8;

/** Option key of each synced field. */
export const OPTION_OF_FIELD: Record<SyncField, string> = {
  model_ratio: 'ModelRatio',
  completion_ratio: 'CompletionRatio',
  cache_ratio: 'CacheRatio',
  model_price: 'ModelPrice',
};

export interface Upstream {
  name: string;
  base_url: string;
  /** A path under base_url, a full URL, or "openrouter" (base_url + /v1/models); /api/pricing when empty. */
  endpoint?: string | undefined;
}

export interface TestResult {
  name: string;
  status: 'success' | 'error';
  format?: SourceFormat;
  error?: string;
}

/** The address a source is read from, as new-api builds it. */
export function sourceUrl(upstream: Upstream): string {
  const base = upstream.base_url.replace(/\/+$/, '');
  const endpoint = upstream.endpoint?.trim() ?? '';
  if (endpoint === 'openrouter') return `${base}/v1/models`;
  if (/^https?:\/\//i.test(endpoint)) return endpoint;
  if (endpoint === '') return `${base}${DEFAULT_ENDPOINT}`;
  return `${base}${endpoint.startsWith('/') ? '' : '/'}${endpoint}`;
}

/** Refuses (400) a source whose address is not http(s) or that the address policy refuses; nothing is fetched then. */
export function checkSources(context: AppContext, upstreams: readonly Upstream[]): string[] {
  return upstreams.map((upstream) => {
    const url = sourceUrl(upstream);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw badRequest('price_sync.source_not_url', { name: upstream.name });
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw badRequest('price_sync.source_not_http', { name: upstream.name });
    try {
      context.upstream.checkUrl(url);
    } catch (error) {
      if (error instanceof RefusedAddressError)
        throw badRequest('price_sync.source_refused', { name: upstream.name, reason: error.message });
      throw error;
    }
    return url;
  });
}

/** The pricing options as SyncData (the stored maps, not the built-in fallbacks). */
export function localSyncData(context: AppContext): SyncData {
  const map = (key: string) => ({ ...(context.options.getJson<Record<string, number> | null>(key) ?? {}) });
  return {
    model_ratio: map('ModelRatio'),
    completion_ratio: map('CompletionRatio'),
    cache_ratio: map('CacheRatio'),
    model_price: map('ModelPrice'),
  };
}

async function fetchOne(
  context: AppContext,
  name: string,
  url: string,
  timeoutMs: number,
): Promise<{ result: TestResult; source?: SourceData }> {
  try {
    const reply = await context.upstream.getJson(url, {}, timeoutMs);
    const { format, data } = parseSource(reply);
    return { result: { name, status: 'success', format }, source: { name, data } };
  } catch (error) {
    return {
      result: { name, status: 'error', error: error instanceof Error ? error.message : String(error) },
    };
  }
}

export interface SyncPreview {
  differences: Differences;
  /** Per model with a difference: its current effective prices and each source's. */
  prices: Record<
    string,
    { current: Partial<SyncData[SyncField]>; upstreams: Record<string, Partial<Record<SyncField, number>>> }
  >;
  test_results: TestResult[];
}

function pricesOf(data: SyncData, model: string): Partial<Record<SyncField, number>> {
  const values: Partial<Record<SyncField, number>> = {};
  for (const field of SYNC_FIELDS) if (model in data[field]) values[field] = data[field][model] as number;
  return values;
}

/** Fetches the sources (at most MAX_CONCURRENT_FETCHES at a time) and compares them with the local prices. */
export async function previewSync(
  context: AppContext,
  upstreams: readonly Upstream[],
  timeoutSeconds: number,
): Promise<SyncPreview> {
  const urls = checkSources(context, upstreams);
  const names = uniqueNames(upstreams);
  const outcomes: Awaited<ReturnType<typeof fetchOne>>[] = new Array(upstreams.length);
  let next = 0;
  const worker = async () => {
    while (next < upstreams.length) {
      const index = next++;
      outcomes[index] = await fetchOne(
        context,
        names[index] as string,
        urls[index] as string,
        timeoutSeconds * 1000,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(MAX_CONCURRENT_FETCHES, upstreams.length) }, worker));
  const sources = outcomes.flatMap((outcome) => (outcome.source ? [outcome.source] : []));
  const local = localSyncData(context);
  const differences = buildDifferences(local, sources);
  const effectiveLocal = effectiveSyncData(local);
  const effectiveSources = sources.map((source) => ({
    name: source.name,
    data: effectiveSyncData(source.data),
  }));
  const prices: SyncPreview['prices'] = {};
  for (const model of Object.keys(differences)) {
    const upstreamPrices: Record<string, Partial<Record<SyncField, number>>> = {};
    for (const source of effectiveSources) {
      const values = pricesOf(source.data, model);
      if (Object.keys(values).length > 0) upstreamPrices[source.name] = values;
    }
    prices[model] = { current: pricesOf(effectiveLocal, model), upstreams: upstreamPrices };
  }
  return { differences, prices, test_results: outcomes.map((outcome) => outcome.result) };
}

/** Source names as shown in the diff: duplicates get " (2)", " (3)" … so no source hides another. */
function uniqueNames(upstreams: readonly Upstream[]): string[] {
  const seen = new Map<string, number>();
  return upstreams.map((upstream) => {
    const base = upstream.name.trim() || sourceUrl(upstream);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

/** model → field → value the operator chose. */
export type SyncChanges = Record<string, Partial<Record<SyncField, number>>>;

/**
 * Writes the chosen values into ModelRatio, CompletionRatio, CacheRatio and ModelPrice. A model that
 * gets a model_ratio loses its ModelPrice (a per-call price would otherwise keep winning); one that gets
 * a model_price keeps its ratios (unused while the price is set). Every map is validated before any is
 * written. Answers how many values were written.
 */
export async function applySync(
  context: AppContext,
  changes: SyncChanges,
): Promise<{ applied: number; options: string[] }> {
  const next = localSyncData(context);
  const touched = new Set<SyncField>();
  let applied = 0;
  for (const [model, fields] of Object.entries(changes)) {
    for (const field of SYNC_FIELDS) {
      const value = fields[field];
      if (value === undefined) continue;
      next[field][model] = value;
      touched.add(field);
      applied += 1;
    }
    if (fields.model_ratio !== undefined && model in next.model_price) {
      delete next.model_price[model];
      touched.add('model_price');
    }
  }
  if (applied === 0) throw badRequest('price_sync.no_change');
  const fields = SYNC_FIELDS.filter((field) => touched.has(field));
  const lookup = (key: string) => context.options.get(key);
  for (const field of fields)
    validateOptionValue(OPTION_OF_FIELD[field], JSON.stringify(next[field]), lookup);
  for (const field of fields) await context.options.set(OPTION_OF_FIELD[field], JSON.stringify(next[field]));
  return { applied, options: fields.map((field) => OPTION_OF_FIELD[field]) };
}
