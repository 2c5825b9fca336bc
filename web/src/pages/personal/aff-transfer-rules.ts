/**
 * Rules of the invite-earnings transfer (docs/reference/console-validation.md "Aff transfer", docs/reference/payments.md): the amount moves from
 * aff_quota to the balance, at least one quota unit (quota_per_unit) and at most aff_quota. The input is
 * in dollars when the site shows quota as currency, else in raw quota units.
 */
import { effectiveQuotaPerUnit } from '../../components/quota-settings.ts';

export interface TransferSettings {
  quotaPerUnit: number;
  displayInCurrency: boolean;
}

/** A rule's message: its i18n key and the quota to show (formatted by the caller). */
export interface TransferRuleMessage {
  key: string;
  quota: number;
}

const CURRENCY_DIGITS = 2;

function perUnit(settings: TransferSettings): number {
  return effectiveQuotaPerUnit(settings.quotaPerUnit);
}

/** Decimal places of the transfer input: cents in currency, whole units otherwise. */
export function transferInputPrecision(settings: TransferSettings): number {
  return settings.displayInCurrency ? CURRENCY_DIGITS : 0;
}

/** The input value showing `quota`; in currency rounded down to the cent so it never exceeds the quota. */
export function quotaToTransferInput(quota: number, settings: TransferSettings): number {
  if (!settings.displayInCurrency) return Math.floor(quota);
  const scale = 10 ** CURRENCY_DIGITS;
  return Math.floor((quota / perUnit(settings)) * scale + 1e-9) / scale;
}

/**
 * The quota an input value stands for (a whole number), or null for an empty input. In currency, the
 * value showing the whole of `availableQuota` stands for exactly that quota, so everything can move.
 */
export function transferInputToQuota(
  value: number | null | undefined,
  settings: TransferSettings,
  availableQuota: number,
): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  if (!settings.displayInCurrency) return Math.round(value);
  if (availableQuota > 0 && value === quotaToTransferInput(availableQuota, settings)) return availableQuota;
  return Math.round(value * perUnit(settings));
}

/**
 * 'transfer amount is at least {amount}' below one quota unit (or when empty), 'cannot exceed the
 * pending earnings' above aff_quota, else null.
 */
export function validateAffTransfer(
  quota: number | null,
  availableQuota: number,
  settings: TransferSettings,
): TransferRuleMessage | null {
  const minimum = perUnit(settings);
  if (quota === null || quota < minimum) return { key: 'personal.affTransfer.minimum', quota: minimum };
  if (quota > availableQuota) return { key: 'personal.affTransfer.exceedsAvailable', quota: availableQuota };
  return null;
}
