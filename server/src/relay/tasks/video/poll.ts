/**
 * Polling of unfinished video tasks (docs/tasks.md): each one asked for at its channel
 * (`GET /v1/videos/{id}`, OpenAI has no batch read); its state applied to its row; failed or timed-out
 * videos failed and refunded exactly once (../finalize.ts).
 */
import { isRecord } from '../../canonical/helpers.ts';
import type { TaskLabel } from '../billing.ts';
import { channelBase, exchangeJson } from '../channels.ts';
import { applyTaskState, pendingTasksByChannel, type TaskPoller } from '../finalize.ts';
import type { TaskRow } from '../suno/view.ts';
import { videoRowUpdate } from './view.ts';

/** Video tasks of OpenAI's /v1/videos (the `openai` platform of the tasks table). */
const label = (row: TaskRow): TaskLabel => ({ platform: 'OpenAI', id: row.task_id });

export const pollVideos: TaskPoller = async (context, timeoutMs, now = Date.now()) => {
  const { byChannel, result } = await pendingTasksByChannel(context, 'openai', {
    limit: 1_000,
    label,
    timeoutMs,
    now,
    columns: { finish_time: Math.floor(now / 1000) },
  });
  for (const row of [...byChannel.values()].flat()) {
    const channel = context.channelCache.get(row.channel_id);
    if (!channel) continue;
    const answer = await exchangeJson(context, channel, {
      url: `${channelBase(channel) || 'https://api.openai.com'}/v1/videos/${encodeURIComponent(row.task_id)}`,
      method: 'GET',
      headers: { authorization: `Bearer ${channel.key}` },
    }).catch(() => null);
    if (!answer || answer.status >= 400 || !isRecord(answer.body)) continue;
    await applyTaskState(context, 'tasks', row, label(row), videoRowUpdate(answer.body, now), result);
  }
  return result;
};
