/**
 * Quota amounts of the usage log (docs/reference/console-overview.md): the stat badge uses the site's usual rendering (two decimals,
 * or raw units abbreviated with k/M/B); a single call usually costs a fraction of a cent, so the cost
 * cell shows up to six decimals in currency mode.
 */
import {
  abbreviateCount,
  type QuotaDisplaySettings,
  quotaToCurrency,
} from '../../../../common/quota-format.ts';

const COST_DECIMALS = 6;
const MIN_COST_DECIMALS = 2;

/** The cost of one call: '$0.000246', '$1.50', or raw units ('123', '12.5k') when not in currency. */
export function formatLogCost(quota: number, settings: QuotaDisplaySettings): string {
  if (!settings.displayInCurrency) return abbreviateCount(quota);
  const amount = quotaToCurrency(quota, settings.quotaPerUnit);
  const [whole, fraction = ''] = amount.toFixed(COST_DECIMALS).split('.');
  const trimmed = fraction.replace(/0+$/, '').padEnd(MIN_COST_DECIMALS, '0');
  return `$${whole}.${trimmed}`;
}

/**
 * The quota-used badge: the site's usual two decimals in currency mode, except that a non-zero sum below
 * one cent keeps its significant decimals (a few test calls must not read as '$0.00'); raw units are
 * abbreviated.
 */
export function formatStatQuota(quota: number, settings: QuotaDisplaySettings): string {
  if (!settings.displayInCurrency) return abbreviateCount(quota);
  const amount = quotaToCurrency(quota, settings.quotaPerUnit);
  if (amount === 0 || Math.abs(amount) >= 0.01) return `$${amount.toFixed(MIN_COST_DECIMALS)}`;
  return formatLogCost(quota, settings);
}

/** Requests or tokens per minute in a stat badge: abbreviated from 10,000 on. */
export function formatRate(value: number): string {
  return abbreviateCount(Math.round(value));
}
