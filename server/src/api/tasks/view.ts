/**
 * Drawing and task rows as the console sees them (common/api/tasks.ts). Users never see the channel, as
 * in the usage log (server/src/api/logs/view.ts). A drawing's `mj_id` is the id its user knows it by
 * (the gateway's own for the tasks it submitted, server/src/relay/tasks/midjourney/task-ids.ts). A video
 * platform's finished task also carries its video's `result_url` (server/src/relay/tasks/video-platforms/).
 */
import type { Selectable } from 'kysely';
import type { MidjourneyView, TaskView } from '../../../../common/api/tasks.ts';
import { jsonColumnText, readJsonColumn } from '../../db/json-column.ts';
import type { Database } from '../../db/schema.ts';
import { taskStateFields } from '../../lib/task-state.ts';

type MidjourneyRow = Selectable<Database['midjourneys']>;
type TaskRow = Selectable<Database['tasks']>;

/** Where result images are shown from: the upstream's address, or this site's forwarding route. */
export interface ImageAddressing {
  /** MjForwardUrlEnabled: images are served by this site at `<ServerAddress>/mj/image/<mj_id>`. */
  forward: boolean;
  /** The saved ServerAddress without a trailing slash; empty keeps the link relative to the console. */
  serverAddress: string;
  /**
   * Whether the public image route serves the row: only tasks whose id the gateway issued
   * (server/src/relay/tasks/midjourney/task-ids.ts), never a guessable id of a row adopted from new-api.
   */
  servedByImageRoute(row: Pick<MidjourneyRow, 'mj_id' | 'properties'>): boolean;
}

/**
 * A stored JSON column parsed for the reply; text that is not JSON is kept as it is, empty is null. new-api's
 * `json` columns come back already parsed on PostgreSQL and MySQL (server/src/db/json-column.ts).
 */
export function storedJson(value: unknown): unknown {
  const text = jsonColumnText(value);
  if (text === null) return null;
  const parsed = readJsonColumn(text);
  return parsed === undefined ? text : parsed;
}

function imageAddress(row: MidjourneyRow, addressing: ImageAddressing): string {
  const stored = row.image_url ?? '';
  // A row the image route does not serve (adopted from new-api) keeps the upstream's address.
  if (!addressing.forward || stored === '' || !addressing.servedByImageRoute(row)) return stored;
  return `${addressing.serverAddress}/mj/image/${encodeURIComponent(row.mj_id)}`;
}

/** The columns drawings and tasks share, as both views show them; the channel for admins only. */
function sharedFields(row: MidjourneyRow | TaskRow, admin: boolean) {
  return {
    id: row.id,
    user_id: row.user_id,
    ...taskStateFields(row),
    quota: Number(row.quota),
    ...(admin ? { channel_id: row.channel_id } : {}),
  };
}

export function toMidjourneyView(
  row: MidjourneyRow,
  admin: boolean,
  addressing: ImageAddressing,
): MidjourneyView {
  return {
    ...sharedFields(row, admin),
    created_at: Math.floor(Number(row.submit_time) / 1000),
    code: row.code,
    mj_id: row.mj_id,
    prompt: row.prompt ?? '',
    prompt_en: row.prompt_en ?? '',
    description: row.description ?? '',
    image_url: imageAddress(row, addressing),
    video_url: row.video_url ?? '',
  };
}

/** A task row as the task log shows it, with the finished video's URL of a video platform's task. */
export type TaskLogView = TaskView;

/** `resultUrl`: the finished video's URL of a row, '' when it has none (the relay knows where it is). */
export function toTaskView(row: TaskRow, admin: boolean, resultUrl: (row: TaskRow) => string): TaskLogView {
  const url = resultUrl(row);
  return {
    ...sharedFields(row, admin),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    task_id: row.task_id,
    platform: row.platform,
    properties: storedJson(row.properties),
    data: storedJson(row.data),
    ...(url ? { result_url: url } : {}),
  };
}
