/** State and data of the drawing-log and task-log screens: the filter form, the page and the paged list. */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd';
import { useCallback, useState } from 'react';
import type { ApiReply, Page } from '../../../../common/api-types.ts';
import type { TaskLogFilters, TaskLogKind } from '../../api/task-logs.ts';
import { unwrapReply, useReportedError } from '../../pages/users/reply-data.ts';
import { useListState } from '../use-list-state.ts';
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
  const [form] = Form.useForm<TaskLogFilterValues>();
  const [values] = useState(initialValues);
  const [emptySearch] = useState(() => taskLogFiltersFromValues(values));
  const list = useListState<TaskLogFilters>(emptySearch);
  const { applySearch, resetSearch } = list;

  const query = { filters: list.search, page: list.page, pageSize: list.pageSize, admin };
  const result = useQuery({
    queryKey: taskLogQueryKeys.list(kind, query),
    queryFn: async (): Promise<Page<Row>> =>
      unwrapReply(await fetcher(query.filters, query.page, query.pageSize, query.admin)),
    placeholderData: keepPreviousData,
    retry: false,
  });
  useReportedError(result.error);

  const reload = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: [...taskLogQueryKeys.all, kind] }),
    [queryClient, kind],
  );
  const search = useCallback(
    (formValues: TaskLogFilterValues) => {
      applySearch(taskLogFiltersFromValues(formValues));
      reload();
    },
    [applySearch, reload],
  );
  const reset = useCallback(() => {
    resetSearch(form);
    reload();
  }, [resetSearch, form, reload]);

  return { form, initialValues: values, list, result, search, reset };
}
