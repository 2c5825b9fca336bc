/** TanStack Query hooks of the usage-log screen. */
import { useCallback, useMemo } from 'react';
import { QUOTA_PER_UNIT_DEFAULT } from '../../../../common/limits.ts';
import type { QuotaDisplaySettings } from '../../../../common/quota-format.ts';
import { fetchLogStat, fetchLogs, type LogFilters } from '../../api/logs.ts';
import { useStatus } from '../../components/status.tsx';
import { usePageQuery, useReplyQuery } from '../../components/use-reply-query.ts';
import { formatLogCost, formatStatQuota } from './log-quota.ts';

export interface LogListQuery {
  filters: LogFilters;
  page: number;
  pageSize: number;
  /** Admins read every user's rows through /api/log/, others their own through /api/log/self/. */
  admin: boolean;
}

export const logQueryKeys = {
  all: ['logs'] as const,
  list: (query: LogListQuery) => ['logs', 'list', query] as const,
  stat: (filters: LogFilters, admin: boolean) => ['logs', 'stat', { filters, admin }] as const,
};

export function useLogList(query: LogListQuery) {
  return usePageQuery(logQueryKeys.list(query), () =>
    fetchLogs(query.filters, query.page, query.pageSize, query.admin),
  );
}

/** The stat badges (quota over the filter, RPM and TPM of the last minute). */
export function useLogStat(filters: LogFilters, admin: boolean) {
  return useReplyQuery({
    queryKey: logQueryKeys.stat(filters, admin),
    fetch: () => fetchLogStat(filters, admin),
    keepPrevious: true,
  });
}

function useQuotaSettings(): QuotaDisplaySettings {
  const { quota_per_unit, display_in_currency } = useStatus();
  return useMemo(
    () => ({
      quotaPerUnit: quota_per_unit > 0 ? quota_per_unit : QUOTA_PER_UNIT_DEFAULT,
      displayInCurrency: display_in_currency,
    }),
    [quota_per_unit, display_in_currency],
  );
}

/** formatLogCost bound to the site's quota_per_unit and display_in_currency. */
export function useCostFormatter(): (quota: number) => string {
  const settings = useQuotaSettings();
  return useCallback((quota: number) => formatLogCost(quota, settings), [settings]);
}

/** formatStatQuota bound to the site's quota_per_unit and display_in_currency. */
export function useStatQuotaFormatter(): (quota: number) => string {
  const settings = useQuotaSettings();
  return useCallback((quota: number) => formatStatQuota(quota, settings), [settings]);
}
