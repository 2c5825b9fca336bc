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
}

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
  });
}

/** Every problem of the dialog's visible inputs, by input name. */
export function draftProblems(draft: PricingDraft): Partial<Record<keyof PricingDraft, CellProblem>> {
  const problems: Partial<Record<keyof PricingDraft, CellProblem>> = {};
  const check = (field: keyof PricingDraft, isPrice: boolean) => {
    const problem = cellProblem(String(draft[field]), isPrice);
    if (problem) problems[field] = problem;
  };
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
  return (Object.entries(texts) as Array<[keyof typeof texts, string]>)
    .filter(([key, text]) => canonical(text) !== canonical(loaded[key]))
    .map(([key, value]) => ({ key, value }));
}

/** The editor rows of the loaded pricing options. */
export function rowsOfOptions(options: Readonly<Record<string, string>>): PricingRow[] {
  return buildPricingRows(
    parseNumberMap(options.ModelPrice),
    parseNumberMap(options.ModelRatio),
    parseNumberMap(options.CompletionRatio),
  );
}
