/**
 * The `properties` JSON column of task rows (`midjourneys`, `tasks`): the upstream's properties, plus
 * private fields the tables have no column for and clients never see (docs/tasks.md): the id of the key
 * that paid (refunds need it) and the client's callback with the secret of the gateway's own callback URL.
 */
import { isRecord } from '../canonical/helpers.ts';

export const TOKEN_FIELD = 'switchyard_token_id';
export const NOTIFY_FIELD = 'switchyard_notify';
const PRIVATE_FIELDS = [TOKEN_FIELD, NOTIFY_FIELD] as const;

export interface PrivateFields {
  tokenId?: number | null;
  notify?: { secret: string; hook: string } | null;
}

export function parseJson(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The private fields kept with a task. */
export function privateFields(row: { properties: string | null }): PrivateFields {
  const properties = parseJson(row.properties);
  if (!isRecord(properties)) return {};
  const tokenId = properties[TOKEN_FIELD];
  const notify = properties[NOTIFY_FIELD];
  return {
    ...(typeof tokenId === 'number' ? { tokenId } : {}),
    ...(isRecord(notify) && typeof notify.secret === 'string' && typeof notify.hook === 'string'
      ? { notify: { secret: notify.secret, hook: notify.hook } }
      : {}),
  };
}

/** The key id kept with a task (null when the task was not paid through a key of this gateway). */
export function taskTokenId(row: { properties: string | null }): number | null {
  return privateFields(row).tokenId ?? null;
}

/** `properties` text: the upstream's, with the private fields added. */
export function withPrivateFields(properties: Record<string, unknown>, fields: PrivateFields): string {
  return JSON.stringify({
    ...properties,
    ...(fields.tokenId ? { [TOKEN_FIELD]: fields.tokenId } : {}),
    ...(fields.notify ? { [NOTIFY_FIELD]: fields.notify } : {}),
  });
}

/** The properties a client may see (the private fields taken out). */
export function shownProperties(text: string | null): Record<string, unknown> {
  const properties = parseJson(text);
  const shown = isRecord(properties) ? { ...properties } : {};
  for (const field of PRIVATE_FIELDS) delete shown[field];
  return shown;
}
