/**
 * Pure mechanics of the settings forms (docs/reference/console-states.md): option strings ↔ form values, the list of changed keys a
 * section saves (one PUT per key), and the message the page shows once every call has answered.
 */

/** How one option is edited. Secrets start empty and are sent only when something was typed. */
export type FieldKind = 'switch' | 'text' | 'secret' | 'number' | 'textarea' | 'json' | 'select';

export type FormValue = string | number | boolean | null | undefined;

export interface OptionChange {
  key: string;
  value: string;
}

/** The server's option list as a key → value map. */
export function toOptionMap(entries: ReadonlyArray<{ key: string; value: string }>): Record<string, string> {
  const map: Record<string, string> = {};
  for (const entry of entries) map[entry.key] = entry.value ?? '';
  return map;
}

/** The form value of a stored option string. */
export function toFormValue(kind: FieldKind, stored: string | undefined): FormValue {
  const value = stored ?? '';
  switch (kind) {
    case 'switch':
      return value === 'true';
    case 'number': {
      if (value.trim() === '') return null;
      const parsed = Number(value);
      return Number.isFinite(parsed) ? parsed : null;
    }
    case 'secret':
      return '';
    default:
      return value;
  }
}

/** The option string the server stores for a form value. */
export function toOptionString(kind: FieldKind, value: FormValue): string {
  if (kind === 'switch') return value === true ? 'true' : 'false';
  if (value === null || value === undefined) return '';
  return String(value);
}

/** Drops the trailing slashes of an address (ServerAddress, PayAddress, WorkerUrl). */
export function stripTrailingSlash(address: string): string {
  return address.trim().replace(/\/+$/, '');
}

export interface FieldKindMap {
  [key: string]: FieldKind;
}

/**
 * The keys whose value differs from the loaded one, switches last (an enable-switch is refused by the server
 * while the values it needs are not saved yet). Secrets are changed only when non-empty.
 */
export function changedOptions(
  kinds: FieldKindMap,
  loaded: Readonly<Record<string, string>>,
  values: Readonly<Record<string, FormValue>>,
): OptionChange[] {
  const changes: OptionChange[] = [];
  for (const [key, kind] of Object.entries(kinds)) {
    const next = toOptionString(kind, values[key]);
    if (kind === 'secret') {
      if (next.trim() !== '') changes.push({ key, value: next });
      continue;
    }
    if (next !== (loaded[key] ?? '')) changes.push({ key, value: next });
  }
  return [
    ...changes.filter((change) => kinds[change.key] !== 'switch'),
    ...changes.filter((change) => kinds[change.key] === 'switch'),
  ];
}

/** How one PUT ended: ok, refused with the server's message, or no usable reply at all. */
export type SaveResult = { key: string; ok: true } | { key: string; ok: false; message: string | null };

export type SaveOutcome = 'nothing-changed' | 'saved' | 'partly-saved' | 'partly-unanswered' | 'failed';

/** docs/reference/console-errors.md save messages: all succeeded, some failed, a call returned nothing, all failed. */
export function saveOutcome(results: readonly SaveResult[]): SaveOutcome {
  if (results.length === 0) return 'nothing-changed';
  const failures = results.filter((result) => !result.ok);
  if (failures.length === 0) return 'saved';
  if (failures.length === results.length) return 'failed';
  if (failures.some((failure) => !failure.ok && failure.message === null)) return 'partly-unanswered';
  return 'partly-saved';
}

/** A fingerprint of the loaded values of some keys, to notice when a reload changed them. */
export function loadedSignature(keys: readonly string[], loaded: Readonly<Record<string, string>>): string {
  return JSON.stringify(keys.map((key) => loaded[key] ?? null));
}
