/**
 * How many quota units a call costs, exactly (docs/reference/billing.md): the quota formula over exact
 * decimals (exact-decimal.ts), in Numbers while they stay exact and with BigInt otherwise.
 */
import {
  add,
  type ExactDecimal,
  isPositive,
  multiply,
  roundToInteger,
  type SmallDecimal,
  smallAdd,
  smallMultiply,
  smallRoundToInteger,
  toExactDecimal,
  toSmallDecimal,
  ZERO,
} from './exact-decimal.ts';
import { type ModelPricing, splitUsage, type TokenUsage } from './pricing.ts';

/**
 * The exact decimals of the ratios and prices seen so far: a site has few distinct ones, and reading one
 * back from its text (a regular expression and a BigInt) would otherwise run several times per call.
 * The values are immutable, so sharing them is safe; the memo is emptied if it ever grows large.
 */
const exactMemo = new Map<number, { exact: ExactDecimal; small: SmallDecimal }>();
const EXACT_MEMO_LIMIT = 4096;
const SMALL_ZERO = toSmallDecimal(ZERO);

function decimalsOf(value: number): { exact: ExactDecimal; small: SmallDecimal } | null {
  if (!(value > 0)) return null;
  let decimals = exactMemo.get(value);
  if (decimals === undefined) {
    if (exactMemo.size >= EXACT_MEMO_LIMIT) exactMemo.clear();
    const decimal = toExactDecimal(value);
    decimals = { exact: decimal, small: toSmallDecimal(decimal) };
    exactMemo.set(value, decimals);
  }
  return decimals;
}

const MAX_QUOTA = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * The arithmetic the quota formula is written against: exact BigInt decimals, or Number decimals that are
 * exact while they stay in range (exact-decimal.ts SmallDecimal) and answer NaN otherwise.
 */
interface QuotaMath<T> {
  exact(value: number): T;
  whole(count: number): T;
  add(...terms: T[]): T;
  multiply(...factors: T[]): T;
  /**
   * Rounds exactly; a positive amount that rounds to 0 bills 1, zero bills 0, and an amount past the
   * safe-integer range bills Number.MAX_SAFE_INTEGER (quota stays exact integer arithmetic everywhere).
   */
  quota(amount: T): number;
}

const bigMath: QuotaMath<ExactDecimal> = {
  exact: (value) => decimalsOf(value)?.exact ?? ZERO,
  whole: (count) => ({ units: BigInt(count), scale: 0 }),
  add,
  multiply,
  quota(amount) {
    if (!isPositive(amount)) return 0;
    const rounded = roundToInteger(amount);
    if (rounded > MAX_QUOTA) return Number.MAX_SAFE_INTEGER;
    return rounded < 1n ? 1 : Number(rounded);
  },
};

const smallMath: QuotaMath<SmallDecimal> = {
  exact: (value) => decimalsOf(value)?.small ?? SMALL_ZERO,
  whole: (count) => ({ units: Number.isSafeInteger(count) ? count : Number.NaN, scale: 0 }),
  add: smallAdd,
  multiply: smallMultiply,
  quota(amount) {
    // NaN (out of range) stays NaN: the caller computes again with BigInt.
    if (!(amount.units > 0)) return amount.units === 0 ? 0 : Number.NaN;
    const rounded = smallRoundToInteger(amount);
    return rounded < 1 ? 1 : rounded;
  },
};

function priceUsage<T>(
  math: QuotaMath<T>,
  pricing: ModelPricing,
  usage: TokenUsage,
  groupRatio: number,
): number {
  const { exact, whole, add, multiply } = math;
  if (pricing.kind === 'per_call') {
    return math.quota(multiply(exact(pricing.modelPrice), exact(pricing.quotaPerUnit), exact(groupRatio)));
  }
  const parts = splitUsage(usage);
  const promptSide = add(
    whole(parts.textPromptTokens),
    multiply(whole(parts.cachedTokens), exact(pricing.cacheRatio)),
    multiply(whole(parts.cacheCreationTokens), exact(pricing.cacheCreationRatio)),
    multiply(whole(parts.audioPromptTokens), exact(pricing.audioRatio)),
  );
  const completionSide = multiply(
    add(
      whole(parts.textCompletionTokens),
      multiply(whole(parts.audioCompletionTokens), exact(pricing.audioCompletionRatio)),
    ),
    exact(pricing.completionRatio),
  );
  return math.quota(multiply(add(promptSide, completionSide), exact(pricing.modelRatio), exact(groupRatio)));
}

/**
 * The quota a call costs (docs/reference/billing.md). Per call: round(modelPrice × quotaPerUnit × groupRatio), usage
 * ignored. Per token:
 *   round((textPrompt + cached × cacheRatio + cacheCreation × cacheCreationRatio + audioPrompt × audioRatio
 *          + (textCompletion + audioCompletion × audioCompletionRatio) × completionRatio)
 *         × modelRatio × groupRatio)
 * computed in exact decimals and rounded half up once. A non-zero amount that rounds to 0 bills 1; a
 * zero ratio, price, group ratio or token count bills 0. Negative ratios read as 0. Computed in Numbers
 * while that is exact, else with BigInt (`exactOnly` forces BigInt: tests compare the two).
 */
export function quotaForUsage(
  pricing: ModelPricing,
  usage: TokenUsage,
  groupRatio: number,
  exactOnly = false,
): number {
  const fast = exactOnly ? Number.NaN : priceUsage(smallMath, pricing, usage, groupRatio);
  return Number.isNaN(fast) ? priceUsage(bigMath, pricing, usage, groupRatio) : fast;
}
