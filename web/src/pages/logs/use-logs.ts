/** TanStack Query hooks of the usage-log screen. */
import { useCallback } from 'react';
import { fetchLogStat, fetchLogs, type LogFilters } from '../../api/logs.ts';
import { useQuotaSettings } from '../../components/quota.ts';
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
