/**
 * Which columns of a table the viewer chose to show, remembered in localStorage under the table's key as a
 * JSON object column → shown. Every column is shown until chosen otherwise; stored text that is not such
 * an object, unknown columns and non-boolean values are ignored.
 */
type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

export type ColumnVisibilityOf<Column extends string> = Record<Column, boolean>;

export interface ColumnVisibilityStore<Column extends string> {
  defaults: () => ColumnVisibilityOf<Column>;
  parse: (stored: string | null) => ColumnVisibilityOf<Column>;
  read: (storage?: StorageLike) => ColumnVisibilityOf<Column>;
  store: (visibility: ColumnVisibilityOf<Column>, storage?: StorageLike) => void;
}

export function columnVisibilityStore<Column extends string>(
  columns: readonly Column[],
  storageKey: string,
): ColumnVisibilityStore<Column> {
  const defaults = () =>
    Object.fromEntries(columns.map((column) => [column, true])) as ColumnVisibilityOf<Column>;

  const parse = (stored: string | null) => {
    const visibility = defaults();
    if (!stored) return visibility;
    let parsed: unknown;
    try {
      parsed = JSON.parse(stored);
    } catch {
      return visibility;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return visibility;
    for (const column of columns) {
      const value = (parsed as Record<string, unknown>)[column];
      if (typeof value === 'boolean') visibility[column] = value;
    }
    return visibility;
  };

  return {
    defaults,
    parse,
    read: (storage = globalThis.localStorage) => parse(storage?.getItem(storageKey) ?? null),
    store: (visibility, storage = globalThis.localStorage) =>
      storage?.setItem(storageKey, JSON.stringify(visibility)),
  };
}
