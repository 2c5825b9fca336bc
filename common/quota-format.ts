/**
 * Quota display rules shared by the console (docs/reference/console-overview.md, docs/reference/console-constants.md): raw units or a currency amount with two
 * decimals when display_in_currency is on; large counts abbreviated with k (from 10,000), M, B.
 */
export function abbreviateCount(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e9) return `${trimDecimals(value / 1e9)}B`;
  if (abs >= 1e6) return `${trimDecimals(value / 1e6)}M`;
  if (abs >= 1e4) return `${trimDecimals(value / 1e3)}k`;
  return String(value);
}

function trimDecimals(value: number): string {
  return Number(value.toFixed(2)).toString();
}

export interface QuotaDisplaySettings {
  quotaPerUnit: number;
  displayInCurrency: boolean;
}

export function quotaToCurrency(quota: number, quotaPerUnit: number): number {
  return quotaPerUnit > 0 ? quota / quotaPerUnit : 0;
}

/** Renders a quota as `$1.23` when shown in currency, otherwise as an abbreviated count. */
export function renderQuota(quota: number, settings: QuotaDisplaySettings, digits = 2): string {
  if (settings.displayInCurrency) {
    return `$${quotaToCurrency(quota, settings.quotaPerUnit).toFixed(digits)}`;
  }
  return abbreviateCount(quota);
}
