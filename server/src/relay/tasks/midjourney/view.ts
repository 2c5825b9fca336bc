/**
 * A `midjourneys` row as Midjourney-Proxy's task object (docs/tasks.md), and an upstream task object as
 * the row's columns (the private fields in `properties` kept, never shown: ../properties.ts). Clients see
 * the gateway's ids only: a parent named in the upstream's texts (`/up <id> U1`, `relatedTaskId`) is
 * named by the id the client knows, and the upstream's `notifyHook` property — the gateway's secret
 * callback URL — is replaced by the client's own hook, or removed.
 */
import type { MidjourneyRow } from '../../../db/schema.ts';
import { asString, isRecord } from '../../canonical/helpers.ts';
import {
  type PrivateFields,
  parseJson,
  privateFields,
  shownProperties,
  withPrivateFields,
} from '../properties.ts';
import { issuedByGateway } from './task-ids.ts';

export type { MidjourneyRow };

/** The upstream's id of the parent replaced by the id the client knows it by. */
function withClientParent(text: string, fields: PrivateFields): string {
  return fields.parent ? text.split(fields.parent.upstreamId).join(fields.parent.id) : text;
}

function clientProperties(
  row: MidjourneyRow,
  fields: PrivateFields,
  issued: boolean,
): Record<string, unknown> {
  const shown = shownProperties(row.properties);
  if (fields.notify) shown.notifyHook = fields.notify.hook;
  else delete shown.notifyHook;
  if (issued && 'relatedTaskId' in shown) {
    if (fields.parent) shown.relatedTaskId = fields.parent.id;
    else delete shown.relatedTaskId;
  }
  return shown;
}

/**
 * The task object a client reads. With `imageBase`, `imageUrl` goes through the gateway's image proxy —
 * for tasks whose id the gateway issued only: the proxy is public, so it serves no guessable id.
 */
export function taskView(row: MidjourneyRow, imageBase: string | null): Record<string, unknown> {
  const fields = privateFields(row);
  const issued = issuedByGateway(row, fields);
  const imageUrl =
    row.image_url && imageBase && issued ? `${imageBase}/mj/image/${row.mj_id}` : row.image_url;
  return {
    id: row.mj_id,
    action: row.action,
    prompt: row.prompt ?? '',
    promptEn: row.prompt_en ?? '',
    description: withClientParent(row.description ?? '', fields),
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
    properties: clientProperties(row, fields, issued),
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
