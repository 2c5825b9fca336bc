/**
 * The price sources the sync reads (docs/model-catalogue.md "Price sync"), recognised by the shape of
 * their reply as new-api's ratio sync reads them:
 *   - another new-api or Switchyard's /api/ratio_config: {success, data: {model_ratio: {…}, …}};
 *   - another gateway's /api/pricing: {success, data: [{model_name, quota_type, model_ratio, …}]};
 *   - OpenRouter's /api/v1/models: {data: [{id, pricing: {prompt, completion, input_cache_read}}]},
 *     USD per token → ratio = prompt × 500,000 (ratio 1 = $2 per 1M tokens);
 *   - models.dev's /api.json: {provider: {models: {id: {cost: {input, output, cache_read}}}}}, USD per
 *     1M tokens → ratio = input / 2; a model offered by several providers takes the cheapest non-zero.
 * Each becomes SyncData: field → model → value, for the fields this gateway prices with.
 */
import type { ExactDecimal } from '../../relay/billing/exact-decimal.ts';
import { exact, lessThan, product, quotient, readDecimal } from './sync-decimal.ts';

export const SYNC_FIELDS = ['model_ratio', 'completion_ratio', 'cache_ratio', 'model_price'] as const;
export type SyncField = (typeof SYNC_FIELDS)[number];
export type SyncData = Record<SyncField, Record<string, number>>;
export type SourceFormat = 'ratio_config' | 'pricing' | 'openrouter' | 'models.dev';

export function emptySyncData(): SyncData {
  return { model_ratio: {}, completion_ratio: {}, cache_ratio: {}, model_price: {} };
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A number stored as it came (JSON numbers are already their shortest decimal), if it is a valid price. */
function priceNumber(value: unknown): number | null {
  const decimal = readDecimal(value);
  return decimal === null ? null : Number(typeof value === 'string' ? Number(value) : value);
}

function fromRatioConfig(data: Json): SyncData {
  const result = emptySyncData();
  for (const field of SYNC_FIELDS) {
    const entries = data[field];
    if (!isObject(entries)) continue;
    for (const [model, value] of Object.entries(entries)) {
      const number = priceNumber(value);
      if (number !== null && model !== '') result[field][model] = number;
    }
  }
  return result;
}

function fromPricingList(items: unknown[]): SyncData {
  const result = emptySyncData();
  for (const item of items) {
    if (!isObject(item) || typeof item.model_name !== 'string' || item.model_name === '') continue;
    const model = item.model_name;
    const fields: SyncField[] =
      item.quota_type === 1
        ? ['model_price', 'cache_ratio']
        : ['model_ratio', 'completion_ratio', 'cache_ratio'];
    for (const field of fields) {
      const number = priceNumber(item[field]);
      if (number !== null) result[field][model] = number;
    }
  }
  return result;
}

/** USD per token × 1000 tokens × 500 (ratio 1 = $0.002 per 1K tokens). */
const OPENROUTER_RATIO_FACTOR = exact('500000');

function fromOpenRouter(items: unknown[]): SyncData {
  const result = emptySyncData();
  for (const item of items) {
    if (!isObject(item) || typeof item.id !== 'string' || !isObject(item.pricing)) continue;
    const prompt = readDecimal(item.pricing.prompt);
    const completion = readDecimal(item.pricing.completion);
    // A negative price (-1) marks variable pricing: readDecimal refuses it, the model is skipped.
    if (prompt === null || completion === null) continue;
    if (prompt.units === 0n) {
      if (completion.units === 0n) result.model_ratio[item.id] = 0;
      continue;
    }
    result.model_ratio[item.id] = product(prompt, OPENROUTER_RATIO_FACTOR);
    result.completion_ratio[item.id] = quotient(completion, prompt);
    const cacheRead = readDecimal(item.pricing.input_cache_read);
    if (cacheRead !== null) result.cache_ratio[item.id] = quotient(cacheRead, prompt);
  }
  return result;
}

const HALF = exact('0.5');

interface ModelsDevCandidate {
  provider: string;
  input: ExactDecimal;
  output: ExactDecimal | null;
  cacheRead: ExactDecimal | null;
}

function better(current: ModelsDevCandidate, next: ModelsDevCandidate): boolean {
  const currentPaid = current.input.units > 0n;
  const nextPaid = next.input.units > 0n;
  if (currentPaid !== nextPaid) return nextPaid;
  if (lessThan(next.input, current.input)) return true;
  if (lessThan(current.input, next.input)) return false;
  return next.provider < current.provider;
}

function fromModelsDev(providers: Json): SyncData {
  const chosen = new Map<string, ModelsDevCandidate>();
  for (const provider of Object.keys(providers).sort()) {
    const models = (providers[provider] as Json | undefined)?.models;
    if (!isObject(models)) continue;
    for (const model of Object.keys(models).sort()) {
      const cost = (models[model] as Json | undefined)?.cost;
      if (!isObject(cost)) continue;
      const input = readDecimal(cost.input);
      if (input === null) continue;
      const output = cost.output === undefined ? null : readDecimal(cost.output);
      if (cost.output !== undefined && output === null) continue;
      if (input.units === 0n && output !== null && output.units > 0n) continue;
      const candidate = { provider, input, output, cacheRead: readDecimal(cost.cache_read) };
      const current = chosen.get(model);
      if (!current || better(current, candidate)) chosen.set(model, candidate);
    }
  }
  const result = emptySyncData();
  for (const [model, candidate] of chosen) {
    result.model_ratio[model] = product(candidate.input, HALF);
    if (candidate.input.units === 0n) continue;
    if (candidate.output) result.completion_ratio[model] = quotient(candidate.output, candidate.input);
    if (candidate.cacheRead) result.cache_ratio[model] = quotient(candidate.cacheRead, candidate.input);
  }
  return result;
}

export class SourceFormatError extends Error {}

/** Reads a source's parsed reply; throws SourceFormatError when it is none of the known formats. */
export function parseSource(reply: unknown): { format: SourceFormat; data: SyncData } {
  if (!isObject(reply)) throw new SourceFormatError('the reply is not a JSON object');
  if (Array.isArray(reply.data) && reply.data.some((item) => isObject(item) && isObject(item.pricing)))
    return { format: 'openrouter', data: fromOpenRouter(reply.data) };
  if ('success' in reply) {
    if (reply.success !== true)
      throw new SourceFormatError(
        typeof reply.message === 'string' && reply.message ? reply.message : 'success is false',
      );
    if (Array.isArray(reply.data)) return { format: 'pricing', data: fromPricingList(reply.data) };
    if (isObject(reply.data) && SYNC_FIELDS.some((field) => field in (reply.data as Json)))
      return { format: 'ratio_config', data: fromRatioConfig(reply.data) };
    throw new SourceFormatError('data is neither a price list nor a ratio configuration');
  }
  const values = Object.values(reply);
  if (values.length > 0 && values.every((value) => isObject(value) && isObject(value.models)))
    return { format: 'models.dev', data: fromModelsDev(reply) };
  throw new SourceFormatError('unrecognised price source format');
}
