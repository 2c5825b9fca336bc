/**
 * A `midjourneys` row as Midjourney-Proxy's task object (docs/tasks.md), and an upstream task object as
 * the row's columns (the paying key's id in `properties` kept, never shown: ../properties.ts).
 */
import type { MidjourneyRow } from '../../../db/schema.ts';
import { asString, isRecord } from '../../canonical/helpers.ts';
import { parseJson, privateFields, shownProperties, withPrivateFields } from '../properties.ts';

export type { MidjourneyRow };

/** The task object a client reads (`imageUrl` through the gateway when `imageBase` is given). */
export function taskView(row: MidjourneyRow, imageBase: string | null): Record<string, unknown> {
  const shown = shownProperties(row.properties);
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
    buttons: parseJson(row.buttons) ?? [],
    properties: shown,
  };
}

/** The columns an upstream task object updates (status, progress, times, image, buttons …). */
export function rowUpdateOf(task: Record<string, unknown>, row: Pick<MidjourneyRow, 'properties'>) {
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
    properties: withPrivateFields(upstreamProperties, privateFields(row)),
  };
}
