/**
 * Rules of the online top-up amount (docs/reference/console-validation.md "Top-up", docs/reference/console-constants.md minimum top-up 1): the amount is a whole
 * number of dollars, never below 1 nor above TOP_UP_MAX_AMOUNT, and at least the site's (or the chosen
 * pay method's) minimum. Rules return the i18n key of their message, never a translated text.
 */

/** The largest amount one payment may carry (the original console's input bound). */
export const TOP_UP_MAX_AMOUNT = 100_000;
/** The amount the input starts with (before the minimum is applied). */
export const TOP_UP_DEFAULT_AMOUNT = 10;
/** Preset buttons are these multiples of the preset unit. */
export const PRESET_MULTIPLIERS = [1, 2, 5, 10, 20, 50] as const;
/** The first preset is the smallest multiple of the minimum that reaches this amount. */
const PRESET_FLOOR = 10;

export interface RuleMessage {
  key: string;
  values?: Record<string, string | number>;
}

/** The smallest amount a top-up may have: the site minimum, the pay method's own minimum, and 1. */
export function effectiveMinTopUp(siteMinimum: number, methodMinimum?: number): number {
  const candidates = [1, siteMinimum, methodMinimum ?? 0].map((value) =>
    Number.isFinite(value) ? Math.ceil(value) : 1,
  );
  return Math.min(Math.max(...candidates), TOP_UP_MAX_AMOUNT);
}

/** The amount the input starts with: the default amount, or the minimum when that is larger. */
export function initialTopUpAmount(minimum: number): number {
  return Math.max(TOP_UP_DEFAULT_AMOUNT, minimum);
}

/**
 * Turns what the amount input holds into the amount to top up: a whole number, raised to 1 when below
 * (docs/reference/console-validation.md), capped at TOP_UP_MAX_AMOUNT. An empty or unreadable input counts as 1.
 */
export function normalizeTopUpAmount(value: number | string | null | undefined): number {
  const parsed =
    typeof value === 'string'
      ? Number(value.trim() === '' ? Number.NaN : value)
      : Number(value ?? Number.NaN);
  if (!Number.isFinite(parsed)) return 1;
  const whole = Math.round(parsed);
  if (whole < 1) return 1;
  return Math.min(whole, TOP_UP_MAX_AMOUNT);
}

/** 'top-up amount cannot be less than {min}' when the amount is below the minimum, else null. */
export function validateTopUpAmount(amount: number, minimum: number): RuleMessage | null {
  if (amount < minimum) return { key: 'wallet.topUp.belowMinimum', values: { min: minimum } };
  return null;
}

/**
 * The preset amounts: the smallest multiple of the minimum that is at least 10, times 1, 2, 5, 10, 20
 * and 50 — so every preset is allowed and a multiple of the minimum. Presets above the maximum are left out.
 */
export function topUpPresets(minimum: number): number[] {
  const step = Math.max(1, Math.ceil(minimum));
  const unit = Math.ceil(PRESET_FLOOR / step) * step;
  return PRESET_MULTIPLIERS.map((multiplier) => unit * multiplier).filter(
    (amount) => amount <= TOP_UP_MAX_AMOUNT,
  );
}

/** The quota an online top-up of `amount` dollars credits (docs/reference/payments.md: amount × QuotaPerUnit). */
export function creditedQuota(amount: number, quotaPerUnit: number): number {
  return Math.round(amount * quotaPerUnit);
}
