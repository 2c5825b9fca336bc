/**
 * The visual pricing editor's pure rules (docs/reference/console-entities.md "Pricing editor row", docs/reference/console-states.md "Pricing editor mode", docs/reference/console-validation.md
 * "Pricing cells", docs/reference/console-constants.md "Pricing"). Cell values are kept as the typed text; empty means unset.
 */

import type { TieredState } from './pricing-tiers/tier-rules.ts';

export interface PricingRow {
  name: string;
  /** Fixed price per request (ModelPrice). */
  price: string;
  /** ModelRatio. */
  ratio: string;
  /** CompletionRatio. */
  completionRatio: string;
  /** Set when the model is priced by tiers (billing_setting.billing_mode tiered_expr); it wins over the rest. */
  tiered?: TieredState;
}

export type PricingMode = 'per-token' | 'per-request' | 'tiered';
export type NumberMap = Record<string, number>;

/** Parses a JSON option holding a name → number map; anything else gives an empty map. */
export function parseNumberMap(text: string | undefined): NumberMap {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const map: NumberMap = {};
    for (const [name, value] of Object.entries(parsed)) if (typeof value === 'number') map[name] = value;
    return map;
  } catch {
    return {};
  }
}

/** One row per model named in any of the three maps, sorted by name. */
export function buildPricingRows(prices: NumberMap, ratios: NumberMap, completions: NumberMap): PricingRow[] {
  const names = new Set([...Object.keys(prices), ...Object.keys(ratios), ...Object.keys(completions)]);
  const text = (value: number | undefined) => (value === undefined ? '' : String(value));
  return [...names].sort().map((name) => ({
    name,
    price: text(prices[name]),
    ratio: text(ratios[name]),
    completionRatio: text(completions[name]),
  }));
}

export function rowMode(row: PricingRow): PricingMode {
  if (row.tiered) return 'tiered';
  return row.price !== '' ? 'per-request' : 'per-token';
}

/** Rounds away floating-point noise (0.1 * 3 → 0.3) without losing real precision. */
function tidy(value: number): number {
  return Number.parseFloat(value.toPrecision(12));
}

/** Dollars per 1M input tokens of a ratio (ratio × 2). */
export function tokenPriceFromRatio(ratio: number): number {
  return tidy(ratio * 2);
}

/** The ratio of a price per 1M input tokens (price ÷ 2). */
export function ratioFromTokenPrice(price: number): number {
  return tidy(price / 2);
}

/** Completion ratio = completion price ÷ input price (null when the input price is 0). */
export function completionRatioFromPrices(completionPrice: number, inputPrice: number): number | null {
  if (inputPrice === 0) return null;
  return tidy(completionPrice / inputPrice);
}

/** Completion price per 1M tokens = input price × completion ratio. */
export function completionPriceFromRatio(completionRatio: number, inputPrice: number): number {
  return tidy(completionRatio * inputPrice);
}

function numberIn(text: string): number | null {
  if (text.trim() === '') return null;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : null;
}

/** A row's input price per 1M tokens as the table shows it (`$2.5`), '' without a model ratio. */
export function inputPriceText(row: PricingRow): string {
  const ratio = numberIn(row.ratio);
  return ratio === null ? '' : `$${tokenPriceFromRatio(ratio)}`;
}

/**
 * A row's completion price per 1M tokens (model ratio × 2 × completion ratio), '' unless both ratios are
 * set: an unset completion ratio is resolved by the server's built-in rules, which the table does not guess.
 */
export function completionPriceText(row: PricingRow): string {
  const ratio = numberIn(row.ratio);
  const completionRatio = numberIn(row.completionRatio);
  if (ratio === null || completionRatio === null) return '';
  return `$${completionPriceFromRatio(completionRatio, tokenPriceFromRatio(ratio))}`;
}

export type CellProblem = 'settings.pricing.notNumber' | 'settings.pricing.priceZero';

/** A non-empty cell must be a number; a fixed price cannot be 0. */
export function cellProblem(value: string, isPrice: boolean): CellProblem | null {
  const text = value.trim();
  if (text === '') return null;
  const parsed = Number(text);
  if (!Number.isFinite(parsed)) return 'settings.pricing.notNumber';
  if (isPrice && parsed === 0) return 'settings.pricing.priceZero';
  return null;
}

/** Switching the mode clears what the other mode uses: per-token drops the price, per-request both ratios. */
export function withMode(row: PricingRow, mode: PricingMode, price = ''): PricingRow {
  if (mode === 'per-token') return { ...row, price: '' };
  return { ...row, price, ratio: '', completionRatio: '' };
}

export function nameProblem(
  name: string,
  rows: readonly PricingRow[],
): 'settings.pricing.nameRequired' | 'settings.pricing.nameExists' | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'settings.pricing.nameRequired';
  if (rows.some((row) => row.name === trimmed)) return 'settings.pricing.nameExists';
  return null;
}

/**
 * The first edited row with an invalid cell, for the save check. Rows unchanged since loading are not
 * judged: the built-in tables hold a few zero prices (free Midjourney actions) that must stay saveable.
 */
export function firstInvalidRow(
  rows: readonly PricingRow[],
  loaded: readonly PricingRow[] = [],
): { name: string; problem: CellProblem } | null {
  const loadedByName = new Map(loaded.map((row) => [row.name, row]));
  for (const row of rows) {
    const before = loadedByName.get(row.name);
    if (
      before &&
      before.price === row.price &&
      before.ratio === row.ratio &&
      before.completionRatio === row.completionRatio
    )
      continue;
    const problem =
      cellProblem(row.price, true) ??
      cellProblem(row.ratio, false) ??
      cellProblem(row.completionRatio, false);
    if (problem) return { name: row.name, problem };
  }
  return null;
}

/** The three JSON options written by the editor (sorted keys, two-space indent like the JSON tab). */
export function rowsToOptionTexts(rows: readonly PricingRow[]): {
  ModelPrice: string;
  ModelRatio: string;
  CompletionRatio: string;
} {
  const collect = (pick: (row: PricingRow) => string) => {
    const map: NumberMap = {};
    for (const row of [...rows].sort((left, right) => left.name.localeCompare(right.name))) {
      const text = pick(row).trim();
      if (text !== '') map[row.name] = Number(text);
    }
    return JSON.stringify(map, null, 2);
  };
  return {
    ModelPrice: collect((row) => row.price),
    ModelRatio: collect((row) => row.ratio),
    CompletionRatio: collect((row) => row.completionRatio),
  };
}

export type BatchMode = 'price' | 'ratio' | 'both-ratios';

export interface BatchValues {
  value: string;
  ratio: string;
  completionRatio: string;
}

export type BatchProblem =
  | 'settings.pricing.selectFirst'
  | 'settings.pricing.bothRatiosRequired'
  | 'settings.pricing.fillValueRequired'
  | 'settings.pricing.notNumber';

export function batchProblem(
  selected: readonly string[],
  mode: BatchMode,
  values: BatchValues,
): BatchProblem | null {
  if (selected.length === 0) return 'settings.pricing.selectFirst';
  const isNumber = (text: string) => Number.isFinite(Number(text.trim()));
  if (mode === 'both-ratios') {
    if (values.ratio.trim() === '' || values.completionRatio.trim() === '')
      return 'settings.pricing.bothRatiosRequired';
    return isNumber(values.ratio) && isNumber(values.completionRatio) ? null : 'settings.pricing.notNumber';
  }
  if (values.value.trim() === '') return 'settings.pricing.fillValueRequired';
  return isNumber(values.value) ? null : 'settings.pricing.notNumber';
}

/** Adds or fills the selected models: a fixed price, a model ratio, or model ratio and completion ratio. */
export function applyBatch(
  rows: readonly PricingRow[],
  selected: readonly string[],
  mode: BatchMode,
  values: BatchValues,
): PricingRow[] {
  const byName = new Map(rows.map((row) => [row.name, row]));
  for (const name of selected) {
    const row = byName.get(name) ?? { name, price: '', ratio: '', completionRatio: '' };
    if (mode === 'price') byName.set(name, withMode(row, 'per-request', values.value.trim()));
    else if (mode === 'ratio') byName.set(name, { ...row, price: '', ratio: values.value.trim() });
    else
      byName.set(name, {
        ...row,
        price: '',
        ratio: values.ratio.trim(),
        completionRatio: values.completionRatio.trim(),
      });
  }
  return [...byName.values()].sort((left, right) => left.name.localeCompare(right.name));
}

/** Enabled models that have neither a model ratio nor a fixed price. */
export function modelsWithoutPricing(
  enabled: readonly string[],
  ratios: NumberMap,
  prices: NumberMap,
): string[] {
  return [...new Set(enabled)].filter((name) => !(name in ratios) && !(name in prices)).sort();
}
