/**
 * Polling of unfinished Midjourney tasks (docs/tasks.md): per channel, in batches, Midjourney-Proxy's
 * `/mj/task/list-by-condition`; each task's row updated; a task that failed, or that is still unfinished
 * after the timeout, failed and refunded exactly once (../finalize.ts).
 */
import type { AppContext } from '../../../context.ts';
import { channelBase, exchangeJson } from '../channels.ts';
import { FINAL_STATUSES, failTask } from '../finalize.ts';
import { taskTokenId } from '../properties.ts';
import { type MidjourneyRow, rowUpdateOf } from './view.ts';

const BATCH = 100;

export interface PollResult {
  updated: number;
  failed: number;
}

/** The failure of a task row, for failTask. */
export function midjourneyFailure(row: MidjourneyRow, reason: string, columns: Record<string, unknown> = {}) {
  return {
    table: 'midjourneys' as const,
    id: row.id,
    userId: row.user_id,
    tokenId: taskTokenId(row),
    channelId: row.channel_id,
    quota: Number(row.quota),
    label: `Midjourney task ${row.mj_id}`,
    reason,
    columns,
  };
}

export async function pollMidjourney(
  context: AppContext,
  timeoutMs: number,
  now = Date.now(),
): Promise<PollResult> {
  const result: PollResult = { updated: 0, failed: 0 };
  const rows = await context.database.db
    .selectFrom('midjourneys')
    .selectAll()
    .where('status', 'not in', [...FINAL_STATUSES])
    .where('mj_id', '!=', '')
    .orderBy('id')
    .limit(5_000)
    .execute();
  const byChannel = new Map<number, MidjourneyRow[]>();
  for (const row of rows) {
    if (Number(row.submit_time) < now - timeoutMs) {
      if (
        await failTask(context, midjourneyFailure(row, 'timed out', { finish_time: now, progress: '100%' }))
      )
        result.failed += 1;
      continue;
    }
    const list = byChannel.get(row.channel_id) ?? [];
    list.push(row);
    byChannel.set(row.channel_id, list);
  }
  for (const [channelId, list] of byChannel) {
    const channel = context.channelCache.get(channelId);
    if (!channel) continue;
    for (let start = 0; start < list.length; start += BATCH) {
      const batch = list.slice(start, start + BATCH);
      const byId = new Map(batch.map((row) => [row.mj_id, row]));
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
        if (update.status === 'FAILURE') {
          const { status: _status, fail_reason: reason, ...columns } = update;
          if (await failTask(context, midjourneyFailure(row, reason || 'failed upstream', columns)))
            result.failed += 1;
          continue;
        }
        await context.database.db
          .updateTable('midjourneys')
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
