/**
 * Labels of the dashboard's quota axis. Ticks of a few hundred quota units are fractions of a cent: at the
 * two decimals of a balance they would all read "$0.00", so a tick gets as many decimals as its two
 * significant digits need.
 */
import {
  abbreviateCount,
  type QuotaDisplaySettings,
  quotaToCurrency,
} from '../../../../common/quota-format.ts';

const MIN_DECIMALS = 2;
const MAX_DECIMALS = 8;

/** The decimals that show two significant digits of `amount`: at least 2, at most 8. */
export function axisDecimals(amount: number): number {
  const size = Math.abs(amount);
  if (size === 0 || !Number.isFinite(size)) return MIN_DECIMALS;
  const wanted = 1 - Math.floor(Math.log10(size));
  return Math.min(MAX_DECIMALS, Math.max(MIN_DECIMALS, wanted));
}

/** A quota tick: `$0.00015`, `$0.0001`, `$1.50` in currency mode, otherwise an abbreviated count. */
export function formatAxisQuota(quota: number, settings: QuotaDisplaySettings): string {
  if (!settings.displayInCurrency) return abbreviateCount(quota);
  const amount = quotaToCurrency(quota, settings.quotaPerUnit);
  // Zeros after the second decimal add nothing: $0.00010 → $0.0001.
  return `$${amount.toFixed(axisDecimals(amount)).replace(/(\.\d{2}\d*?)0+$/, '$1')}`;
}
