/**
 * The table of a list page: one server page per table page, the page-size choices (list-pagination.ts),
 * horizontal scrolling, and on a phone no pinned columns, since a pinned action column there is wider
 * than the room beside it and covers the columns that scroll under it.
 */
import { Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import type { Page } from '../../../../common/api-types.ts';
import { listPagination } from '../list-pagination.ts';
import { useIsMobile } from '../use-is-mobile.ts';
import { type ListState, useLastPageEmptied } from '../use-list-state.ts';

/** What a list page hands its table: the rows of the page and its paging. */
export interface PagedTableData<Row> {
  rows: Row[];
  loading: boolean;
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number, pageSize: number) => void;
}

interface PageResult<Row> {
  data?: Page<Row>;
  isFetching: boolean;
  isPlaceholderData: boolean;
}

const NO_ROWS: never[] = [];

/**
 * The table data of a list state and its page query. After the last rows of the last page were deleted,
 * the page that now is the last one is shown.
 */
export function usePagedTableData<Row>(
  list: Pick<ListState<unknown>, 'page' | 'pageSize' | 'setPage' | 'changePage'>,
  result: PageResult<Row>,
): PagedTableData<Row> {
  const rows = result.data?.items ?? NO_ROWS;
  const total = result.data?.total ?? 0;
  useLastPageEmptied(list, { rowCount: rows.length, total, settled: !result.isPlaceholderData });
  return {
    rows,
    loading: result.isFetching,
    page: list.page,
    pageSize: list.pageSize,
    total,
    onPageChange: list.changePage,
  };
}

export interface PagedTableProps<Row>
  extends Omit<TableProps<Row>, 'columns' | 'dataSource' | 'loading' | 'pagination'> {
  /** The test id of the box around the table. */
  testId: string;
  data: PagedTableData<Row>;
  columns: ColumnsType<Row>;
  /** The total's text, e.g. "12 entries". */
  totalText: (total: number) => string;
  /** The row actions, as the last column (pinned at the right edge, except on a phone). */
  actions?: { title: string; render: (row: Row) => ReactNode };
}

/** Rows are keyed by their `id` unless `rowKey` says otherwise (e.g. rows of several kinds). */
export function PagedTable<Row extends object>(props: PagedTableProps<Row>) {
  const { testId, data, columns, totalText, actions, rowKey = 'id', ...tableProps } = props;
  const isMobile = useIsMobile();
  const allColumns: ColumnsType<Row> = actions
    ? [
        ...columns,
        {
          title: actions.title,
          key: 'actions',
          fixed: 'right',
          render: (_value, row) => actions.render(row),
        },
      ]
    : columns;
  const shownColumns = isMobile ? allColumns.map(({ fixed: _pinned, ...column }) => column) : allColumns;
  return (
    <div data-testid={testId}>
      <Table<Row>
        rowKey={rowKey}
        columns={shownColumns}
        dataSource={data.rows}
        loading={data.loading}
        pagination={listPagination({
          page: data.page,
          pageSize: data.pageSize,
          total: data.total,
          onChange: data.onPageChange,
          totalText,
        })}
        scroll={{ x: 'max-content' }}
        {...tableProps}
      />
    </div>
  );
}
