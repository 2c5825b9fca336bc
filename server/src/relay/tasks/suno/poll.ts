/**
 * How Suno tasks are polled (docs/tasks.md; the round itself is ../poll-loop.ts): the unfinished `suno`
 * rows of `tasks`, asked for per channel in batches through the Suno API's `/suno/fetch`, and its task
 * objects mapped to the row's columns (./view.ts sunoRowUpdate).
 */
import { isRecord } from '../../canonical/helpers.ts';
import { channelBase, exchangeJson } from '../channels.ts';
import { pollerOf, type TaskPoll, unfinishedTasks } from '../poll-loop.ts';
import { upstreamTaskId } from '../properties.ts';
import { sunoRowUpdate, type TaskRow } from './view.ts';

export const sunoPoll: TaskPoll<TaskRow> = {
  platform: 'Suno',
  table: 'tasks',
  pending: (context) => unfinishedTasks(context, 'suno', 5_000),
  clientId: (row) => row.task_id,
  submittedAt: (row) => Number(row.submit_time) * 1000,
  timeoutColumns: (now) => ({ finish_time: Math.floor(now / 1000), progress: '100%' }),
  batch: 100,
  upstreamId: upstreamTaskId,
  async read(context, channel, ids) {
    const answer = await exchangeJson(context, channel, {
      url: `${channelBase(channel)}/suno/fetch`,
      method: 'POST',
      headers: { authorization: `Bearer ${channel.key}` },
      body: { ids },
    });
    return isRecord(answer.body) && Array.isArray(answer.body.data) ? answer.body.data : [];
  },
  idOf: (task) => String(task.task_id),
  rowUpdate: (task, _row, now) => sunoRowUpdate(task, now),
};

export const pollSuno = pollerOf(sunoPoll);
