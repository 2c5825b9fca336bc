/**
 * Typed calls of the dashboard data (quota_data rollups per user × model × hour; spec §2 "Usage log,
 * dashboard", REFERENCE §8). Admins read every user's rows (optionally one username) through /api/data/;
 * everyone else reads their own through /api/data/self/.
 */
import { http } from './client.ts';

/** One rollup row: the calls of one user to one model within one hour. */
export interface QuotaDataRow {
  model_name: string;
  /** Unix seconds at the start of the hour. */
  created_at: number;
  token_used: number;
  count: number;
  quota: number;
  username: string;
  user_id: number;
}

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
  if (admin) return http.get<QuotaDataRow[]>('/api/data/', { username: query.username.trim(), ...range });
  return http.get<QuotaDataRow[]>('/api/data/self/', range);
}
