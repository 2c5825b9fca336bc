/**
 * How Midjourney tasks are polled (docs/tasks.md; the round itself is ../poll-loop.ts): the unfinished
 * `midjourneys` rows, asked for per channel in batches through Midjourney-Proxy's
 * `/mj/task/list-by-condition` under the upstream's ids (./task-ids.ts), and its task objects mapped to the
 * row's columns (./view.ts rowUpdateOf). Refund logs name a task by the id its user knows.
 */
import type { TaskLabel } from '../billing.ts';
import { channelBase, exchangeJson } from '../channels.ts';
import { FINAL_STATUSES } from '../finalize.ts';
import { pollerOf, type TaskPoll, taskLabelOf } from '../poll-loop.ts';
import { upstreamIdOf } from './task-ids.ts';
import { type MidjourneyRow, rowUpdateOf } from './view.ts';

export const midjourneyPoll: TaskPoll<MidjourneyRow> = {
  platform: 'Midjourney',
  table: 'midjourneys',
  pending: (context) =>
    context.database.db
      .selectFrom('midjourneys')
      .selectAll()
      .where('status', 'not in', [...FINAL_STATUSES])
      .where('mj_id', '!=', '')
      .orderBy('id')
      .limit(5_000)
      .execute(),
  clientId: (row) => row.mj_id,
  // Midjourney rows keep epoch milliseconds.
  submittedAt: (row) => Number(row.submit_time),
  timeoutColumns: (now) => ({ finish_time: now, progress: '100%' }),
  batch: 100,
  upstreamId: upstreamIdOf,
  async read(context, channel, ids) {
    const answer = await exchangeJson(context, channel, {
      url: `${channelBase(channel)}/mj/task/list-by-condition`,
      method: 'POST',
      headers: { 'mj-api-secret': channel.key },
      body: { ids },
    });
    return answer.status < 400 && Array.isArray(answer.body) ? answer.body : [];
  },
  idOf: (task) => String(task.id),
  rowUpdate: (task, row) => rowUpdateOf(task, row),
};

export const midjourneyLabel = (row: MidjourneyRow): TaskLabel => taskLabelOf(midjourneyPoll, row);

export const pollMidjourney = pollerOf(midjourneyPoll);
