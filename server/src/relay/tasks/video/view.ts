/**
 * Video tasks (docs/tasks.md): a row's stored upstream video object as the client reads it, and OpenAI's
 * video statuses as the task log's (queued → QUEUED, in_progress → IN_PROGRESS, completed → SUCCESS,
 * failed → FAILURE).
 */
import type { TaskRow } from '../../../db/schema.ts';
import { asString, isRecord } from '../../canonical/helpers.ts';
import { parseJson, shownProperties } from '../properties.ts';

const STATUSES: Readonly<Record<string, string>> = {
  queued: 'QUEUED',
  in_progress: 'IN_PROGRESS',
  completed: 'SUCCESS',
  failed: 'FAILURE',
};

export function videoView(row: TaskRow): Record<string, unknown> {
  const stored = parseJson(row.data);
  const model = shownProperties(row.properties).model;
  return {
    ...(isRecord(stored) ? stored : { id: row.task_id, object: 'video' }),
    ...(model ? { model } : {}),
  };
}

/** The columns an upstream video object updates. */
export function videoRowUpdate(video: Record<string, unknown>, now: number) {
  const progress =
    typeof video.progress === 'number' ? Math.max(0, Math.min(100, Math.round(video.progress))) : 0;
  const status = STATUSES[asString(video.status) ?? ''] ?? 'UNKNOWN';
  const error = isRecord(video.error) ? asString(video.error.message) : undefined;
  const seconds = Math.floor(now / 1000);
  return {
    status,
    progress: status === 'SUCCESS' ? '100%' : `${progress}%`,
    fail_reason: error ?? null,
    start_time: status === 'QUEUED' ? 0 : seconds,
    finish_time:
      typeof video.completed_at === 'number' ? video.completed_at : status === 'SUCCESS' ? seconds : 0,
    data: JSON.stringify(video),
    updated_at: seconds,
  };
}
