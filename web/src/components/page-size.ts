/**
 * The chosen table page size, remembered in localStorage `page-size` and shared by every list: one of the
 * choices in common/limits.ts, the default until one is chosen.
 */
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS } from '../../../common/limits.ts';

export const PAGE_SIZE_STORAGE_KEY = 'page-size';

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/** A stored size that is one of the offered options, else the default of 10. */
export function parsePageSize(stored: string | null): number {
  const size = Number(stored);
  return (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : PAGE_SIZE_DEFAULT;
}

export function readPageSize(storage: StorageLike | undefined = globalThis.localStorage): number {
  return parsePageSize(storage?.getItem(PAGE_SIZE_STORAGE_KEY) ?? null);
}

export function storePageSize(
  size: number,
  storage: StorageLike | undefined = globalThis.localStorage,
): void {
  storage?.setItem(PAGE_SIZE_STORAGE_KEY, String(size));
}
