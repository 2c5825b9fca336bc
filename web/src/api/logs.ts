/**
 * Typed calls of the usage-log API (spec §7 "Logs and tasks"). Admins read every user's rows through
 * /api/log/ and /api/log/stat; everyone else reads their own through the `self` variants. Every call
 * resolves to the server's {success, message, data} reply; HTTP failures are thrown by the shared client.
 */
import type { Page } from '../../../common/api-types.ts';
import { http, type QueryParams } from './client.ts';

/** One usage-log row (spec §3 "Usage log entry"). */
export interface LogView {
  id: number;
  /** Unix seconds. */
  created_at: number;
  /** 1 top-up, 2 consumption, 3 admin, 4 system, 5 error (0 only appears in old databases). */
  type: number;
  content: string;
  username: string;
  user_id: number;
  token_name: string;
  token_id?: number;
  model_name: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  /** Seconds. */
  use_time: number;
  is_stream: boolean;
  /** Channel id; admin view only. */
  channel?: number;
  /** Admin view only. */
  channel_name?: string;
  group: string;
  /** Client IP; admin view only. */
  ip?: string;
  /** JSON text with the pricing and timing details (see ../pages/logs/log-details.ts). */
  other: string;
}

/** The filters of the log screen; empty strings and null mean "no filter". */
export interface LogFilters {
  tokenName: string;
  modelName: string;
  /** Unix seconds, or null for no lower bound. */
  startTimestamp: number | null;
  /** Unix seconds, or null for no upper bound. */
  endTimestamp: number | null;
  group: string;
  /** 0 all, 1 top-up, 2 consumption, 3 admin, 4 system, 5 error. */
  type: number;
  /** Admin only. */
  username: string;
  /** Admin only: a channel id, or null for every channel. */
  channel: number | null;
}

export interface LogStat {
  /** Quota summed over the filter. */
  quota: number;
  /** Consumption requests in the last 60 s. */
  rpm: number;
  /** Prompt + completion tokens in the last 60 s. */
  tpm: number;
}

function textParam(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * The query string of both the list and the stat calls. Empty filters are left out; the admin-only
 * filters (username, channel) are sent only by admins.
 */
export function logFilterParams(filters: LogFilters, admin: boolean): QueryParams {
  const params: QueryParams = {
    type: filters.type,
    token_name: textParam(filters.tokenName),
    model_name: textParam(filters.modelName),
    start_timestamp: filters.startTimestamp ?? undefined,
    end_timestamp: filters.endTimestamp ?? undefined,
    group: textParam(filters.group),
  };
  if (admin) {
    params.username = textParam(filters.username);
    params.channel = filters.channel ?? undefined;
  }
  return params;
}

export function fetchLogs(filters: LogFilters, page: number, pageSize: number, admin: boolean) {
  const url = admin ? '/api/log/' : '/api/log/self/';
  return http.get<Page<LogView>>(url, { p: page, page_size: pageSize, ...logFilterParams(filters, admin) });
}

export function fetchLogStat(filters: LogFilters, admin: boolean) {
  const url = admin ? '/api/log/stat' : '/api/log/self/stat';
  return http.get<LogStat>(url, logFilterParams(filters, admin));
}
