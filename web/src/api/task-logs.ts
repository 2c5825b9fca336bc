/**
 * Typed calls of the drawing-log and task-log lists (docs/decisions/0011-task-log-lists.md). Admins read
 * every row through /api/mj/ and /api/task/ (with a channel filter); everyone else reads their own through
 * the `self` variants. Timestamps are unix seconds.
 */
import type { Page } from '../../../common/api/reply.ts';
import type { MidjourneyView, TaskView } from '../../../common/api/tasks.ts';
import { http, type QueryParams } from './client.ts';

export type { MidjourneyView, TaskView };

/** The filters of both screens; empty strings and null mean "no filter". */
export interface TaskLogFilters {
  /** Admin only: a channel id, or null for every channel. */
  channel: number | null;
  /**
   * The task id: `mj_id` of a drawing (the id its user knows: the gateway's own for the tasks it submitted,
   * the upstream's for rows adopted from new-api, docs/tasks.md "Task ids"), `task_id` of a task.
   */
  upstreamId: string;
  /** Unix seconds, or null for no lower bound. */
  startTimestamp: number | null;
  /** Unix seconds, or null for no upper bound. */
  endTimestamp: number | null;
}

export type TaskLogKind = 'midjourney' | 'task';

const endpoints: Record<TaskLogKind, { admin: string; self: string; idParam: string }> = {
  midjourney: { admin: '/api/mj/', self: '/api/mj/self', idParam: 'mj_id' },
  task: { admin: '/api/task/', self: '/api/task/self', idParam: 'task_id' },
};

/** The query string of a list: empty filters are left out, the channel is sent by admins only. */
export function taskLogParams(kind: TaskLogKind, filters: TaskLogFilters, admin: boolean): QueryParams {
  const upstreamId = filters.upstreamId.trim();
  const params: QueryParams = {
    [endpoints[kind].idParam]: upstreamId === '' ? undefined : upstreamId,
    start_timestamp: filters.startTimestamp ?? undefined,
    end_timestamp: filters.endTimestamp ?? undefined,
  };
  if (admin) params.channel_id = filters.channel ?? undefined;
  return params;
}

function fetchTaskLog<Row>(
  kind: TaskLogKind,
  filters: TaskLogFilters,
  page: number,
  pageSize: number,
  admin: boolean,
) {
  const url = admin ? endpoints[kind].admin : endpoints[kind].self;
  return http.get<Page<Row>>(url, { p: page, page_size: pageSize, ...taskLogParams(kind, filters, admin) });
}

export function fetchMidjourneys(filters: TaskLogFilters, page: number, pageSize: number, admin: boolean) {
  return fetchTaskLog<MidjourneyView>('midjourney', filters, page, pageSize, admin);
}

export function fetchTasks(filters: TaskLogFilters, page: number, pageSize: number, admin: boolean) {
  return fetchTaskLog<TaskView>('task', filters, page, pageSize, admin);
}
