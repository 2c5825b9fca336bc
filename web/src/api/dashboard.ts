/**
 * Typed calls of the dashboard data (quota_data rollups per user × model × hour; docs/reference/console-screens.md "Usage log,
 * dashboard", docs/reference/logs.md). Admins read every user's rows (optionally one username) through /api/data/;
 * everyone else reads their own through /api/data/self/.
 */
import type { QuotaDataView } from '../../../common/api/dashboard.ts';
import { http } from './client.ts';

/** One rollup row: the calls of one user to one model within one hour. */
export type { QuotaDataView as QuotaDataRow };

export interface QuotaDataQuery {
  /** Unix seconds. */
  startTimestamp: number;
  /** Unix seconds. */
  endTimestamp: number;
  /** Admin only; empty means every user. */
  username: string;
}

export function fetchQuotaData(query: QuotaDataQuery, admin: boolean) {
  const range = { start_timestamp: query.startTimestamp, end_timestamp: query.endTimestamp };
  if (admin) return http.get<QuotaDataView[]>('/api/data/', { username: query.username.trim(), ...range });
  return http.get<QuotaDataView[]>('/api/data/self/', range);
}
