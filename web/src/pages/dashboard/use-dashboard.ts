/** TanStack Query hook of the dashboard data. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { unwrapReply } from '../../api/client.ts';
import { fetchQuotaData, type QuotaDataQuery } from '../../api/dashboard.ts';
import { useReportedError } from '../../components/use-reported-error.ts';

export const dashboardQueryKeys = {
  all: ['dashboard'] as const,
  data: (query: QuotaDataQuery, admin: boolean) => ['dashboard', 'data', { ...query, admin }] as const,
};

/** The quota_data rows of the range (admins: of one user, or of everyone when the username is empty). */
export function useQuotaData(query: QuotaDataQuery, admin: boolean) {
  const result = useQuery({
    queryKey: dashboardQueryKeys.data(query, admin),
    queryFn: async () => unwrapReply(await fetchQuotaData(query, admin)) ?? [],
    placeholderData: keepPreviousData,
    retry: false,
  });
  useReportedError(result.error);
  return result;
}
