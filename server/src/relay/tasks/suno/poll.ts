/**
 * Polling of unfinished Suno tasks (docs/tasks.md): per channel, in batches, the Suno API's `/suno/fetch`;
 * rows updated; failed or timed-out tasks failed and refunded exactly once (../finalize.ts).
 */
import type { AppContext } from '../../../context.ts';
import { isRecord } from '../../canonical/helpers.ts';
import { channelBase, exchangeJson } from '../channels.ts';
import { FINAL_STATUSES, failTask } from '../finalize.ts';
import type { PollResult } from '../midjourney/poll.ts';
import { taskTokenId } from '../properties.ts';
import { sunoRowUpdate, type TaskRow } from './view.ts';

const BATCH = 100;

function failure(row: TaskRow, reason: string, columns: Record<string, unknown> = {}) {
  return {
    table: 'tasks' as const,
    id: row.id,
    userId: row.user_id,
    tokenId: taskTokenId(row),
    channelId: row.channel_id,
    quota: Number(row.quota),
    label: `Suno task ${row.task_id}`,
    reason,
    columns,
  };
}

export async function pollSuno(
  context: AppContext,
  timeoutMs: number,
  now = Date.now(),
): Promise<PollResult> {
  const result: PollResult = { updated: 0, failed: 0 };
  const rows = await context.database.db
    .selectFrom('tasks')
    .selectAll()
    .where('platform', '=', 'suno')
    .where('status', 'not in', [...FINAL_STATUSES])
    .orderBy('id')
    .limit(5_000)
    .execute();
  const byChannel = new Map<number, TaskRow[]>();
  for (const row of rows) {
    if (Number(row.submit_time) * 1000 < now - timeoutMs) {
      const columns = { finish_time: Math.floor(now / 1000), progress: '100%' };
      if (await failTask(context, failure(row, 'timed out', columns))) result.failed += 1;
      continue;
    }
    byChannel.set(row.channel_id, [...(byChannel.get(row.channel_id) ?? []), row]);
  }
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
        if (!isRecord(task)) continue;
        const row = byId.get(String(task.task_id));
        if (!row) continue;
        const update = sunoRowUpdate(task, now);
        if (update.status === 'FAILURE') {
          const { status: _status, fail_reason: reason, ...columns } = update;
          if (await failTask(context, failure(row, reason || 'failed upstream', columns))) result.failed += 1;
          continue;
        }
        await context.database.db
          .updateTable('tasks')
          .set(update)
          .where('id', '=', row.id)
          .where('status', 'not in', [...FINAL_STATUSES])
          .execute();
        result.updated += 1;
      }
    }
  }
  return result;
}
