/**
 * Polling of unfinished video tasks (docs/tasks.md): each one asked for at its channel
 * (`GET /v1/videos/{id}`, OpenAI has no batch read); rows updated; failed or timed-out videos failed and
 * refunded exactly once (../finalize.ts).
 */
import type { AppContext } from '../../../context.ts';
import { isRecord } from '../../canonical/helpers.ts';
import { channelBase, exchangeJson } from '../channels.ts';
import { FINAL_STATUSES, failTask } from '../finalize.ts';
import type { PollResult } from '../midjourney/poll.ts';
import { taskTokenId } from '../properties.ts';
import type { TaskRow } from '../suno/view.ts';
import { videoRowUpdate } from './view.ts';

function failure(row: TaskRow, reason: string, columns: Record<string, unknown> = {}) {
  return {
    table: 'tasks' as const,
    id: row.id,
    userId: row.user_id,
    tokenId: taskTokenId(row),
    channelId: row.channel_id,
    quota: Number(row.quota),
    label: `Video ${row.task_id}`,
    reason,
    columns,
  };
}

export async function pollVideos(
  context: AppContext,
  timeoutMs: number,
  now = Date.now(),
): Promise<PollResult> {
  const result: PollResult = { updated: 0, failed: 0 };
  const rows = await context.database.db
    .selectFrom('tasks')
    .selectAll()
    .where('platform', '=', 'openai')
    .where('status', 'not in', [...FINAL_STATUSES])
    .orderBy('id')
    .limit(1_000)
    .execute();
  for (const row of rows) {
    if (Number(row.submit_time) * 1000 < now - timeoutMs) {
      if (await failTask(context, failure(row, 'timed out', { finish_time: Math.floor(now / 1000) })))
        result.failed += 1;
      continue;
    }
    const channel = context.channelCache.get(row.channel_id);
    if (!channel) continue;
    const answer = await exchangeJson(context, channel, {
      url: `${channelBase(channel) || 'https://api.openai.com'}/v1/videos/${encodeURIComponent(row.task_id)}`,
      method: 'GET',
      headers: { authorization: `Bearer ${channel.key}` },
    }).catch(() => null);
    if (!answer || answer.status >= 400 || !isRecord(answer.body)) continue;
    const update = videoRowUpdate(answer.body, now);
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
  return result;
}
