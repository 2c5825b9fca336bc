/** TanStack Query hooks of the usage-log screen. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { Page } from '../../../../common/api-types.ts';
import { QUOTA_PER_UNIT_DEFAULT } from '../../../../common/limits.ts';
import type { QuotaDisplaySettings } from '../../../../common/quota-format.ts';
import { fetchLogStat, fetchLogs, type LogFilters, type LogView } from '../../api/logs.ts';
import { useStatus } from '../../components/status.tsx';
import { unwrapReply, useReportedError } from '../users/reply-data.ts';
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
  const result = useQuery({
    queryKey: logQueryKeys.list(query),
    queryFn: async (): Promise<Page<LogView>> =>
      unwrapReply(await fetchLogs(query.filters, query.page, query.pageSize, query.admin)),
    placeholderData: keepPreviousData,
    retry: false,
  });
  useReportedError(result.error);
  return result;
}

/** The stat badges (quota over the filter, RPM and TPM of the last minute). */
export function useLogStat(filters: LogFilters, admin: boolean) {
  const result = useQuery({
    queryKey: logQueryKeys.stat(filters, admin),
    queryFn: async () => unwrapReply(await fetchLogStat(filters, admin)),
    placeholderData: keepPreviousData,
    retry: false,
  });
  useReportedError(result.error);
  return result;
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
