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
import {
  type ModelPricing,
  splitUsage,
  type TieredPricing,
  type TokenUsage,
  type ToolPricing,
  tierOfUsage,
  tokenCount,
  type UsageParts,
} from './pricing.ts';

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

/** USD per 1M tokens → quota units per token: × quotaPerUnit × 10⁻⁶. */
const PER_MILLION = 0.000001;
/** USD per 1,000 calls → per call. */
const PER_THOUSAND = 0.001;

/**
 * A tiered model's amount before the group ratio, in quota units (docs/reference/pricing-tiers.md): the
 * tier's token prices over p and c, from which every sub-count the expression prices on its own (cr, cc,
 * ai, ao anywhere in it) is taken out, as new-api does; a fixed tier is its USD price per call.
 */
function tieredAmount<T>(math: QuotaMath<T>, tiered: TieredPricing, parts: UsageParts): T {
  const { exact, whole, add, multiply } = math;
  const tier = tierOfUsage(tiered, parts);
  if (tier.fixed !== null) return multiply(exact(tier.fixed), exact(tiered.quotaPerUnit));
  const separate = tiered.expr.separate;
  const p =
    parts.textPromptTokens +
    (separate.has('cr') ? 0 : parts.cachedTokens) +
    (separate.has('cc') ? 0 : parts.cacheCreationTokens) +
    (separate.has('ai') ? 0 : parts.audioPromptTokens);
  const c = parts.textCompletionTokens + (separate.has('ao') ? 0 : parts.audioCompletionTokens);
  const prices = tier.prices;
  const term = (count: number, price: number | undefined) => multiply(whole(count), exact(price ?? 0));
  const dollarsPerMillion = add(
    term(p, prices.p),
    term(c, prices.c),
    term(parts.cachedTokens, prices.cr),
    term(parts.cacheCreationTokens, prices.cc),
    term(parts.audioPromptTokens, prices.ai),
    term(parts.audioCompletionTokens, prices.ao),
  );
  return multiply(dollarsPerMillion, exact(tiered.quotaPerUnit), exact(PER_MILLION));
}

/** The tool lines' amount before the group ratio: each counted call × its USD price per 1,000 calls. */
function toolAmount<T>(
  math: QuotaMath<T>,
  tools: ToolPricing,
  toolCalls: Readonly<Record<string, number>>,
): T {
  const { exact, whole, add, multiply } = math;
  const terms: T[] = [];
  for (const [kind, count] of Object.entries(toolCalls)) {
    const price = Object.hasOwn(tools.prices, kind) ? tools.prices[kind] : undefined;
    if (price !== undefined) terms.push(multiply(whole(tokenCount(count)), exact(price)));
  }
  return multiply(add(...terms), exact(tools.quotaPerUnit), exact(PER_THOUSAND));
}

function baseAmount<T>(math: QuotaMath<T>, pricing: ModelPricing, usage: TokenUsage): T {
  const { exact, whole, add, multiply } = math;
  if (pricing.kind === 'per_call') return multiply(exact(pricing.modelPrice), exact(pricing.quotaPerUnit));
  const parts = splitUsage(usage);
  if (pricing.tiered) return tieredAmount(math, pricing.tiered, parts);
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
  return multiply(add(promptSide, completionSide), exact(pricing.modelRatio));
}

function priceUsage<T>(
  math: QuotaMath<T>,
  pricing: ModelPricing,
  usage: TokenUsage,
  groupRatio: number,
): number {
  const base = baseAmount(math, pricing, usage);
  const amount =
    usage.toolCalls && pricing.tools
      ? math.add(base, toolAmount(math, pricing.tools, usage.toolCalls))
      : base;
  return math.quota(math.multiply(amount, math.exact(groupRatio)));
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
