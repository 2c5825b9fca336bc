/**
 * Choices of the channel list kept in localStorage: the visible columns (`channels-table-columns`, a JSON
 * object column → shown, components/column-visibility.ts) and the ID-sort switch (`id-sort`). The page
 * size shares the `page-size` key of the other lists (components/page-size.ts).
 */
import { type ColumnVisibilityOf, columnVisibilityStore } from '../../components/column-visibility.ts';

export const COLUMNS_STORAGE_KEY = 'channels-table-columns';
export const ID_SORT_STORAGE_KEY = 'id-sort';

/** Every column the settings dialog offers, in table order. */
export const CHANNEL_COLUMNS = [
  'id',
  'name',
  'group',
  'type',
  'status',
  'response_time',
  'used_quota',
  'balance',
  'priority',
  'weight',
  'actions',
] as const;

export type ChannelColumn = (typeof CHANNEL_COLUMNS)[number];
export type ColumnVisibility = ColumnVisibilityOf<ChannelColumn>;

/** i18n keys of the column titles (table headers and the settings dialog). */
export const CHANNEL_COLUMN_TITLE_KEYS: Record<ChannelColumn, string> = {
  id: 'channels.columns.id',
  name: 'channels.columns.name',
  group: 'channels.columns.group',
  type: 'channels.columns.type',
  status: 'channels.columns.status',
  response_time: 'channels.columns.responseTime',
  used_quota: 'channels.columns.usedQuota',
  balance: 'channels.columns.balance',
  priority: 'channels.columns.priority',
  weight: 'channels.columns.weight',
  actions: 'channels.columns.actions',
};

const visibilityStore = columnVisibilityStore(CHANNEL_COLUMNS, COLUMNS_STORAGE_KEY);

export const defaultColumnVisibility = visibilityStore.defaults;
/** Stored choices over the defaults: unknown keys, non-boolean values and unreadable text are ignored. */
export const parseColumnVisibility = visibilityStore.parse;
export const readColumnVisibility = visibilityStore.read;
export const storeColumnVisibility = visibilityStore.store;

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

export function readIdSort(storage: StorageLike | undefined = globalThis.localStorage): boolean {
  return storage?.getItem(ID_SORT_STORAGE_KEY) === 'true';
}

export function storeIdSort(
  idSort: boolean,
  storage: StorageLike | undefined = globalThis.localStorage,
): void {
  storage?.setItem(ID_SORT_STORAGE_KEY, String(idSort));
}
