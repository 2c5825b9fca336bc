/**
 * Pure rules of the pricing editor's tier table and tool prices (docs/reference/pricing-tiers.md "Console"):
 * a tier table ↔ a billing expression in the subset common/api/pricing.ts evaluates, and the tool price
 * table ↔ tool_price_setting.prices. Cells are kept as typed text; prices are USD (per 1M tokens for tiers,
 * per 1,000 calls for tools) written as exact decimals.
 */
import {
  compileExpr,
  ExprError,
  exprFromTiers,
  type PriceVariable,
} from '../../../../../common/api/pricing.ts';

/** One row of the tier table: prompts up to `upTo` tokens (empty on the last, open-ended row). */
export interface TierLine {
  name: string;
  upTo: string;
  input: string;
  output: string;
  cacheRead: string;
  cacheWrite: string;
}

/** A tiered model as the editor holds it: a table, or an expression no table can show (kept as text). */
export type TieredState = { kind: 'table'; tiers: TierLine[] } | { kind: 'text'; expr: string };

export type TierProblem =
  | 'settings.tiers.needTier'
  | 'settings.tiers.boundRequired'
  | 'settings.tiers.boundNotWhole'
  | 'settings.tiers.boundsAscending'
  | 'settings.tiers.priceRequired'
  | 'settings.tiers.priceInvalid'
  | 'settings.tiers.nameInvalid';

const PRICE_COLUMNS = [
  ['input', 'p'],
  ['output', 'c'],
  ['cacheRead', 'cr'],
  ['cacheWrite', 'cc'],
] as const satisfies readonly (readonly [keyof TierLine, PriceVariable])[];

/** A non-negative decimal written plainly (no sign, exponent or more than 12 decimals), so it saves exactly. */
const EXACT_DECIMAL = /^\d{1,12}(\.\d{1,12})?$/;
const WHOLE = /^\d{1,15}$/;

export function blankTier(index: number): TierLine {
  return { name: `tier${index + 1}`, upTo: '', input: '', output: '', cacheRead: '', cacheWrite: '' };
}

/** The first problem of a tier table, with the row it is on (null when the table can be saved). */
export function tierProblem(
  tiers: readonly TierLine[],
): { index: number; field: keyof TierLine; problem: TierProblem } | null {
  if (tiers.length === 0) return { index: 0, field: 'upTo', problem: 'settings.tiers.needTier' };
  let previous = -1;
  for (const [index, tier] of tiers.entries()) {
    const last = index === tiers.length - 1;
    const name = tier.name.trim();
    if (name === '' || name.includes('"') || name.includes('\\'))
      return { index, field: 'name', problem: 'settings.tiers.nameInvalid' };
    if (!last) {
      const bound = tier.upTo.trim();
      if (bound === '') return { index, field: 'upTo', problem: 'settings.tiers.boundRequired' };
      if (!WHOLE.test(bound)) return { index, field: 'upTo', problem: 'settings.tiers.boundNotWhole' };
      if (Number(bound) <= previous)
        return { index, field: 'upTo', problem: 'settings.tiers.boundsAscending' };
      previous = Number(bound);
    }
    for (const [field] of PRICE_COLUMNS) {
      const text = tier[field].trim();
      if (text === '') {
        if (field === 'input' || field === 'output')
          return { index, field, problem: 'settings.tiers.priceRequired' };
        continue;
      }
      if (!EXACT_DECIMAL.test(text)) return { index, field, problem: 'settings.tiers.priceInvalid' };
    }
  }
  return null;
}

/** Plain decimal text of a price read from an expression (no exponent), '' when not priced. */
function decimalText(value: number | undefined): string {
  if (value === undefined) return '';
  const text = String(value);
  return /e/i.test(text) ? value.toFixed(12).replace(/\.?0+$/, '') : text;
}

/**
 * The editor state of a stored expression: its tiers as a table when each tier covers one run of prompt
 * lengths, in order from 0 to open-ended, priced by p/c/cr/cc only; otherwise the text, shown read-only.
 */
export function tieredOfExpr(expr: string): TieredState {
  let compiled: ReturnType<typeof compileExpr>;
  try {
    compiled = compileExpr(expr);
  } catch (error) {
    if (error instanceof ExprError) return { kind: 'text', expr };
    throw error;
  }
  const tiers: TierLine[] = [];
  let next = 0;
  for (const [index, tier] of compiled.tiers.entries()) {
    const [range, ...more] = tier.ranges;
    if (!range || more.length > 0 || range.from !== next || tier.fixed !== null)
      return { kind: 'text', expr };
    const priced = Object.keys(tier.prices);
    if (priced.some((name) => !['p', 'c', 'cr', 'cc'].includes(name))) return { kind: 'text', expr };
    const last = index === compiled.tiers.length - 1;
    if (last !== (range.to === null)) return { kind: 'text', expr };
    if (tier.prices.p === undefined || tier.prices.c === undefined) return { kind: 'text', expr };
    tiers.push({
      name: tier.name,
      upTo: range.to === null ? '' : String(range.to),
      input: decimalText(tier.prices.p),
      output: decimalText(tier.prices.c),
      cacheRead: decimalText(tier.prices.cr),
      cacheWrite: decimalText(tier.prices.cc),
    });
    next = (range.to ?? 0) + 1;
  }
  return tiers.length > 0 ? { kind: 'table', tiers } : { kind: 'text', expr };
}

/** The expression a valid tier table saves (through exprFromTiers). */
export function exprOfTiers(tiers: readonly TierLine[]): string {
  return exprFromTiers(
    tiers.map((tier, index) => {
      const prices: Partial<Record<PriceVariable, number>> = {};
      for (const [field, variable] of PRICE_COLUMNS) {
        const text = tier[field].trim();
        if (text !== '') prices[variable] = Number(text);
      }
      return {
        name: tier.name.trim(),
        upTo: index === tiers.length - 1 ? null : Number(tier.upTo.trim()),
        prices,
      };
    }),
  );
}

/** The expression a tiered state saves. */
export function exprOfTiered(state: TieredState): string {
  return state.kind === 'text' ? state.expr : exprOfTiers(state.tiers);
}

// ---------------------------------------------------------------- tool prices

/** One row of the tool price table: "tool" or "tool:model-prefix*" → USD per 1,000 calls. */
export interface ToolLine {
  tool: string;
  price: string;
}

export type ToolProblem =
  | 'settings.tools.nameInvalid'
  | 'settings.tools.nameRepeated'
  | 'settings.tools.priceInvalid';

/** `web_search` or `web_search_preview:gpt-4o*` (the prefix ends in `*`, as new-api writes it). */
const TOOL_KEY = /^[A-Za-z0-9_.-]+(:[^\s*:]+\*)?$/;

export function toolLinesOfOption(text: string | undefined): ToolLine[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return [];
    return Object.entries(parsed)
      .filter(([, price]) => typeof price === 'number')
      .map(([tool, price]) => ({ tool, price: decimalText(price as number) }))
      .sort((left, right) => left.tool.localeCompare(right.tool));
  } catch {
    return [];
  }
}

export function toolProblem(lines: readonly ToolLine[]): { index: number; problem: ToolProblem } | null {
  const seen = new Set<string>();
  for (const [index, line] of lines.entries()) {
    const tool = line.tool.trim();
    if (!TOOL_KEY.test(tool)) return { index, problem: 'settings.tools.nameInvalid' };
    if (seen.has(tool)) return { index, problem: 'settings.tools.nameRepeated' };
    seen.add(tool);
    if (!EXACT_DECIMAL.test(line.price.trim())) return { index, problem: 'settings.tools.priceInvalid' };
  }
  return null;
}

/** tool_price_setting.prices of valid lines (sorted keys, two-space indent like the JSON tab). */
export function toolOptionText(lines: readonly ToolLine[]): string {
  const map: Record<string, number> = {};
  for (const line of [...lines].sort((left, right) => left.tool.trim().localeCompare(right.tool.trim())))
    map[line.tool.trim()] = Number(line.price.trim());
  return JSON.stringify(map, null, 2);
}
