/**
 * A `midjourneys` row as Midjourney-Proxy's task object (docs/tasks.md), and an upstream task object as
 * the row's columns. The key that paid for a task is kept in the row's `properties` under TOKEN_FIELD
 * (the table has no column for it) and never shown.
 */
import type { MidjourneyRow } from '../../../db/schema.ts';
import { asString, isRecord } from '../../canonical/helpers.ts';

export type { MidjourneyRow };

export const TOKEN_FIELD = 'switchyard_token_id';

function parsed(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The key id kept with a task (null when the task was not paid through a key of this gateway). */
export function taskTokenId(row: Pick<MidjourneyRow, 'properties'>): number | null {
  const properties = parsed(row.properties);
  const id = isRecord(properties) ? properties[TOKEN_FIELD] : undefined;
  return typeof id === 'number' ? id : null;
}

/** The task object a client reads (`imageUrl` through the gateway when `imageBase` is given). */
export function taskView(row: MidjourneyRow, imageBase: string | null): Record<string, unknown> {
  const properties = parsed(row.properties);
  const shown = isRecord(properties) ? { ...properties } : {};
  delete shown[TOKEN_FIELD];
  const imageUrl =
    row.image_url && imageBase ? `${imageBase}/mj/image/${encodeURIComponent(row.mj_id)}` : row.image_url;
  return {
    id: row.mj_id,
    action: row.action,
    prompt: row.prompt ?? '',
    promptEn: row.prompt_en ?? '',
    description: row.description ?? '',
    state: row.state ?? '',
    submitTime: Number(row.submit_time),
    startTime: Number(row.start_time),
    finishTime: Number(row.finish_time),
    imageUrl: imageUrl ?? '',
    videoUrl: row.video_url ?? '',
    status: row.status,
    progress: row.progress,
    failReason: row.fail_reason ?? '',
    buttons: parsed(row.buttons) ?? [],
    properties: shown,
  };
}

/** The columns an upstream task object updates (status, progress, times, image, buttons …). */
export function rowUpdateOf(task: Record<string, unknown>, row: Pick<MidjourneyRow, 'properties'>) {
  const kept = parsed(row.properties);
  const token = isRecord(kept) ? kept[TOKEN_FIELD] : undefined;
  const upstreamProperties = isRecord(task.properties) ? task.properties : {};
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  return {
    status: asString(task.status) ?? '',
    progress: asString(task.progress) ?? '',
    prompt_en: asString(task.promptEn) ?? null,
    description: asString(task.description) ?? null,
    image_url: asString(task.imageUrl) ?? null,
    video_url: asString(task.videoUrl) ?? null,
    fail_reason: asString(task.failReason) ?? null,
    start_time: number(task.startTime),
    finish_time: number(task.finishTime),
    buttons: Array.isArray(task.buttons) ? JSON.stringify(task.buttons) : null,
    properties: JSON.stringify({
      ...upstreamProperties,
      ...(token !== undefined ? { [TOKEN_FIELD]: token } : {}),
    }),
  };
}
