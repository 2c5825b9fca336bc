/**
 * A Suno `tasks` row as the Suno API's task object (docs/tasks.md), and an upstream task object as the
 * row's columns. Times are Unix seconds in both.
 */
import type { TaskRow } from '../../../db/schema.ts';
import { taskStateFields } from '../../../lib/task-state.ts';
import { asString } from '../../canonical/helpers.ts';
import { parseJson } from '../properties.ts';

export type { TaskRow };

export function sunoTaskView(row: TaskRow): Record<string, unknown> {
  return {
    task_id: row.task_id,
    ...taskStateFields(row),
    data: parseJson(row.data),
  };
}

export function sunoRowUpdate(task: Record<string, unknown>, now: number) {
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  return {
    status: asString(task.status) ?? '',
    progress: asString(task.progress) ?? '',
    fail_reason: asString(task.fail_reason) ?? null,
    start_time: number(task.start_time),
    finish_time: number(task.finish_time),
    data: task.data === undefined ? null : JSON.stringify(task.data),
    updated_at: Math.floor(now / 1000),
  };
}
