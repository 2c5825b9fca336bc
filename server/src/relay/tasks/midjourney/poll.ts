/**
 * Polling of unfinished Midjourney tasks (docs/tasks.md): per channel, in batches, Midjourney-Proxy's
 * `/mj/task/list-by-condition` under the upstream's ids (./task-ids.ts); each task's state applied to its
 * row; a task that failed, or that is still unfinished after the timeout, failed and refunded exactly once
 * (../finalize.ts). Refund logs name a task by the id its user knows.
 */
import type { TaskLabel } from '../billing.ts';
import { channelBase, exchangeJson } from '../channels.ts';
import { applyTaskState, expireAndGroup, FINAL_STATUSES, type TaskPoller } from '../finalize.ts';
import { upstreamIdOf } from './task-ids.ts';
import { type MidjourneyRow, rowUpdateOf } from './view.ts';

const BATCH = 100;

export const midjourneyLabel = (row: MidjourneyRow): TaskLabel => ({ platform: 'Midjourney', id: row.mj_id });

export const pollMidjourney: TaskPoller = async (context, timeoutMs, now = Date.now()) => {
  const rows = await context.database.db
    .selectFrom('midjourneys')
    .selectAll()
    .where('status', 'not in', [...FINAL_STATUSES])
    .where('mj_id', '!=', '')
    .orderBy('id')
    .limit(5_000)
    .execute();
  const { byChannel, result } = await expireAndGroup(context, 'midjourneys', rows, {
    label: midjourneyLabel,
    submittedAt: (row) => Number(row.submit_time),
    timeoutMs,
    now,
    columns: { finish_time: now, progress: '100%' },
  });
  for (const [channelId, list] of byChannel) {
    const channel = context.channelCache.get(channelId);
    if (!channel) continue;
    for (let start = 0; start < list.length; start += BATCH) {
      const byId = new Map(list.slice(start, start + BATCH).map((row) => [upstreamIdOf(row), row]));
      const answer = await exchangeJson(context, channel, {
        url: `${channelBase(channel)}/mj/task/list-by-condition`,
        method: 'POST',
        headers: { 'mj-api-secret': channel.key },
        body: { ids: [...byId.keys()] },
      }).catch(() => null);
      if (!answer || answer.status >= 400 || !Array.isArray(answer.body)) continue;
      for (const task of answer.body) {
        if (typeof task !== 'object' || task === null) continue;
        const row = byId.get(String((task as { id?: unknown }).id));
        if (!row) continue;
        const update = rowUpdateOf(task as Record<string, unknown>, row);
        await applyTaskState(context, 'midjourneys', row, midjourneyLabel(row), update, result);
      }
    }
  }
  return result;
};
