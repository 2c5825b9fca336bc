/**
 * Choices of the channel list kept in localStorage (spec §3 "Local storage keys"): the visible columns
 * (`channels-table-columns`, a JSON object column → shown) and the ID-sort switch (`id-sort`). The page
 * size shares the `page-size` key of the other lists (../users/page-size.ts).
 */

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
export type ColumnVisibility = Record<ChannelColumn, boolean>;

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

export function defaultColumnVisibility(): ColumnVisibility {
  return Object.fromEntries(CHANNEL_COLUMNS.map((column) => [column, true])) as ColumnVisibility;
}

/** Stored choices over the defaults: unknown keys and non-boolean values are ignored. */
export function parseColumnVisibility(stored: string | null): ColumnVisibility {
  const visibility = defaultColumnVisibility();
  if (!stored) return visibility;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return visibility;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return visibility;
  for (const column of CHANNEL_COLUMNS) {
    const value = (parsed as Record<string, unknown>)[column];
    if (typeof value === 'boolean') visibility[column] = value;
  }
  return visibility;
}

export function readColumnVisibility(
  storage: StorageLike | undefined = globalThis.localStorage,
): ColumnVisibility {
  return parseColumnVisibility(storage?.getItem(COLUMNS_STORAGE_KEY) ?? null);
}

export function storeColumnVisibility(
  visibility: ColumnVisibility,
  storage: StorageLike | undefined = globalThis.localStorage,
): void {
  storage?.setItem(COLUMNS_STORAGE_KEY, JSON.stringify(visibility));
}

export function readIdSort(storage: StorageLike | undefined = globalThis.localStorage): boolean {
  return storage?.getItem(ID_SORT_STORAGE_KEY) === 'true';
}

export function storeIdSort(
  idSort: boolean,
  storage: StorageLike | undefined = globalThis.localStorage,
): void {
  storage?.setItem(ID_SORT_STORAGE_KEY, String(idSort));
}
