/**
 * The type-specific parts of the channel form, read from the type's entry in common/channel-types.ts
 * (docs/reference/console-entities.md "Types with special forms"): how the base URL and `other` fields are
 * labelled, which notice shows, whether the key is a JSON document or optional. Labels are i18n keys.
 */
import { CHANNEL_TYPES, channelType } from '../../../../common/channel-types.ts';

export interface BaseUrlField {
  labelKey: string;
  placeholderKey: string;
  required: boolean;
  /** Addresses offered in a list (the field still accepts any address). */
  options?: readonly string[];
}

export interface OtherField {
  labelKey: string;
  placeholderKey: string;
  multiline: boolean;
  /** Text the 'fill template' link puts in the field. */
  template?: string;
}

export interface TypeNotice {
  kind: 'info' | 'warning';
  textKey: string;
}

export interface TypeFields {
  baseUrl: BaseUrlField;
  other: OtherField | null;
  notice: TypeNotice | null;
  /** The key is a service-account JSON document (multi-line box). */
  jsonKey: boolean;
  /** The type needs no key (a local Ollama or Xinference): the key box is not required. */
  keyOptional: boolean;
  /** The OpenAI organization field shows. */
  organization: boolean;
}

export function typeFields(type: number): TypeFields {
  const entry = channelType(type);
  const form = entry?.form;
  const baseUrlKind = form?.baseUrl ?? 'default';
  const other = form?.other;
  return {
    baseUrl: {
      labelKey: `channels.form.baseUrl.${baseUrlKind}.label`,
      placeholderKey: `channels.form.baseUrl.${baseUrlKind}.placeholder`,
      required: form?.baseUrlRequired === true,
      ...(form?.baseUrlOptions ? { options: form.baseUrlOptions } : {}),
    },
    other: other
      ? {
          labelKey: `channels.form.other.${other.kind}.label`,
          placeholderKey: `channels.form.other.${other.kind}.placeholder`,
          multiline: other.multiline === true,
          ...(other.template ? { template: other.template } : {}),
        }
      : null,
    notice: form?.notice
      ? { kind: form.notice.kind, textKey: `channels.form.notice.${form.notice.text}` }
      : null,
    jsonKey: entry?.key?.json === true,
    keyOptional: entry?.key?.optional === true,
    organization: form?.organization === true,
  };
}

export interface TypeOption {
  value: number;
  label: string;
  /** The relay cannot serve this type yet: shown, not selectable (the server refuses it too). */
  disabled: boolean;
}

/** The type select's options: every known provider by id. */
export function channelTypeOptions(): TypeOption[] {
  return CHANNEL_TYPES.map((entry) => ({
    value: entry.id,
    label: entry.name,
    disabled: entry.serves.length === 0,
  })).sort((first, second) => first.value - second.value);
}
