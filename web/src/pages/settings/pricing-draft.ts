/**
 * The row dialog of the pricing editor: a row as the dialog edits it (mode, input style, prices) and back
 * (docs/reference/console-states.md "Pricing editor mode").
 */
import type { OptionChange } from './option-values.ts';
import {
  buildPricingRows,
  type CellProblem,
  cellProblem,
  completionPriceFromRatio,
  completionRatioFromPrices,
  type PricingMode,
  type PricingRow,
  parseNumberMap,
  ratioFromTokenPrice,
  rowMode,
  rowsToOptionTexts,
  tokenPriceFromRatio,
} from './pricing-editor-rules.ts';
import { blankTier, exprOfTiered, type TieredState, tieredOfExpr } from './pricing-tiers/tier-rules.ts';

export type InputStyle = 'ratio' | 'token-price';

export interface PricingDraft {
  name: string;
  mode: PricingMode;
  inputStyle: InputStyle;
  price: string;
  ratio: string;
  completionRatio: string;
  /** Dollars per 1M input tokens. */
  tokenPrice: string;
  /** Dollars per 1M output tokens. */
  completionTokenPrice: string;
  /** The tier table (or read-only expression) of the tiered mode. */
  tiered: TieredState;
}

/** The option keys of tiered pricing (docs/reference/pricing-tiers.md). */
export const BILLING_MODE_KEY = 'billing_setting.billing_mode';
export const BILLING_EXPR_KEY = 'billing_setting.billing_expr';

const numberText = (value: number | null) => (value === null ? '' : String(value));
const parsed = (text: string) => (text.trim() === '' ? null : Number(text));

/** Derives the token prices from the ratios (used when switching from ratio to token price). */
export function withDerivedPrices(draft: PricingDraft): PricingDraft {
  const ratio = parsed(draft.ratio);
  if (ratio === null || !Number.isFinite(ratio))
    return { ...draft, tokenPrice: '', completionTokenPrice: '' };
  const tokenPrice = tokenPriceFromRatio(ratio);
  const completionRatio = parsed(draft.completionRatio);
  return {
    ...draft,
    tokenPrice: String(tokenPrice),
    completionTokenPrice:
      completionRatio === null || !Number.isFinite(completionRatio)
        ? ''
        : String(completionPriceFromRatio(completionRatio, tokenPrice)),
  };
}

export function draftFromRow(row: PricingRow): PricingDraft {
  return withDerivedPrices({
    name: row.name,
    mode: rowMode(row),
    inputStyle: 'ratio',
    price: row.price,
    ratio: row.ratio,
    completionRatio: row.completionRatio,
    tokenPrice: '',
    completionTokenPrice: '',
    tiered: row.tiered ?? { kind: 'table', tiers: [blankTier(0), blankTier(1)] },
  });
}

/** Every problem of the dialog's visible inputs, by input name. */
export function draftProblems(draft: PricingDraft): Partial<Record<keyof PricingDraft, CellProblem>> {
  const problems: Partial<Record<keyof PricingDraft, CellProblem>> = {};
  const check = (field: keyof PricingDraft, isPrice: boolean) => {
    const problem = cellProblem(String(draft[field]), isPrice);
    if (problem) problems[field] = problem;
  };
  if (draft.mode === 'tiered') return problems;
  if (draft.mode === 'per-request') check('price', true);
  else if (draft.inputStyle === 'ratio') {
    check('ratio', false);
    check('completionRatio', false);
  } else {
    check('tokenPrice', false);
    check('completionTokenPrice', false);
  }
  return problems;
}

/** The row a valid draft saves: per-request clears the ratios, per-token clears the price. */
export function rowFromDraft(draft: PricingDraft): PricingRow {
  const name = draft.name.trim();
  if (draft.mode === 'tiered')
    return {
      name,
      price: draft.price.trim(),
      ratio: draft.ratio.trim(),
      completionRatio: draft.completionRatio.trim(),
      tiered: draft.tiered,
    };
  if (draft.mode === 'per-request')
    return { name, price: draft.price.trim(), ratio: '', completionRatio: '' };
  if (draft.inputStyle === 'ratio')
    return { name, price: '', ratio: draft.ratio.trim(), completionRatio: draft.completionRatio.trim() };
  const tokenPrice = parsed(draft.tokenPrice);
  const completionTokenPrice = parsed(draft.completionTokenPrice);
  const ratio = tokenPrice === null ? null : ratioFromTokenPrice(tokenPrice);
  const completionRatio =
    tokenPrice === null || completionTokenPrice === null
      ? null
      : completionRatioFromPrices(completionTokenPrice, tokenPrice);
  return { name, price: '', ratio: numberText(ratio), completionRatio: numberText(completionRatio) };
}

function canonical(text: string | undefined): string {
  const map = parseNumberMap(text);
  return JSON.stringify(
    Object.fromEntries(Object.entries(map).sort(([left], [right]) => left.localeCompare(right))),
  );
}

/** The pricing options whose content the rows change (formatting differences are not changes). */
export function pricingChanges(
  rows: readonly PricingRow[],
  loaded: Readonly<Record<string, string>>,
): OptionChange[] {
  const texts = rowsToOptionTexts(rows);
  const changes: OptionChange[] = (Object.entries(texts) as Array<[keyof typeof texts, string]>)
    .filter(([key, text]) => canonical(text) !== canonical(loaded[key]))
    .map(([key, value]) => ({ key, value }));
  const billing = billingTexts(rows, loaded);
  // The expression first: a model switched to tiered_expr before its expression is stored would be unpriced.
  for (const key of [BILLING_EXPR_KEY, BILLING_MODE_KEY] as const)
    if (canonicalStrings(billing[key]) !== canonicalStrings(loaded[key]))
      changes.push({ key, value: billing[key] });
  return changes;
}

function parseStringMap(text: string | undefined): Record<string, string> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

function canonicalStrings(text: string | undefined): string {
  return JSON.stringify(
    Object.entries(parseStringMap(text)).sort(([left], [right]) => left.localeCompare(right)),
  );
}

/**
 * The billing mode and expression options of the rows: the loaded entries of models no longer tiered are
 * dropped, every tiered row writes `tiered_expr` and its expression; other models' entries stay as loaded.
 */
export function billingTexts(
  rows: readonly PricingRow[],
  loaded: Readonly<Record<string, string>>,
): Record<typeof BILLING_MODE_KEY | typeof BILLING_EXPR_KEY, string> {
  const modes = parseStringMap(loaded[BILLING_MODE_KEY]);
  const exprs = parseStringMap(loaded[BILLING_EXPR_KEY]);
  for (const [name, mode] of Object.entries(modes))
    if (mode === 'tiered_expr') {
      delete modes[name];
      delete exprs[name];
    }
  for (const row of rows)
    if (row.tiered) {
      modes[row.name] = 'tiered_expr';
      exprs[row.name] = exprOfTiered(row.tiered);
    }
  const sorted = (map: Record<string, string>) =>
    JSON.stringify(
      Object.fromEntries(Object.entries(map).sort(([left], [right]) => left.localeCompare(right))),
      null,
      2,
    );
  return { [BILLING_MODE_KEY]: sorted(modes), [BILLING_EXPR_KEY]: sorted(exprs) };
}

/** The editor rows of the loaded pricing options. */
export function rowsOfOptions(options: Readonly<Record<string, string>>): PricingRow[] {
  const modes = parseStringMap(options[BILLING_MODE_KEY]);
  const exprs = parseStringMap(options[BILLING_EXPR_KEY]);
  const tiered = Object.keys(modes).filter((name) => modes[name] === 'tiered_expr');
  const rows = buildPricingRows(
    parseNumberMap(options.ModelPrice),
    parseNumberMap(options.ModelRatio),
    parseNumberMap(options.CompletionRatio),
  );
  const byName = new Map(rows.map((row) => [row.name, row]));
  for (const name of tiered) {
    const row = byName.get(name) ?? { name, price: '', ratio: '', completionRatio: '' };
    byName.set(name, { ...row, tiered: tieredOfExpr(exprs[name] ?? '') });
  }
  return [...byName.values()].sort((left, right) => left.name.localeCompare(right.name));
}
