/**
 * Polling of unfinished Suno tasks (docs/tasks.md): per channel, in batches, the Suno API's `/suno/fetch`;
 * each task's state applied to its row; failed or timed-out tasks failed and refunded exactly once
 * (../finalize.ts).
 */
import { isRecord } from '../../canonical/helpers.ts';
import type { TaskLabel } from '../billing.ts';
import { channelBase, exchangeJson } from '../channels.ts';
import { applyTaskState, pendingTasksByChannel, type TaskPoller } from '../finalize.ts';
import { sunoRowUpdate, type TaskRow } from './view.ts';

const BATCH = 100;

const label = (row: TaskRow): TaskLabel => ({ platform: 'Suno', id: row.task_id });

export const pollSuno: TaskPoller = async (context, timeoutMs, now = Date.now()) => {
  const { byChannel, result } = await pendingTasksByChannel(context, 'suno', {
    limit: 5_000,
    label,
    timeoutMs,
    now,
    columns: { finish_time: Math.floor(now / 1000), progress: '100%' },
  });
  for (const [channelId, list] of byChannel) {
    const channel = context.channelCache.get(channelId);
    if (!channel) continue;
    for (let start = 0; start < list.length; start += BATCH) {
      const byId = new Map(list.slice(start, start + BATCH).map((row) => [row.task_id, row]));
      const answer = await exchangeJson(context, channel, {
        url: `${channelBase(channel)}/suno/fetch`,
        method: 'POST',
        headers: { authorization: `Bearer ${channel.key}` },
        body: { ids: [...byId.keys()] },
      }).catch(() => null);
      const tasks =
        answer && isRecord(answer.body) && Array.isArray(answer.body.data) ? answer.body.data : [];
      for (const task of tasks) {
        const row = isRecord(task) ? byId.get(String(task.task_id)) : undefined;
        if (row && isRecord(task))
          await applyTaskState(context, 'tasks', row, label(row), sunoRowUpdate(task, now), result);
      }
    }
  }
  return result;
};
