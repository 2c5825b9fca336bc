/**
 * Video-platform rows as clients read them: new-api's task object (dto.TaskDto: ids, platform, action,
 * status, progress, times, quota, the video's `result_url` and the upstream's task as `data`) answered by
 * `GET /v1/video/generations/{task_id}`, and the OpenAI video object new-api answers a submission with.
 * The channel is not shown (users never see it, as in the usage log).
 */
import type { TaskRow } from '../../../db/schema.ts';
import { parseJson, shownProperties } from '../properties.ts';
import { platformOfRow } from './index.ts';

/** The finished video's URL of a row ('' while unfinished, failed, or for a platform without one). */
export function resultUrlOf(row: TaskRow): string {
  if (row.status !== 'SUCCESS') return '';
  return platformOfRow(row)?.videoUrl(parseJson(row.data)) ?? '';
}

/** new-api's TaskDto of a row. */
export function taskDto(row: TaskRow): Record<string, unknown> {
  const url = resultUrlOf(row);
  return {
    id: row.id,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    task_id: row.task_id,
    platform: row.platform,
    user_id: row.user_id,
    quota: Number(row.quota),
    action: row.action,
    status: row.status,
    fail_reason: row.fail_reason ?? '',
    ...(url ? { result_url: url } : {}),
    submit_time: Number(row.submit_time),
    start_time: Number(row.start_time),
    finish_time: Number(row.finish_time),
    progress: row.progress,
    properties: shownProperties(row.properties),
    data: parseJson(row.data),
  };
}

const VIDEO_STATUSES: Readonly<Record<string, string>> = {
  SUCCESS: 'completed',
  FAILURE: 'failed',
  IN_PROGRESS: 'in_progress',
};

/** new-api's OpenAI video object (dto.OpenAIVideo) of a row. */
export function openAiVideoOf(row: TaskRow): Record<string, unknown> {
  const url = resultUrlOf(row);
  const model = shownProperties(row.properties).model;
  return {
    id: row.task_id,
    task_id: row.task_id,
    object: 'video',
    model: typeof model === 'string' ? model : '',
    status: VIDEO_STATUSES[row.status] ?? 'queued',
    progress: Number.parseInt(row.progress, 10) || 0,
    created_at: Number(row.submit_time),
    ...(Number(row.finish_time) > 0 ? { completed_at: Number(row.finish_time) } : {}),
    ...(row.status === 'FAILURE' ? { error: { message: row.fail_reason ?? '', code: 'task_failed' } } : {}),
    ...(url ? { metadata: { url } } : {}),
  };
}
