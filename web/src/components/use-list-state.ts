/**
 * The state every paged, searchable list page keeps: the applied search, the page, and the page size
 * remembered in localStorage `page-size`. Searching or changing the page size goes back to page 1.
 */
import type { FormInstance } from 'antd';
import { useCallback, useState } from 'react';
import { readPageSize, storePageSize } from './page-size.ts';

export interface ListState<Search> {
  search: Search;
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  applySearch: (search: Search) => void;
  /** Clears the search form (when given) and the applied search. */
  resetSearch: (form?: FormInstance) => void;
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

  const resetSearch = useCallback(
    (form?: FormInstance) => {
      form?.resetFields();
      setSearch(emptySearch);
      setPage(1);
    },
    [emptySearch],
  );

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

  return { search, page, pageSize, setPage, applySearch, resetSearch, changePage };
}
