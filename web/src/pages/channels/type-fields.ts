/**
 * The type-specific parts of the channel form (docs/reference/console-entities.md "Types with special forms": 1, 2, 3, 5, 8, 15,
 * 18, 21, 22, 23, 33, 36, 37, 39, 40, 41, 45): how the base URL and `other` fields are labelled, which
 * notice shows, whether the key is a JSON document or optional. Labels are i18n keys.
 */
import {
  channelTypeNames,
  keyOptionalChannelTypes,
  servedChannelTypes,
} from '../../../../common/channel-types.ts';
import { TYPES_REQUIRING_BASE_URL } from './channel-form-rules.ts';

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

export const VOLCENGINE_BASE_URLS = [
  'https://ark.cn-beijing.volces.com',
  'https://ark.ap-southeast.bytepluses.com',
] as const;

export const VERTEX_REGION_TEMPLATE = JSON.stringify(
  { default: 'us-central1', 'claude-3-5-sonnet-20240620': 'europe-west1' },
  null,
  2,
);

const baseUrlKeys: Readonly<Record<number, string>> = {
  2: 'midjourney',
  3: 'azure',
  5: 'midjourney',
  8: 'custom',
  22: 'fastgpt',
  36: 'suno',
  45: 'volcengine',
};

const otherFields: Readonly<Record<number, OtherField>> = {
  3: {
    labelKey: 'channels.form.other.azure.label',
    placeholderKey: 'channels.form.other.azure.placeholder',
    multiline: false,
  },
  18: {
    labelKey: 'channels.form.other.iflytek.label',
    placeholderKey: 'channels.form.other.iflytek.placeholder',
    multiline: false,
  },
  21: {
    labelKey: 'channels.form.other.knowledgeBase.label',
    placeholderKey: 'channels.form.other.knowledgeBase.placeholder',
    multiline: false,
  },
  39: {
    labelKey: 'channels.form.other.cloudflare.label',
    placeholderKey: 'channels.form.other.cloudflare.placeholder',
    multiline: false,
  },
  41: {
    labelKey: 'channels.form.other.vertex.label',
    placeholderKey: 'channels.form.other.vertex.placeholder',
    multiline: true,
    template: VERTEX_REGION_TEMPLATE,
  },
};

const notices: Readonly<Record<number, TypeNotice>> = {
  3: { kind: 'warning', textKey: 'channels.form.notice.azure' },
  8: { kind: 'warning', textKey: 'channels.form.notice.custom' },
  33: { kind: 'info', textKey: 'channels.form.notice.aws' },
  36: { kind: 'warning', textKey: 'channels.form.notice.suno' },
  37: { kind: 'warning', textKey: 'channels.form.notice.dify' },
  40: { kind: 'info', textKey: 'channels.form.notice.siliconcloud' },
  41: { kind: 'info', textKey: 'channels.form.notice.vertex' },
  45: { kind: 'info', textKey: 'channels.form.notice.volcengine' },
};

const baseUrlTexts: Readonly<Record<string, Pick<BaseUrlField, 'labelKey' | 'placeholderKey'>>> = {
  default: {
    labelKey: 'channels.form.baseUrl.default.label',
    placeholderKey: 'channels.form.baseUrl.default.placeholder',
  },
  midjourney: {
    labelKey: 'channels.form.baseUrl.midjourney.label',
    placeholderKey: 'channels.form.baseUrl.midjourney.placeholder',
  },
  azure: {
    labelKey: 'channels.form.baseUrl.azure.label',
    placeholderKey: 'channels.form.baseUrl.azure.placeholder',
  },
  custom: {
    labelKey: 'channels.form.baseUrl.custom.label',
    placeholderKey: 'channels.form.baseUrl.custom.placeholder',
  },
  fastgpt: {
    labelKey: 'channels.form.baseUrl.fastgpt.label',
    placeholderKey: 'channels.form.baseUrl.fastgpt.placeholder',
  },
  suno: {
    labelKey: 'channels.form.baseUrl.suno.label',
    placeholderKey: 'channels.form.baseUrl.suno.placeholder',
  },
  volcengine: {
    labelKey: 'channels.form.baseUrl.volcengine.label',
    placeholderKey: 'channels.form.baseUrl.volcengine.placeholder',
  },
};

export function typeFields(type: number): TypeFields {
  const baseUrlKind = baseUrlKeys[type] ?? 'default';
  const texts = baseUrlTexts[baseUrlKind] ?? baseUrlTexts.default!;
  return {
    baseUrl: {
      ...texts,
      required: TYPES_REQUIRING_BASE_URL.includes(type),
      ...(type === 45 ? { options: VOLCENGINE_BASE_URLS } : {}),
    },
    other: otherFields[type] ?? null,
    notice: notices[type] ?? null,
    jsonKey: type === 41,
    keyOptional: keyOptionalChannelTypes.has(type),
    organization: type === 1,
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
  return Object.entries(channelTypeNames)
    .map(([id, name]) => ({ value: Number(id), label: name, disabled: !servedChannelTypes.has(Number(id)) }))
    .sort((first, second) => first.value - second.value);
}
