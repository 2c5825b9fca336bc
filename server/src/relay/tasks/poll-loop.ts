/**
 * The one polling round of every task platform (docs/tasks.md, "The engine"; server/src/jobs/task-polling.ts
 * runs each platform's in turn). A platform describes its polling — its unfinished rows, how it reads its
 * tasks at a channel (in batches, or one by one), and its status mapping (an upstream task object as the
 * row's columns) — and this round does the rest: rows past the timeout failed and refunded, the others
 * asked for at their channel, and each answer applied to its row, a failure refunded exactly once
 * (./finalize.ts).
 */
import type { AppContext } from '../../context.ts';
import type { CachedChannel } from '../cache/channel-cache.ts';
import { isRecord } from '../canonical/helpers.ts';
import type { TaskLabel } from './billing.ts';
import { taskChannel } from './channels.ts';
import {
  applyTaskState,
  expireAndGroup,
  type FailedTask,
  FINAL_STATUSES,
  type TaskPoller,
  type TaskStateUpdate,
  type UnfinishedRow,
} from './finalize.ts';

/** How a platform's tasks are polled. */
export interface TaskPoll<Row extends UnfinishedRow> {
  /** The platform's name in refund logs (a product name, the same in every language). */
  platform: string;
  table: FailedTask['table'];
  /** Its unfinished rows, oldest first (a bounded number per round). */
  pending(context: AppContext): Promise<Row[]>;
  /** The id the task's user knows it by (refund logs name it). */
  clientId(row: Row): string;
  /** When the row was submitted, in epoch milliseconds. */
  submittedAt(row: Row): number;
  /** Columns written with a timeout (finish time, progress), `now` in epoch milliseconds. */
  timeoutColumns(now: number): Record<string, unknown>;
  /** How many tasks one read asks for (1: one at a time). */
  batch: number;
  /** The id the upstream knows the row's task by. */
  upstreamId(row: Row): string;
  /**
   * The upstream's task objects for `ids` (upstream ids) at `channel`; none when it cannot answer. `rows`
   * are the rows asked for, in the order of `ids`.
   */
  read(
    context: AppContext,
    channel: CachedChannel,
    ids: readonly string[],
    rows: readonly Row[],
  ): Promise<unknown[]>;
  /** The upstream id in one of its task objects. */
  idOf(task: Record<string, unknown>): string;
  /** The status mapping: an upstream task object as the row's columns, `now` in epoch milliseconds. */
  rowUpdate(task: Record<string, unknown>, row: Row, now: number): TaskStateUpdate;
}

/** How log rows name a polled task. */
export function taskLabelOf<Row extends UnfinishedRow>(poll: TaskPoll<Row>, row: Row): TaskLabel {
  return { platform: poll.platform, id: poll.clientId(row) };
}

/** The polling round of a platform. */
export function pollerOf<Row extends UnfinishedRow>(poll: TaskPoll<Row>): TaskPoller {
  return async (context, timeoutMs, now = Date.now()) => {
    const label = (row: Row) => taskLabelOf(poll, row);
    const { byChannel, result } = await expireAndGroup(context, poll.table, await poll.pending(context), {
      label,
      submittedAt: (row) => poll.submittedAt(row),
      timeoutMs,
      now,
      columns: poll.timeoutColumns(now),
    });
    for (const [channelId, rows] of byChannel) {
      // A channel gone, or a multi-key one with every key disabled, is not asked: its rows wait (and time out).
      const channel = taskChannel(context, channelId);
      if (!channel) continue;
      for (let start = 0; start < rows.length; start += poll.batch) {
        const byId = new Map(rows.slice(start, start + poll.batch).map((row) => [poll.upstreamId(row), row]));
        const tasks = await poll.read(context, channel, [...byId.keys()], [...byId.values()]).catch(() => []);
        for (const task of tasks) {
          const row = isRecord(task) ? byId.get(poll.idOf(task)) : undefined;
          if (row && isRecord(task))
            await applyTaskState(
              context,
              poll.table,
              row,
              label(row),
              poll.rowUpdate(task, row, now),
              result,
            );
        }
      }
    }
    return result;
  };
}

/** The unfinished `tasks` rows of a platform (or of several platform names), oldest first, at most `limit`. */
export function unfinishedTasks(context: AppContext, platform: string | readonly string[], limit: number) {
  return context.database.db
    .selectFrom('tasks')
    .selectAll()
    .where('platform', 'in', typeof platform === 'string' ? [platform] : [...platform])
    .where('status', 'not in', [...FINAL_STATUSES])
    .orderBy('id')
    .limit(limit)
    .execute();
}
