/**
 * The one step that ends a task badly, for every platform (docs/tasks.md): the row moves to FAILURE with a
 * conditional update that only succeeds while the row is still unfinished — so among several pollers (or
 * a poller and a callback) exactly one wins — and only the winner refunds.
 */
import type { AppContext } from '../../context.ts';
import { refundTask } from './billing.ts';

export const FINAL_STATUSES = ['SUCCESS', 'FAILURE'] as const;

export interface FailedTask {
  table: 'midjourneys' | 'tasks';
  id: number;
  userId: number;
  tokenId: number | null;
  channelId: number;
  quota: number;
  label: string;
  reason: string;
  /** Other columns written with the failure (progress, finish time …). */
  columns?: Record<string, unknown>;
}

/** Marks the task failed and refunds it, unless another poller did first; true when this call did. */
export async function failTask(context: AppContext, task: FailedTask): Promise<boolean> {
  const result = await context.database.db
    .updateTable(task.table)
    .set({ ...task.columns, status: 'FAILURE', fail_reason: task.reason } as never)
    .where('id', '=', task.id)
    .where('status', 'not in', [...FINAL_STATUSES])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  refundTask(context, {
    userId: task.userId,
    tokenId: task.tokenId,
    channelId: task.channelId,
    quota: task.quota,
    label: task.label,
    reason: task.reason,
  });
  return true;
}
