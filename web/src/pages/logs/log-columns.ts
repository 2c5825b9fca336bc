/**
 * The visible columns of the usage log, remembered in localStorage `logs-table-columns` as a JSON
 * object column → shown. The channel and user columns exist only in the admin view: they are never offered
 * or shown to other users, whatever is stored.
 */
import { type ColumnVisibilityOf, columnVisibilityStore } from '../../components/column-visibility.ts';

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
export type LogColumnVisibility = ColumnVisibilityOf<LogColumn>;

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

const visibilityStore = columnVisibilityStore(LOG_COLUMNS, LOG_COLUMNS_STORAGE_KEY);

/** The columns the viewer can have: all of them for admins, the others without channel and user. */
export function availableLogColumns(admin: boolean): LogColumn[] {
  return LOG_COLUMNS.filter((column) => admin || !ADMIN_COLUMNS.has(column));
}

export const defaultLogColumnVisibility = visibilityStore.defaults;
/** Stored choices over the defaults: unknown keys, non-boolean values and unreadable text are ignored. */
export const parseLogColumnVisibility = visibilityStore.parse;
export const readLogColumnVisibility = visibilityStore.read;
export const storeLogColumnVisibility = visibilityStore.store;

/** The columns to render: chosen ones the viewer is allowed to see, in table order. */
export function visibleLogColumns(visibility: LogColumnVisibility, admin: boolean): LogColumn[] {
  return availableLogColumns(admin).filter((column) => visibility[column]);
}
