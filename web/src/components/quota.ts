import { useMemo } from 'react';
import type { PublicStatus } from '../../../common/api-types.ts';
import { QUOTA_PER_UNIT_DEFAULT } from '../../../common/limits.ts';
import { renderQuota } from '../../../common/quota-format.ts';
import { useStatus } from './status.tsx';

export type QuotaRenderer = (quota: number, digits?: number) => string;

/** A quota formatter following the site's quota_per_unit and display_in_currency settings. */
export function createQuotaRenderer(
  status: Pick<PublicStatus, 'quota_per_unit' | 'display_in_currency'>,
): QuotaRenderer {
  const settings = {
    quotaPerUnit: status.quota_per_unit > 0 ? status.quota_per_unit : QUOTA_PER_UNIT_DEFAULT,
    displayInCurrency: status.display_in_currency,
  };
  return (quota, digits = 2) => renderQuota(quota, settings, digits);
}

/** `const renderQuota = useQuotaRenderer(); renderQuota(user.quota)` → '$1.00' or '500k'. */
export function useQuotaRenderer(): QuotaRenderer {
  const { quota_per_unit, display_in_currency } = useStatus();
  return useMemo(
    () => createQuotaRenderer({ quota_per_unit, display_in_currency }),
    [quota_per_unit, display_in_currency],
  );
}
