import { useMemo } from 'react';
import type { PublicStatus } from '../../../common/api-types.ts';
import { type QuotaDisplaySettings, renderQuota } from '../../../common/quota-format.ts';
import { quotaDisplaySettings } from './quota-settings.ts';
import { useStatus } from './status.tsx';

export type QuotaRenderer = (quota: number, digits?: number) => string;

/** A quota formatter following the site's quota_per_unit and display_in_currency settings. */
export function createQuotaRenderer(
  status: Pick<PublicStatus, 'quota_per_unit' | 'display_in_currency'>,
): QuotaRenderer {
  const settings = quotaDisplaySettings(status);
  return (quota, digits = 2) => renderQuota(quota, settings, digits);
}

/** The site's quota settings (components/quota-settings.ts), the same object until the status changes. */
export function useQuotaSettings(): QuotaDisplaySettings {
  const { quota_per_unit, display_in_currency } = useStatus();
  return useMemo(
    () => quotaDisplaySettings({ quota_per_unit, display_in_currency }),
    [quota_per_unit, display_in_currency],
  );
}

/** `const renderQuota = useQuotaRenderer(); renderQuota(user.quota)` → '$1.00' or '500k'. */
export function useQuotaRenderer(): QuotaRenderer {
  const { quota_per_unit, display_in_currency } = useStatus();
  return useMemo(
    () => createQuotaRenderer({ quota_per_unit, display_in_currency }),
    [quota_per_unit, display_in_currency],
  );
}
