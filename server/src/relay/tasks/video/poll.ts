/**
 * How video tasks are polled (docs/tasks.md; the round itself is ../poll-loop.ts): the unfinished `openai`
 * rows of `tasks`, each asked for at its channel (`GET /v1/videos/{id}`: OpenAI has no batch read), and
 * OpenAI's video objects mapped to the row's columns (./view.ts videoRowUpdate: queued → QUEUED,
 * in_progress → IN_PROGRESS, completed → SUCCESS, failed → FAILURE).
 */
import { isRecord } from '../../canonical/helpers.ts';
import { channelBase, exchangeJson } from '../channels.ts';
import type { TaskPoller } from '../finalize.ts';
import { pollerOf, type TaskPoll, unfinishedTasks } from '../poll-loop.ts';
import { upstreamTaskId } from '../properties.ts';
import type { TaskRow } from '../suno/view.ts';
import { pollVideoPlatforms } from '../video-platforms/poll.ts';
import { videoRowUpdate } from './view.ts';

/** Video tasks of OpenAI's /v1/videos (the `openai` platform of the tasks table). */
export const videoPoll: TaskPoll<TaskRow> = {
  platform: 'OpenAI',
  table: 'tasks',
  pending: (context) => unfinishedTasks(context, 'openai', 1_000),
  clientId: (row) => row.task_id,
  submittedAt: (row) => Number(row.submit_time) * 1000,
  timeoutColumns: (now) => ({ finish_time: Math.floor(now / 1000) }),
  batch: 1,
  upstreamId: upstreamTaskId,
  async read(context, channel, [id]) {
    const answer = await exchangeJson(context, channel, {
      url: `${channelBase(channel) || 'https://api.openai.com'}/v1/videos/${encodeURIComponent(id ?? '')}`,
      method: 'GET',
      headers: { authorization: `Bearer ${channel.key}` },
    });
    return answer.status < 400 && isRecord(answer.body) ? [answer.body] : [];
  },
  idOf: (video) => String(video.id),
  rowUpdate: (video, _row, now) => videoRowUpdate(video, now),
};

const pollOpenAiVideos = pollerOf(videoPoll);

/** The polling round of every video: OpenAI's, then the other video platforms' (../video-platforms/poll.ts). */
export const pollVideos: TaskPoller = async (context, timeoutMs, now) => {
  const openai = await pollOpenAiVideos(context, timeoutMs, now);
  const others = await pollVideoPlatforms(context, timeoutMs, now);
  return { updated: openai.updated + others.updated, failed: openai.failed + others.failed };
};
