import type { FieldKind, FieldKindMap, FormValue } from './option-values.ts';
import { stripTrailingSlash, toFormValue } from './option-values.ts';

/** One option field of a settings section. Texts are translation keys. */
export interface FieldSpec {
  key: string;
  kind: FieldKind;
  label: string;
  help?: string;
  min?: number;
  max?: number;
  step?: number;
  /** Choices of a 'select' field: value and the translation key of its label. */
  choices?: ReadonlyArray<{ value: string; label: string }>;
  /** Disabled unless this switch (same section) is on. */
  enabledBy?: string;
  /** Trailing slashes are removed before saving (addresses). */
  stripSlash?: boolean;
  /** Empty or an http(s) address, checked as the server checks it (setting-rules.ts addressProblem). */
  address?: boolean;
  /** Turning the switch off asks first; cancel keeps it on. */
  confirmOff?: { title: string; content: string };
  /** A specialised editor instead of the default input of the kind. */
  editor?: 'domain-list';
  /** Occupies the whole row. */
  wide?: boolean;
}

/** What `optionField` takes besides the key and kind: the spec's other parts, with the texts by name. */
export type FieldOptions = Omit<FieldSpec, 'key' | 'kind' | 'label' | 'help'> & {
  /** The name of the field's texts when it is not the key (dotted keys have short names). */
  name?: string;
  /** `true`: the help text `settings.help.<name>`; a string: that translation key. */
  help?: true | string;
};

/**
 * A field of `key` labelled `settings.field.<name>` (the name is the key unless given), e.g.
 * `optionField('RetryTimes', 'number')` or `optionField('oidc.enabled', 'switch', { name: 'oidcEnabled' })`.
 */
export function optionField(key: string, kind: FieldKind, options: FieldOptions = {}): FieldSpec {
  const { name = key, help, ...rest } = options;
  const field: FieldSpec = { key, kind, label: `settings.field.${name}`, ...rest };
  if (help !== undefined) field.help = help === true ? `settings.help.${name}` : help;
  return field;
}

export function fieldKinds(fields: readonly FieldSpec[]): FieldKindMap {
  return Object.fromEntries(fields.map((field) => [field.key, field.kind]));
}

export function initialFormValues(
  fields: readonly FieldSpec[],
  loaded: Readonly<Record<string, string>>,
): Record<string, FormValue> {
  return Object.fromEntries(fields.map((field) => [field.key, toFormValue(field.kind, loaded[field.key])]));
}

/** The values a section saves: addresses without trailing slash, texts as typed. */
export function normalisedValues(
  fields: readonly FieldSpec[],
  values: Readonly<Record<string, FormValue>>,
): Record<string, FormValue> {
  const result: Record<string, FormValue> = { ...values };
  for (const field of fields) {
    const value = values[field.key];
    if (field.stripSlash && typeof value === 'string') result[field.key] = stripTrailingSlash(value);
  }
  return result;
}
