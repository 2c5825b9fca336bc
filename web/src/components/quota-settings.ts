/**
 * How the site counts quota, from its public status: quota per dollar (`quota_per_unit`, the default while
 * unset) and whether amounts show as currency. Pure, for the rules modules; components/quota.ts binds it
 * to the loaded status.
 */
import type { PublicStatus } from '../../../common/api-types.ts';
import { QUOTA_PER_UNIT_DEFAULT } from '../../../common/limits.ts';
import type { QuotaDisplaySettings } from '../../../common/quota-format.ts';

/** The quota of one dollar: the site's `quota_per_unit`, or the default when it is 0 or less (unset). */
export function effectiveQuotaPerUnit(quotaPerUnit: number): number {
  return quotaPerUnit > 0 ? quotaPerUnit : QUOTA_PER_UNIT_DEFAULT;
}

export function quotaDisplaySettings(
  status: Pick<PublicStatus, 'quota_per_unit' | 'display_in_currency'>,
): QuotaDisplaySettings {
  return {
    quotaPerUnit: effectiveQuotaPerUnit(status.quota_per_unit),
    displayInCurrency: status.display_in_currency,
  };
}
