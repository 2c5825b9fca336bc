/** The filters of the log calls (docs/reference/console-api.md "Logs and tasks"), applied the same way to lists and stats. */
import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface LogFilter {
  userId?: number;
  username?: string;
  type?: number;
  tokenName?: string;
  modelName?: string;
  channelId?: number;
  group?: string;
  startTimestamp?: number;
  endTimestamp?: number;
}

function text(value: unknown): string | undefined {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  return trimmed === '' ? undefined : trimmed;
}

function integer(value: unknown): number | undefined {
  const parsed = Number(text(value));
  return text(value) !== undefined && Number.isSafeInteger(parsed) ? parsed : undefined;
}

/** Reads the query string; admin-only filters (username, channel) only for admins. */
export function readLogFilter(query: Record<string, unknown>, admin: boolean): LogFilter {
  const filter: LogFilter = {};
  const type = integer(query.type);
  if (type !== undefined && type > 0) filter.type = type;
  const tokenName = text(query.token_name);
  if (tokenName) filter.tokenName = tokenName;
  const modelName = text(query.model_name);
  if (modelName) filter.modelName = modelName;
  const group = text(query.group);
  if (group) filter.group = group;
  const start = integer(query.start_timestamp);
  if (start !== undefined && start > 0) filter.startTimestamp = start;
  const end = integer(query.end_timestamp);
  if (end !== undefined && end > 0) filter.endTimestamp = end;
  if (admin) {
    const username = text(query.username);
    if (username) filter.username = username;
    const channel = integer(query.channel);
    if (channel !== undefined && channel > 0) filter.channelId = channel;
  }
  return filter;
}

export function applyLogFilter<Output>(
  query: SelectQueryBuilder<Database, 'logs', Output>,
  filter: LogFilter,
): SelectQueryBuilder<Database, 'logs', Output> {
  let filtered = query;
  if (filter.userId !== undefined) filtered = filtered.where('user_id', '=', filter.userId);
  if (filter.username) filtered = filtered.where('username', '=', filter.username);
  if (filter.type !== undefined) filtered = filtered.where('type', '=', filter.type);
  if (filter.tokenName) filtered = filtered.where('token_name', '=', filter.tokenName);
  if (filter.modelName) filtered = filtered.where('model_name', '=', filter.modelName);
  if (filter.channelId !== undefined) filtered = filtered.where('channel_id', '=', filter.channelId);
  if (filter.group) filtered = filtered.where('group', '=', filter.group);
  if (filter.startTimestamp !== undefined)
    filtered = filtered.where('created_at', '>=', filter.startTimestamp);
  if (filter.endTimestamp !== undefined) filtered = filtered.where('created_at', '<=', filter.endTimestamp);
  return filtered;
}
