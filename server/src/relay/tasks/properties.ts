/**
 * The `properties` JSON column of task rows (`midjourneys`, `tasks`): the upstream's properties, plus
 * private fields the tables have no column for and clients never see (docs/tasks.md): the id of the key
 * that paid (refunds need it), the client's callback with the secret of the gateway's own callback URL, and
 * for a Midjourney task the upstream's id of the task and of its parent (clients see the gateway's ids).
 */
import { readJsonColumn, readJsonObjectColumn } from '../../db/json-column.ts';
import { isRecord } from '../canonical/helpers.ts';

export const TOKEN_FIELD = 'switchyard_token_id';
export const NOTIFY_FIELD = 'switchyard_notify';
export const UPSTREAM_ID_FIELD = 'switchyard_upstream_id';
export const PARENT_FIELD = 'switchyard_parent';
const PRIVATE_FIELDS = [TOKEN_FIELD, NOTIFY_FIELD, UPSTREAM_ID_FIELD, PARENT_FIELD] as const;

/** A task's parent: the id clients know it by and the upstream's id of it. */
export interface ParentIds {
  id: string;
  upstreamId: string;
}

export interface PrivateFields {
  tokenId?: number | null;
  notify?: { secret: string; hook: string } | null;
  /** The upstream's id of a task whose id (the one clients see) the gateway issued. */
  upstreamId?: string | null;
  parent?: ParentIds | null;
}

/**
 * A task row's JSON column parsed (null when empty or not JSON), whether the driver hands it back as text
 * or, for new-api's `json` columns on PostgreSQL and MySQL, already parsed (server/src/db/json-column.ts).
 */
export function parseJson(value: unknown): unknown {
  return readJsonColumn(value) ?? null;
}

/** The private fields kept with a task. */
export function privateFields(row: { properties: unknown }): PrivateFields {
  const properties = parseJson(row.properties);
  if (!isRecord(properties)) return {};
  const tokenId = properties[TOKEN_FIELD];
  const notify = properties[NOTIFY_FIELD];
  const upstreamId = properties[UPSTREAM_ID_FIELD];
  const parent = properties[PARENT_FIELD];
  return {
    ...(typeof tokenId === 'number' ? { tokenId } : {}),
    ...(isRecord(notify) && typeof notify.secret === 'string' && typeof notify.hook === 'string'
      ? { notify: { secret: notify.secret, hook: notify.hook } }
      : {}),
    ...(typeof upstreamId === 'string' && upstreamId !== '' ? { upstreamId } : {}),
    ...(isRecord(parent) && typeof parent.id === 'string' && typeof parent.upstreamId === 'string'
      ? { parent: { id: parent.id, upstreamId: parent.upstreamId } }
      : {}),
  };
}

/**
 * The id the upstream knows a `tasks` row by: new-api keeps it in `private_data.upstream_task_id` when it
 * gave the task a public id of its own (`task_…`); otherwise, and for the rows Switchyard writes, it is
 * `task_id`.
 */
export function upstreamTaskId(row: { task_id: string; private_data?: unknown }): string {
  const upstream = readJsonObjectColumn(row.private_data).upstream_task_id;
  return typeof upstream === 'string' && upstream !== '' ? upstream : row.task_id;
}

/** The key id kept with a task (null when the task was not paid through a key of this gateway). */
export function taskTokenId(row: { properties: unknown }): number | null {
  return privateFields(row).tokenId ?? null;
}

/**
 * `properties` text: the upstream's, with the private fields added. Fields of the upstream's own that are
 * spelled like the private ones are dropped: only the gateway writes those.
 */
export function withPrivateFields(properties: Record<string, unknown>, fields: PrivateFields): string {
  const upstream = { ...properties };
  for (const field of PRIVATE_FIELDS) delete upstream[field];
  return JSON.stringify({
    ...upstream,
    ...(fields.tokenId ? { [TOKEN_FIELD]: fields.tokenId } : {}),
    ...(fields.notify ? { [NOTIFY_FIELD]: fields.notify } : {}),
    ...(fields.upstreamId ? { [UPSTREAM_ID_FIELD]: fields.upstreamId } : {}),
    ...(fields.parent ? { [PARENT_FIELD]: fields.parent } : {}),
  });
}

/** The properties a client may see (the private fields taken out). */
export function shownProperties(text: unknown): Record<string, unknown> {
  const properties = parseJson(text);
  const shown = isRecord(properties) ? { ...properties } : {};
  for (const field of PRIVATE_FIELDS) delete shown[field];
  return shown;
}
