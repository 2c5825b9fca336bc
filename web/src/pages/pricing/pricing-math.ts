/**
 * Price arithmetic of the price list (docs/reference/console-constants.md "Pricing"). All amounts are USD unless converted for
 * display. With the default 500,000 quota per dollar, ratio 1 costs $2 per 1M prompt tokens.
 */
import { QUOTA_PER_UNIT_DEFAULT } from '../../../../common/limits.ts';
import { effectiveQuotaPerUnit } from '../../components/quota-settings.ts';

const TOKENS_PER_MILLION = 1_000_000;

/** USD per 1M tokens of a per-token model in a group. */
export interface TokenPrices {
  input: number;
  output: number;
}

function usdPerMillionAtRatioOne(quotaPerUnit: number): number {
  const perUnit = effectiveQuotaPerUnit(quotaPerUnit);
  return TOKENS_PER_MILLION / perUnit;
}

/**
 * Input = model_ratio × 2 × group ratio; output = model_ratio × completion_ratio × 2 × group ratio.
 * The factor 2 is 1M tokens / quota_per_unit (500,000 by default): the server bills ratio quota per
 * token, so another quota_per_unit changes the dollar price of a ratio.
 */
export function tokenPricesPerMillion(
  modelRatio: number,
  completionRatio: number,
  groupRatio: number,
  quotaPerUnit = QUOTA_PER_UNIT_DEFAULT,
): TokenPrices {
  const factor = usdPerMillionAtRatioOne(quotaPerUnit);
  const input = modelRatio * factor * groupRatio;
  return { input, output: input * completionRatio };
}

/** A per-call model costs model_price × group ratio dollars per call. */
export function perCallPrice(modelPrice: number, groupRatio: number): number {
  return modelPrice * groupRatio;
}

/**
 * Pay-by-usage cost in USD = group ratio × model ratio × (prompt + completion × completion ratio) /
 * quota_per_unit.
 */
export function usageCost(
  usage: { promptTokens: number; completionTokens: number },
  ratios: { modelRatio: number; completionRatio: number; groupRatio: number },
  quotaPerUnit = QUOTA_PER_UNIT_DEFAULT,
): number {
  const perUnit = effectiveQuotaPerUnit(quotaPerUnit);
  const weightedTokens = usage.promptTokens + usage.completionTokens * ratios.completionRatio;
  return (ratios.groupRatio * ratios.modelRatio * weightedTokens) / perUnit;
}

export type Currency = 'USD' | 'CNY';

export interface DisplayPriceSettings {
  /** Show what the price costs when the quota is bought by online top-up. */
  atTopUpPrice: boolean;
  currency: Currency;
  /** status.price: yuan paid for one dollar of quota. */
  topUpPrice: number;
  /** status.usd_exchange_rate: yuan per US dollar. */
  usdExchangeRate: number;
}

/**
 * A USD list price in the currency the visitor chose.
 * - Not at top-up price: the plain USD price (the currency choice belongs to the top-up view).
 * - At top-up price in CNY: usd × price — the yuan paid for that much quota.
 * - At top-up price in USD: usd × price / usd_exchange_rate — those yuan in real dollars.
 * A missing or non-positive price or rate counts as 1 (no conversion).
 */
export function displayAmount(usd: number, settings: DisplayPriceSettings): number {
  if (!settings.atTopUpPrice) return usd;
  const topUpPrice = settings.topUpPrice > 0 ? settings.topUpPrice : 1;
  const yuan = usd * topUpPrice;
  if (settings.currency === 'CNY') return yuan;
  const rate = settings.usdExchangeRate > 0 ? settings.usdExchangeRate : 1;
  return yuan / rate;
}

export function currencySymbol(settings: Pick<DisplayPriceSettings, 'atTopUpPrice' | 'currency'>): string {
  return settings.atTopUpPrice && settings.currency === 'CNY' ? '¥' : '$';
}

/** Keeps at least `minimum` decimals: '2.5000' → '2.50', '0.2750' → '0.275'. */
function trimDecimals(fixed: string, minimum: number): string {
  const point = fixed.indexOf('.');
  if (point < 0) return minimum > 0 ? `${fixed}.${'0'.repeat(minimum)}` : fixed;
  let end = fixed.length;
  while (end > point + 1 + minimum && fixed[end - 1] === '0') end -= 1;
  return fixed.slice(0, end);
}

/**
 * Money with two decimals, more only when they carry value: up to 4 decimals (0.275, 6.8493), and
 * two significant digits below one cent so that a cheap model never reads as 0.00.
 */
export function formatMoney(amount: number): string {
  if (!Number.isFinite(amount)) return '-';
  const magnitude = Math.abs(amount);
  const decimals =
    magnitude > 0 && magnitude < 0.01 ? Math.min(12, 1 - Math.floor(Math.log10(magnitude))) : 4;
  const fixed = amount.toFixed(decimals);
  return trimDecimals(fixed, 2);
}

/** A ratio rounded to `decimals` places without trailing zeros (completion ratio: 3, docs/reference/console-constants.md). */
export function formatRatio(value: number, decimals = 3): string {
  if (!Number.isFinite(value)) return '-';
  return String(Number(value.toFixed(decimals)));
}

/** antd Tag colour of a group ratio: over 5 red, over 3 orange, over 1 blue, else green (docs/reference/console-constants.md). */
export function groupRatioColor(ratio: number): 'red' | 'orange' | 'blue' | 'green' {
  if (ratio > 5) return 'red';
  if (ratio > 3) return 'orange';
  if (ratio > 1) return 'blue';
  return 'green';
}
