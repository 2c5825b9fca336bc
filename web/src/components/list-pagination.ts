/**
 * The pagination of the list tables (list-page/PagedTable.tsx): the page-size choices of common/limits.ts
 * and a total, one server page per table page.
 */
import type { TablePaginationConfig } from 'antd/es/table';
import { PAGE_SIZE_OPTIONS } from '../../../common/limits.ts';

export interface ListPaginationOptions {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
  /** The total's text, e.g. "12 entries". */
  totalText: (total: number) => string;
}

export function listPagination(options: ListPaginationOptions): TablePaginationConfig {
  return {
    current: options.page,
    pageSize: options.pageSize,
    total: options.total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
    showTotal: options.totalText,
    onChange: options.onChange,
  };
}
