/**
 * How video-platform tasks are polled (docs/tasks.md; the round itself is ../poll-loop.ts): per platform,
 * its unfinished rows (`platform` one of its channel types), each read at its channel by the platform, and
 * the platform's status mapping applied to the row — a failure refunded once (../finalize.ts).
 */
import type { TaskRow } from '../../../db/schema.ts';
import { isRecord } from '../../canonical/helpers.ts';
import type { PollResult, TaskPoller } from '../finalize.ts';
import { pollerOf, type TaskPoll, unfinishedTasks } from '../poll-loop.ts';
import { upstreamTaskId } from '../properties.ts';
import { VIDEO_PLATFORMS } from './index.ts';
import { progressOf, type VideoPlatform } from './platform.ts';

/** The row's columns for an upstream task object of `platform`, `now` in epoch milliseconds. */
export function videoRowUpdate(
  platform: VideoPlatform,
  task: Record<string, unknown>,
  row: TaskRow,
  now: number,
) {
  const state = platform.state(task);
  const seconds = Math.floor(now / 1000);
  const started = Number(row.start_time) > 0 ? Number(row.start_time) : seconds;
  const finished = state.status === 'SUCCESS' || state.status === 'FAILURE';
  return {
    status: state.status,
    progress: `${progressOf(state)}%`,
    fail_reason: state.status === 'FAILURE' ? state.reason || 'failed upstream' : null,
    start_time: state.status === 'SUBMITTED' || state.status === 'QUEUED' ? Number(row.start_time) : started,
    finish_time: finished ? seconds : 0,
    data: JSON.stringify(task),
    updated_at: seconds,
  };
}

/**
 * A polled task as the round passes it on: the upstream id it was read by (not every platform's task
 * object names its id) and the object.
 */
interface PolledTask extends Record<string, unknown> {
  id: string;
  task: Record<string, unknown>;
}

/** The polling of one video platform's rows. */
export function videoPlatformPoll(platform: VideoPlatform): TaskPoll<TaskRow> {
  return {
    platform: platform.name,
    table: 'tasks',
    pending: (context) => unfinishedTasks(context, platform.types.map(String), 1_000),
    clientId: (row) => row.task_id,
    submittedAt: (row) => Number(row.submit_time) * 1000,
    timeoutColumns: (now) => ({ finish_time: Math.floor(now / 1000), progress: '100%' }),
    batch: 1,
    upstreamId: upstreamTaskId,
    async read(context, channel, [id], [row]) {
      if (id === undefined || row === undefined) return [];
      const task = await platform.read(context, channel, id, row);
      return isRecord(task) ? [{ id, task } satisfies PolledTask] : [];
    },
    idOf: (polled) => String(polled.id),
    rowUpdate: (polled, row, now) => videoRowUpdate(platform, (polled as PolledTask).task, row, now),
  };
}

const rounds = VIDEO_PLATFORMS.map((platform) => pollerOf(videoPlatformPoll(platform)));

/** One polling round of every video platform, in turn (one failing does not stop the others). */
export const pollVideoPlatforms: TaskPoller = async (context, timeoutMs, now) => {
  const total: PollResult = { updated: 0, failed: 0 };
  for (const round of rounds) {
    const result = await round(context, timeoutMs, now).catch((error: unknown) => {
      context.logger.warn({ err: error }, 'video platform polling failed');
      return { updated: 0, failed: 0 };
    });
    total.updated += result.updated;
    total.failed += result.failed;
  }
  return total;
};
