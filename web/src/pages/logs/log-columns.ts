/**
 * The visible columns of the usage log, remembered in localStorage `logs-table-columns` (spec §3) as a JSON
 * object column → shown. The channel and user columns exist only in the admin view: they are never offered
 * or shown to other users, whatever is stored.
 */

export const LOG_COLUMNS_STORAGE_KEY = 'logs-table-columns';

/** Every column, in table order. */
export const LOG_COLUMNS = [
  'time',
  'channel',
  'username',
  'token',
  'group',
  'type',
  'model',
  'use_time',
  'prompt',
  'completion',
  'cost',
  'details',
] as const;

export type LogColumn = (typeof LOG_COLUMNS)[number];
export type LogColumnVisibility = Record<LogColumn, boolean>;

/** i18n keys of the column titles (table headers and the settings dialog). */
export const LOG_COLUMN_TITLE_KEYS: Record<LogColumn, string> = {
  time: 'logs.columns.time',
  channel: 'logs.columns.channel',
  username: 'logs.columns.username',
  token: 'logs.columns.token',
  group: 'logs.columns.group',
  type: 'logs.columns.type',
  model: 'logs.columns.model',
  use_time: 'logs.columns.useTime',
  prompt: 'logs.columns.prompt',
  completion: 'logs.columns.completion',
  cost: 'logs.columns.cost',
  details: 'logs.columns.details',
};

const ADMIN_COLUMNS: ReadonlySet<LogColumn> = new Set<LogColumn>(['channel', 'username']);

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/** The columns the viewer can have: all of them for admins, the others without channel and user. */
export function availableLogColumns(admin: boolean): LogColumn[] {
  return LOG_COLUMNS.filter((column) => admin || !ADMIN_COLUMNS.has(column));
}

export function defaultLogColumnVisibility(): LogColumnVisibility {
  return Object.fromEntries(LOG_COLUMNS.map((column) => [column, true])) as LogColumnVisibility;
}

/** Stored choices over the defaults: unknown keys, non-boolean values and unreadable text are ignored. */
export function parseLogColumnVisibility(stored: string | null): LogColumnVisibility {
  const visibility = defaultLogColumnVisibility();
  if (!stored) return visibility;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return visibility;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return visibility;
  for (const column of LOG_COLUMNS) {
    const value = (parsed as Record<string, unknown>)[column];
    if (typeof value === 'boolean') visibility[column] = value;
  }
  return visibility;
}

/** The columns to render: chosen ones the viewer is allowed to see, in table order. */
export function visibleLogColumns(visibility: LogColumnVisibility, admin: boolean): LogColumn[] {
  return availableLogColumns(admin).filter((column) => visibility[column]);
}

export function readLogColumnVisibility(
  storage: StorageLike | undefined = globalThis.localStorage,
): LogColumnVisibility {
  return parseLogColumnVisibility(storage?.getItem(LOG_COLUMNS_STORAGE_KEY) ?? null);
}

export function storeLogColumnVisibility(
  visibility: LogColumnVisibility,
  storage: StorageLike | undefined = globalThis.localStorage,
): void {
  storage?.setItem(LOG_COLUMNS_STORAGE_KEY, JSON.stringify(visibility));
}
