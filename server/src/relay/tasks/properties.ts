/**
 * The `properties` JSON column of task rows (`midjourneys`, `tasks`): the upstream's properties, plus the
 * id of the key that paid (TOKEN_FIELD; the tables have no column for it), which refunds need and
 * clients never see (docs/tasks.md).
 */
import { isRecord } from '../canonical/helpers.ts';

export const TOKEN_FIELD = 'switchyard_token_id';

export function parseJson(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The key id kept with a task (null when the task was not paid through a key of this gateway). */
export function taskTokenId(row: { properties: string | null }): number | null {
  const properties = parseJson(row.properties);
  const id = isRecord(properties) ? properties[TOKEN_FIELD] : undefined;
  return typeof id === 'number' ? id : null;
}

/** `properties` with the paying key's id added. */
export function withTokenId(properties: Record<string, unknown>, tokenId: number | null | undefined): string {
  return JSON.stringify({ ...properties, ...(tokenId ? { [TOKEN_FIELD]: tokenId } : {}) });
}

/** The properties a client may see (the key's id taken out). */
export function shownProperties(text: string | null): Record<string, unknown> {
  const properties = parseJson(text);
  const shown = isRecord(properties) ? { ...properties } : {};
  delete shown[TOKEN_FIELD];
  return shown;
}
