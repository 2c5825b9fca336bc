/**
 * The state every paged, searchable list page keeps: the applied search, the page, and the page size
 * remembered in localStorage `page-size` (page-size.ts). Searching or changing the page size goes back to
 * page 1; the search form's Search and Reset buttons go through `useSearchForm`.
 */
import { Form, type FormInstance } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { readPageSize, storePageSize } from './page-size.ts';

export interface ListState<Search> {
  search: Search;
  /** The search Reset goes back to. */
  emptySearch: Search;
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  applySearch: (search: Search) => void;
  /** The table's pagination callback. */
  changePage: (nextPage: number, nextPageSize: number) => void;
}

export function useListState<Search>(emptySearch: Search): ListState<Search> {
  const [search, setSearch] = useState<Search>(emptySearch);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(readPageSize);

  const applySearch = useCallback((next: Search) => {
    setSearch(next);
    setPage(1);
  }, []);

  const changePage = useCallback(
    (nextPage: number, nextPageSize: number) => {
      if (nextPageSize !== pageSize) {
        storePageSize(nextPageSize);
        setPageSize(nextPageSize);
        setPage(1);
        return;
      }
      setPage(nextPage);
    },
    [pageSize],
  );

  return { search, emptySearch, page, pageSize, setPage, applySearch, changePage };
}

/** The last page the total fills; page 1 when there are no rows. */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export interface ShownPage {
  /** Rows of the shown page. */
  rowCount: number;
  total: number;
  /** False while the previous page is shown as a placeholder for the one loading. */
  settled: boolean;
}

/** After the last rows of the last page were deleted, shows the page that now is the last one. */
export function useLastPageEmptied(
  list: Pick<ListState<unknown>, 'page' | 'pageSize' | 'setPage'>,
  shown: ShownPage,
): void {
  const { page, pageSize, setPage } = list;
  const { rowCount, total, settled } = shown;
  useEffect(() => {
    if (settled && rowCount === 0 && page > 1) setPage(lastPage(total, pageSize));
  }, [settled, rowCount, total, page, pageSize, setPage]);
}

export interface SearchFormOptions<Values, Search> {
  /** The applied search of the form's values (trimmed, parsed). */
  toSearch: (values: Values) => Search;
  /**
   * Reloads the list when the search is pressed again unchanged: that changes no query key, so without it
   * the rows would stay as they were (e.g. codes redeemed meanwhile would not show).
   */
  reload?: () => void;
  /** The values Reset puts into the form, when they are not its initial values (e.g. "today" moves on). */
  freshValues?: () => Values;
}

export interface SearchForm<Values> {
  form: FormInstance<Values>;
  /** The form's onFinish: applies its values and goes back to page 1. */
  search: (values: Values) => void;
  /** Clears the form and the applied search. */
  reset: () => void;
}

function sameSearch(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The search form of a list page, wired to its list state. */
export function useSearchForm<Values, Search>(
  list: ListState<Search>,
  options: SearchFormOptions<Values, Search>,
): SearchForm<Values> {
  const [form] = Form.useForm<Values>();
  const { applySearch, search: applied, emptySearch } = list;
  const { toSearch, reload, freshValues } = options;

  const apply = useCallback(
    (next: Search) => {
      if (reload && sameSearch(next, applied)) reload();
      applySearch(next);
    },
    [reload, applied, applySearch],
  );

  const search = useCallback((values: Values) => apply(toSearch(values)), [apply, toSearch]);

  const reset = useCallback(() => {
    if (freshValues) {
      const fresh = freshValues();
      form.setFieldsValue(fresh as Parameters<typeof form.setFieldsValue>[0]);
      apply(toSearch(fresh));
      return;
    }
    form.resetFields();
    apply(emptySearch);
  }, [freshValues, form, apply, toSearch, emptySearch]);

  return { form, search, reset };
}
