/**
 * What the traffic editors (./LimitRowsEditor.tsx, ./FallbackChainsEditor.tsx, ./ErrorPolicyTable.tsx,
 * ./AffinitySettings.tsx) share: reading a stored JSON option, the problems of a draft row as i18n keys,
 * and whether a draft differs from what is stored. Pure: no React.
 */

/** Why a draft cannot be saved: an i18n key and its values; `row` is 1-based, 0 for the section as a whole. */
export interface RowProblem {
  row: number;
  key: string;
  values?: Record<string, string | number>;
  /** The i18n key of the field the message names (its `{{field}}`), translated by the component. */
  fieldKey?: string;
}

/** A stored option's JSON object, or `unreadable` when the text is neither empty nor a JSON object. */
export function readStoredObject(stored: string | undefined): {
  value: Record<string, unknown>;
  unreadable: boolean;
} {
  const text = (stored ?? '').trim();
  if (text === '') return { value: {}, unreadable: false };
  try {
    const parsed: unknown = JSON.parse(text);
    if (isPlainObject(parsed)) return { value: parsed, unreadable: false };
  } catch {
    // falls through: shown as unreadable, replaced by the next save
  }
  return { value: {}, unreadable: true };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * True when `next` (compact JSON the editor would save) differs from the stored text: the stored JSON is
 * compared re-serialised, so spacing does not count, and an empty option counts as `empty`.
 */
export function jsonChanged(next: string, stored: string | undefined, empty: string): boolean {
  const text = (stored ?? '').trim();
  if (text === '') return next !== empty;
  try {
    return JSON.stringify(JSON.parse(text)) !== next;
  } catch {
    return true;
  }
}

/** An id for a new row, above every id in use (ids only key table rows). */
export function nextRowId(rows: ReadonlyArray<{ id: number }>): number {
  return rows.reduce((highest, row) => Math.max(highest, row.id), 0) + 1;
}

/** The names that occur more than once, in the order their second occurrence is met (rows 1-based). */
export function repeatedRows(names: readonly string[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  names.forEach((name, index) => {
    if (name === '') return;
    if (seen.has(name)) repeated.push(index + 1);
    seen.add(name);
  });
  return repeated;
}

/** The name of a group and model pair for repeatedRows: empty while either is empty (reported on its own). */
export function pairName(group: string, model: string): string {
  const [first, second] = [group.trim(), model.trim()];
  return first === '' || second === '' ? '' : `${first}\u0000${second}`;
}
