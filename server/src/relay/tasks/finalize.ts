/**
 * The one step that ends a task badly, for every platform (docs/tasks.md): the row moves to FAILURE with a
 * conditional update that only succeeds while the row is still unfinished — so among several pollers (or
 * a poller and a callback) exactly one wins — and only the winner refunds.
 */
import type { AppContext } from '../../context.ts';
import { type RefundedTask, refundTask, type TaskLabel, TIMED_OUT_REASON } from './billing.ts';
import { taskTokenId } from './properties.ts';

export const FINAL_STATUSES = ['SUCCESS', 'FAILURE'] as const;

/** A task to fail: its row, and the refund it is owed (the reason is also its fail_reason). */
export interface FailedTask extends RefundedTask {
  table: 'midjourneys' | 'tasks';
  id: number;
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
  refundTask(context, task);
  return true;
}

/** What failing a row needs of it (a `midjourneys` or `tasks` row). */
export interface UnfinishedRow {
  id: number;
  user_id: number;
  channel_id: number;
  quota: number | bigint | string;
  properties: string | null;
}

/** The failure of `row` (its paying key read from its properties). */
export function failureOf(
  table: FailedTask['table'],
  row: UnfinishedRow,
  label: TaskLabel,
  reason: string,
  columns: Record<string, unknown> = {},
): FailedTask {
  return {
    table,
    id: row.id,
    userId: row.user_id,
    tokenId: taskTokenId(row),
    channelId: row.channel_id,
    quota: Number(row.quota),
    label,
    reason,
    columns,
  };
}

/** A task's polled (or called-back) state as its row's columns; its status one of the task statuses. */
export type TaskStateUpdate = { status: string; fail_reason: string | null } & Record<string, unknown>;

/** Counts of one polling round. */
export interface PollResult {
  updated: number;
  failed: number;
}

/** A platform's polling round (./poll-loop.ts; jobs/task-polling.ts runs them in turn): its counts. */
export type TaskPoller = (context: AppContext, timeoutMs: number, now?: number) => Promise<PollResult>;

/** A round's pending rows by channel, and its counts so far (the rows it timed out). */
export interface PendingRound<Row> {
  byChannel: Map<number, Row[]>;
  result: PollResult;
}

/**
 * Applies a task's polled (or called-back) state to its row: a FAILURE fails and refunds it (once), any
 * other state updates it while it is unfinished. Counts what happened in `result`.
 */
export async function applyTaskState(
  context: AppContext,
  table: FailedTask['table'],
  row: UnfinishedRow,
  label: TaskLabel,
  update: TaskStateUpdate,
  result?: PollResult,
): Promise<void> {
  if (update.status === 'FAILURE') {
    const { status: _status, fail_reason: reason, ...columns } = update;
    if (
      (await failTask(context, failureOf(table, row, label, reason || 'failed upstream', columns))) &&
      result
    )
      result.failed += 1;
    return;
  }
  await context.database.db
    .updateTable(table)
    .set(update as never)
    .where('id', '=', row.id)
    .where('status', 'not in', [...FINAL_STATUSES])
    .execute();
  if (result) result.updated += 1;
}

/** Fails and refunds a row still unfinished after the timeout; true when this call did. */
export function expire(
  context: AppContext,
  table: FailedTask['table'],
  row: UnfinishedRow,
  label: TaskLabel,
  columns: Record<string, unknown>,
): Promise<boolean> {
  return failTask(context, failureOf(table, row, label, TIMED_OUT_REASON, columns));
}

/**
 * The start of a polling round: fails and refunds the rows submitted longer than `timeoutMs` ago, counted
 * in the round's result, and returns the others grouped by channel, ready to be asked for.
 */
export async function expireAndGroup<Row extends UnfinishedRow>(
  context: AppContext,
  table: FailedTask['table'],
  rows: readonly Row[],
  how: {
    label(row: Row): TaskLabel;
    /** When the row was submitted, in epoch milliseconds. */
    submittedAt(row: Row): number;
    timeoutMs: number;
    now: number;
    /** Columns written with a timeout (finish time, progress). */
    columns: Record<string, unknown>;
  },
): Promise<PendingRound<Row>> {
  const result: PollResult = { updated: 0, failed: 0 };
  const byChannel = new Map<number, Row[]>();
  for (const row of rows) {
    if (how.submittedAt(row) < how.now - how.timeoutMs) {
      if (await expire(context, table, row, how.label(row), how.columns)) result.failed += 1;
      continue;
    }
    const list = byChannel.get(row.channel_id);
    if (list) list.push(row);
    else byChannel.set(row.channel_id, [row]);
  }
  return { byChannel, result };
}
