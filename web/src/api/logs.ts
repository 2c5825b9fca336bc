/**
 * Typed calls of the usage-log API (docs/reference/console-api.md "Logs and tasks"). Admins read every user's rows through
 * /api/log/ and /api/log/stat; everyone else reads their own through the `self` variants. Every call
 * resolves to the server's {success, message, data} reply; HTTP failures are thrown by the shared client.
 */
import type { LogStat, LogView } from '../../../common/api/logs.ts';
import type { Page } from '../../../common/api/reply.ts';
import { http, type QueryParams } from './client.ts';

export type { LogStat, LogView };

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

/** Filters that keep every row: no text, no time bounds, all types. */
export const NO_LOG_FILTERS: Readonly<LogFilters> = {
  tokenName: '',
  modelName: '',
  startTimestamp: null,
  endTimestamp: null,
  group: '',
  type: 0,
  username: '',
  channel: null,
};

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
