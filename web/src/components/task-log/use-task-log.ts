/** State and data of the drawing-log and task-log screens: the filter form, the page and the paged list. */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { ApiReply, Page } from '../../../../common/api-types.ts';
import type { TaskLogFilters, TaskLogKind } from '../../api/task-logs.ts';
import { usePagedTableData } from '../list-page/PagedTable.tsx';
import { useListState, useSearchForm } from '../use-list-state.ts';
import { usePageQuery } from '../use-reply-query.ts';
import { type TaskLogFilterValues, taskLogFiltersFromValues } from './task-log-filters.ts';

export type TaskLogFetcher<Row> = (
  filters: TaskLogFilters,
  page: number,
  pageSize: number,
  admin: boolean,
) => Promise<ApiReply<Page<Row>>>;

export const taskLogQueryKeys = {
  all: ['task-logs'] as const,
  list: (
    kind: TaskLogKind,
    query: { filters: TaskLogFilters; page: number; pageSize: number; admin: boolean },
  ) => ['task-logs', kind, query] as const,
};

/**
 * One screen's state: the form starts from `initialValues()` (read once), Search applies the form and goes
 * back to page 1 (the same search again reloads), Reset restores the initial values. Each table page is
 * one server page, fetched when the user reaches it, as in the usage log.
 */
export function useTaskLogScreen<Row>(
  kind: TaskLogKind,
  fetcher: TaskLogFetcher<Row>,
  admin: boolean,
  initialValues: () => TaskLogFilterValues,
) {
  const queryClient = useQueryClient();
  const [values] = useState(initialValues);
  const [emptySearch] = useState(() => taskLogFiltersFromValues(values));
  const list = useListState<TaskLogFilters>(emptySearch);
  const reload = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: [...taskLogQueryKeys.all, kind] }),
    [queryClient, kind],
  );
  const searchForm = useSearchForm(list, { toSearch: taskLogFiltersFromValues, reload });

  const query = { filters: list.search, page: list.page, pageSize: list.pageSize, admin };
  const result = usePageQuery(taskLogQueryKeys.list(kind, query), () =>
    fetcher(query.filters, query.page, query.pageSize, query.admin),
  );
  const table = usePagedTableData(list, result);

  return { initialValues: values, searchForm, table };
}
