/**
 * The pricing math of the relay (docs/reference/billing.md, docs/reference/console-constants.md): which price applies to a model, which
 * group ratio applies to a user, and how many quota units a call costs. Pure functions over plain tables;
 * quota is always an integer, computed exactly (quota.ts, exact-decimal.ts).
 */

import {
  type CompiledExpr,
  compileExpr,
  ExprError,
  type PriceTier,
  selectTier,
} from '../../../../common/billing-expr.ts';
import { quotaToCurrency } from '../../../../common/quota-format.ts';
import {
  DEFAULT_CACHE_CREATION_RATIO,
  defaultCacheRatios,
  defaultCompletionRatios,
} from '../../options/default-ratios.ts';
import type { OptionStore } from '../../options/store.ts';
import {
  builtInAudioCompletionRatios,
  builtInAudioRatios,
  completionRatioFamilies,
} from './fallback-ratios.ts';
import { longestFamily, lookUp, lookUpDownTo, tableValue } from './model-lookup.ts';
import { toolPricesForModel } from './tool-prices.ts';

/** The pricing options, as the OptionStore holds them. */
export interface PricingTables {
  /** model → ratio; 1 = $2 per 1M prompt tokens. */
  modelRatio: Record<string, number>;
  /** model → completion-token price as a multiple of the prompt price. */
  completionRatio: Record<string, number>;
  /** model → cached-prompt-token price as a multiple of the prompt price. */
  cacheRatio: Record<string, number>;
  /** model → fixed USD price per call. */
  modelPrice: Record<string, number>;
  /** using group → ratio. */
  groupRatio: Record<string, number>;
  /** user group → using group → ratio that replaces GroupRatio; -1 or null means "none". */
  groupGroupRatio: Record<string, Record<string, number | null>>;
  /** Quota units per USD (500,000 by default). */
  quotaPerUnit: number;
  /** model → "ratio" | "tiered_expr" (billing_setting.billing_mode, docs/reference/pricing-tiers.md). */
  billingMode: Record<string, string>;
  /** model → billing expression (billing_setting.billing_expr). */
  billingExpr: Record<string, string>;
  /** "tool" or "tool:model-prefix*" → USD per 1,000 calls (tool_price_setting.prices). */
  toolPrices: Record<string, number>;
}

/** What pricingTablesFromOptions needs of the OptionStore. */
export type PricingOptionSource = Pick<OptionStore, 'getJson' | 'getNumber'>;

/** An unset table: one shared object, so that tables read twice from the same options are the same. */
const NO_ENTRIES: Readonly<Record<string, never>> = Object.freeze({});

/**
 * Reads the pricing options. The maps are the store's shared, frozen parses (cheap to call per request;
 * never mutate them). A missing or unparsable map reads as empty.
 */
export function pricingTablesFromOptions(options: PricingOptionSource): PricingTables {
  const map = <T>(key: string): Record<string, T> =>
    options.getJson<Record<string, T> | null>(key) ?? (NO_ENTRIES as Record<string, T>);
  return {
    modelRatio: map<number>('ModelRatio'),
    completionRatio: map<number>('CompletionRatio'),
    cacheRatio: map<number>('CacheRatio'),
    modelPrice: map<number>('ModelPrice'),
    groupRatio: map<number>('GroupRatio'),
    groupGroupRatio: map<Record<string, number | null>>('GroupGroupRatio'),
    quotaPerUnit: options.getNumber('QuotaPerUnit'),
    billingMode: map<string>('billing_setting.billing_mode'),
    billingExpr: map<string>('billing_setting.billing_expr'),
    toolPrices: map<number>('tool_price_setting.prices'),
  };
}

export interface PerCallPricing {
  kind: 'per_call';
  /** The table key that priced the model (the model itself or a prefix of it). */
  matchedModel: string;
  /** USD per call. */
  modelPrice: number;
  quotaPerUnit: number;
  /** The model's tool prices (./tool-prices.ts), when any tool has one. */
  tools?: ToolPricing;
}

/** USD per 1,000 calls of each tool kind for one model, and the quota units per USD they convert at. */
export interface ToolPricing {
  prices: Readonly<Record<string, number>>;
  quotaPerUnit: number;
}

/** A model priced by a billing expression (./billing-expr.ts): its tiers, picked by the prompt length. */
export interface TieredPricing {
  expr: CompiledExpr;
  quotaPerUnit: number;
}

export interface PerTokenPricing {
  kind: 'per_token';
  matchedModel: string;
  modelRatio: number;
  completionRatio: number;
  cacheRatio: number;
  cacheCreationRatio: number;
  /** Audio prompt tokens relative to the text prompt price. */
  audioRatio: number;
  /** Audio completion tokens relative to the text completion price. */
  audioCompletionRatio: number;
  /** Set for a model in billing mode tiered_expr: its tiers replace the ratios above (shown from tier 1). */
  tiered?: TieredPricing;
  /** The model's tool prices (./tool-prices.ts), when any tool has one. */
  tools?: ToolPricing;
}

export type ModelPricing = PerCallPricing | PerTokenPricing;

/**
 * The model ratio new-api applies to a model with no configured price when self-use mode is on or the
 * user set accept_unset_model_ratio_model ($75 per 1M prompt tokens: expensive on purpose).
 */
export const UNSET_MODEL_RATIO = 37.5;

const builtInCompletionRatios: Readonly<Record<string, number>> = defaultCompletionRatios();
const builtInCacheRatios: Readonly<Record<string, number>> = defaultCacheRatios();

/**
 * The completion ratio of `model`: the CompletionRatio option (admin-set) always wins over the built-in
 * table at the same name; names are tried exactly first, then by prefix (model-lookup.ts) but not below
 * `matchedModel` (the name that priced the model, when known); then the family rules; else 1.
 */
export function resolveCompletionRatio(
  model: string,
  tables: Pick<PricingTables, 'completionRatio'>,
  matchedModel = '',
): number {
  return (
    lookUpDownTo(model, matchedModel, tables.completionRatio, builtInCompletionRatios)?.value ??
    longestFamily(model, completionRatioFamilies) ??
    1
  );
}

/**
 * The cache ratio of `model`: the CacheRatio option, else the built-in table (by the same name rule as
 * the completion ratio), else 1: cached tokens cost the full prompt price.
 */
export function resolveCacheRatio(
  model: string,
  tables: Pick<PricingTables, 'cacheRatio'>,
  matchedModel = '',
): number {
  return lookUpDownTo(model, matchedModel, tables.cacheRatio, builtInCacheRatios)?.value ?? 1;
}

function perTokenPricing(model: string, matchedModel: string, modelRatio: number, tables: PricingTables) {
  return {
    kind: 'per_token',
    matchedModel,
    modelRatio,
    completionRatio: resolveCompletionRatio(model, tables, matchedModel),
    cacheRatio: resolveCacheRatio(model, tables, matchedModel),
    cacheCreationRatio: DEFAULT_CACHE_CREATION_RATIO,
    // Audio ratios belong to a model family (dated snapshots share them): looked up by any prefix.
    audioRatio: lookUp(model, builtInAudioRatios)?.value ?? 1,
    audioCompletionRatio: lookUp(model, builtInAudioCompletionRatios)?.value ?? 1,
  } satisfies PerTokenPricing;
}

/**
 * How `model` is priced, or null when neither ModelPrice nor ModelRatio knows it (the caller refuses
 * the call with "price not configured", or uses pricingForUnsetModel when that is allowed).
 *
 * Names are matched exactly first, then by the longest prefix ending before '-', ':' or '@'. At each
 * name a per-call price (ModelPrice, operator-set) wins over a token ratio (ModelRatio). The completion
 * and cache ratios are then looked up from the model's own name down to the name that matched (never a
 * shorter, different model's); the audio ratios by any prefix.
 */
export function resolveModelPricing(model: string, tables: PricingTables): ModelPricing | null {
  const pricing = resolveBasePricing(model, tables);
  if (!pricing) return null;
  const prices = toolPricesForModel(tables.toolPrices, model);
  if (Object.keys(prices).length > 0) pricing.tools = { prices, quotaPerUnit: tables.quotaPerUnit };
  return pricing;
}

/**
 * The tiers of `model` when its billing mode is tiered_expr (names matched exactly, as new-api does);
 * undefined when it has none; null when its stored expression is outside what Switchyard evaluates
 * (an adopted database): the model is then refused rather than priced by something else.
 */
function tieredPricing(model: string, tables: PricingTables): TieredPricing | null | undefined {
  if (tableValueOf(tables.billingMode, model) !== 'tiered_expr') return undefined;
  const source = tableValueOf(tables.billingExpr, model);
  if (typeof source !== 'string') return null;
  try {
    return { expr: compileExpr(source), quotaPerUnit: tables.quotaPerUnit };
  } catch (error) {
    if (error instanceof ExprError) return null;
    throw error;
  }
}

function tableValueOf<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** A tier's prompt price as a model ratio (1 = 1 quota unit per prompt token), for the ratio columns. */
function ratioOfPrice(usdPerMillion: number, quotaPerUnit: number): number {
  return (usdPerMillion * quotaPerUnit) / 1_000_000;
}

function resolveBasePricing(model: string, tables: PricingTables): ModelPricing | null {
  const tiered = tieredPricing(model, tables);
  if (tiered === null) return null;
  if (tiered) {
    const first = tiered.expr.tiers[0] as PriceTier;
    const pricing = perTokenPricing(
      model,
      model,
      ratioOfPrice(first.prices.p ?? 0, tables.quotaPerUnit),
      tables,
    );
    const prompt = first.prices.p ?? 0;
    return {
      ...pricing,
      completionRatio: prompt > 0 ? (first.prices.c ?? 0) / prompt : 0,
      cacheRatio: prompt > 0 ? (first.prices.cr ?? prompt) / prompt : 0,
      tiered,
    };
  }
  const match = lookUp(model, tables.modelPrice, tables.modelRatio);
  if (!match) return null;
  if (match.tableIndex === 0) {
    return {
      kind: 'per_call',
      matchedModel: match.name,
      modelPrice: match.value,
      quotaPerUnit: tables.quotaPerUnit,
    };
  }
  return perTokenPricing(model, match.name, match.value, tables);
}

/** Per-token pricing at UNSET_MODEL_RATIO, for a model without a price when unset models are accepted. */
export function pricingForUnsetModel(model: string, tables: PricingTables): PerTokenPricing {
  return perTokenPricing(model, model, UNSET_MODEL_RATIO, tables);
}

export interface GroupPricing {
  /** The ratio that multiplies the price. */
  groupRatio: number;
  /** GroupRatio[usingGroup], else 1: logged as group_ratio. */
  usingGroupRatio: number;
  /** GroupGroupRatio[userGroup][usingGroup] when it applied (logged as user_group_ratio), else null. */
  userGroupRatio: number | null;
}

/**
 * The group ratio of a call: GroupGroupRatio[userGroup][usingGroup] when set (-1, null or any other
 * negative or non-number value means "none"), else GroupRatio[usingGroup], else 1.
 */
export function resolveGroupPricing(
  userGroup: string,
  usingGroup: string,
  tables: Pick<PricingTables, 'groupRatio' | 'groupGroupRatio'>,
): GroupPricing {
  const usingGroupRatio = tableValue(tables.groupRatio, usingGroup) ?? 1;
  const byUserGroup = Object.hasOwn(tables.groupGroupRatio, userGroup)
    ? tables.groupGroupRatio[userGroup]
    : undefined;
  const userGroupRatio =
    byUserGroup !== null && typeof byUserGroup === 'object' ? tableValue(byUserGroup, usingGroup) : undefined;
  if (userGroupRatio !== undefined) return { groupRatio: userGroupRatio, usingGroupRatio, userGroupRatio };
  return { groupRatio: usingGroupRatio, usingGroupRatio, userGroupRatio: null };
}

export function resolveGroupRatio(
  userGroup: string,
  usingGroup: string,
  tables: Pick<PricingTables, 'groupRatio' | 'groupGroupRatio'>,
): number {
  return resolveGroupPricing(userGroup, usingGroup, tables).groupRatio;
}

/**
 * Token counts of one call, as OpenAI reports them: the detail counts are PART of the totals.
 * `cachedTokens` (prompt_tokens_details.cached_tokens), `cacheCreationTokens` and `audioPromptTokens`
 * (prompt_tokens_details.audio_tokens) are included in `promptTokens`; `audioCompletionTokens`
 * (completion_tokens_details.audio_tokens, and likewise reasoning tokens) are included in
 * `completionTokens`. Converters of other formats must add them in (Claude's input_tokens excludes
 * cache_read_input_tokens and cache_creation_input_tokens: promptTokens = the sum of the three).
 */
export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  cachedTokens?: number;
  cacheCreationTokens?: number;
  audioPromptTokens?: number;
  audioCompletionTokens?: number;
  /**
   * Tool calls the upstream ran, by kind (./tool-prices.ts TOOL_KINDS): Claude's
   * server_tool_use.web_search_requests, Responses' web_search_call items… Absent when none.
   */
  toolCalls?: Readonly<Record<string, number>>;
}

/** A usage split into disjoint parts, each a non-negative integer. */
export interface UsageParts {
  textPromptTokens: number;
  cachedTokens: number;
  cacheCreationTokens: number;
  audioPromptTokens: number;
  textCompletionTokens: number;
  audioCompletionTokens: number;
}

/** A token count as a non-negative integer: fractions are dropped, negative or non-finite counts are 0. */
export function tokenCount(value: number | undefined): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/**
 * Splits a usage into its disjoint parts. When the details add up to more than the total (an upstream
 * that reported its total without them), the text part is 0 and every detail is still billed as reported.
 */
export function splitUsage(usage: TokenUsage): UsageParts {
  const cachedTokens = tokenCount(usage.cachedTokens);
  const cacheCreationTokens = tokenCount(usage.cacheCreationTokens);
  const audioPromptTokens = tokenCount(usage.audioPromptTokens);
  const audioCompletionTokens = tokenCount(usage.audioCompletionTokens);
  return {
    textPromptTokens: Math.max(
      0,
      tokenCount(usage.promptTokens) - cachedTokens - cacheCreationTokens - audioPromptTokens,
    ),
    cachedTokens,
    cacheCreationTokens,
    audioPromptTokens,
    textCompletionTokens: Math.max(0, tokenCount(usage.completionTokens) - audioCompletionTokens),
    audioCompletionTokens,
  };
}

/** Quota units in USD (0 when quotaPerUnit is not positive). */
export function quotaToUsd(quota: number, quotaPerUnit: number): number {
  return quotaToCurrency(quota, quotaPerUnit);
}

/** The expression tier a usage is priced by: chosen by its whole prompt (len), cached and audio parts included. */
export function tierOfUsage(tiered: TieredPricing, parts: UsageParts): PriceTier {
  const len =
    parts.textPromptTokens + parts.cachedTokens + parts.cacheCreationTokens + parts.audioPromptTokens;
  return selectTier(tiered.expr, len);
}
