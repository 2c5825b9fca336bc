/**
 * The before/after of an audit row (docs/audit.md "What a row keeps"): for an update only the fields that
 * changed, secrets masked after comparing (so a changed key still shows as changed), each side limited in
 * size as JSON text.
 */
import { maskSecrets } from './mask.ts';

export type State = Record<string, unknown>;

/** Each side of a row is at most this many characters of JSON. */
export const STATE_LIMIT = 16 * 1024;
/** Strings longer than this are cut when a side is over the limit. */
const LONG_STRING = 512;
export const TRUNCATED = '…[truncated]';

function same(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

/** Only the fields that differ; a side that is absent (create, delete) is kept whole. */
export function changedFields(
  before: State | null,
  after: State | null,
): { before: State | null; after: State | null } {
  if (!before || !after) return { before, after };
  const changedBefore: State = {};
  const changedAfter: State = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (same(before[field], after[field])) continue;
    if (field in before) changedBefore[field] = before[field];
    if (field in after) changedAfter[field] = after[field];
  }
  return { before: changedBefore, after: changedAfter };
}

function cutStrings(value: unknown): unknown {
  if (typeof value === 'string')
    return value.length > LONG_STRING ? `${value.slice(0, LONG_STRING)}${TRUNCATED}` : value;
  if (Array.isArray(value)) return value.map(cutStrings);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([field, inner]) => [field, cutStrings(inner)]));
  return value;
}

/** JSON text of a state within `limit` characters: long strings cut first, then the text itself. */
export function limitedJson(state: State | null, limit = STATE_LIMIT): string {
  if (state === null) return '';
  const whole = JSON.stringify(state);
  if (whole.length <= limit) return whole;
  const cut = JSON.stringify(cutStrings(state));
  if (cut.length <= limit) return cut;
  // The text kept as one string (its quotes escaped, so shortened until the whole fits).
  let length = limit - 64;
  for (;;) {
    const kept = JSON.stringify({ [TRUNCATED]: cut.slice(0, length) });
    if (kept.length <= limit) return kept;
    length -= kept.length - limit;
  }
}

/**
 * The stored sides of a change: changed fields only, secrets masked (`isSecret` for top-level fields),
 * each at most STATE_LIMIT.
 */
export function auditStates(
  before: State | null,
  after: State | null,
  isSecret?: (field: string) => boolean,
): { before: string; after: string } {
  const changed = changedFields(before, after);
  const mask = (state: State | null) => (state ? (maskSecrets(state, isSecret) as State) : null);
  return { before: limitedJson(mask(changed.before)), after: limitedJson(mask(changed.after)) };
}
