/**
 * Rules of the channel create/edit form (docs/reference/console-validation.md "Channel form",
 * docs/reference/console-constants.md channel constants): defaults, key hints, custom model names, and the
 * check that turns the form values into the API payload; what depends on the type is asked of its entry in
 * common/channel-types.ts. Rules return the i18n key of their message, never a translated text.
 */
import { channelType } from '../../../../common/channel-types.ts';
import { CUSTOM_ROUTE_TYPE, customRoutesProblem } from '../../../../common/channel-types-custom.ts';
import type { ChannelPayload, ChannelView } from '../../api/channels.ts';
import { splitList } from './channel-display.ts';

export const PRIORITY_MIN = -999;
export const WEIGHT_MIN = 0;
export const DEFAULT_CHANNEL_TYPE = 1;
/** New channels may be used by the `default` group (docs/reference/console-constants.md). */
export const DEFAULT_GROUPS: readonly string[] = ['default'];

export interface ChannelFormValues {
  type: number;
  name: string;
  /** On edit, empty keeps the stored key. With batch create on, one key per line. */
  key: string;
  base_url: string;
  other: string;
  models: string[];
  groups: string[];
  model_mapping: string;
  status_code_mapping: string;
  setting: string;
  param_override: string;
  header_override: string;
  /** new-api's ChannelOtherSettings as JSON text (Advanced Custom's routes, edited by CustomRoutesEditor). */
  settings: string;
  auto_ban: boolean;
  test_model: string;
  priority: number | string | null;
  weight: number | string | null;
  tag: string;
  openai_organization: string;
  max_input_tokens: number | string | null;
  /** Create one channel per key line (create only). */
  batch: boolean;
  /** With batch on: '' one channel per key line, else one multi-key channel choosing its keys this way. */
  multi_key_mode?: '' | 'random' | 'polling';
}

export type FormMode = 'create' | 'edit';

/** A new channel: OpenAI, group `default`, auto-ban on, priority and weight 0. */
export function defaultFormValues(): ChannelFormValues {
  return {
    type: DEFAULT_CHANNEL_TYPE,
    name: '',
    key: '',
    base_url: '',
    other: '',
    models: [],
    groups: [...DEFAULT_GROUPS],
    model_mapping: '',
    status_code_mapping: '',
    setting: '',
    param_override: '',
    header_override: '',
    settings: '',
    auto_ban: true,
    test_model: '',
    priority: 0,
    weight: 0,
    tag: '',
    openai_organization: '',
    max_input_tokens: 0,
    batch: false,
  };
}

/** JSON text shown indented; text that does not parse stays as it is. */
export function prettyJson(text: string | null | undefined): string {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return '';
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return trimmed;
  }
}

/** The form values of a stored channel. `key` is only present for root. */
export function formValuesFromChannel(channel: ChannelView): ChannelFormValues {
  return {
    type: channel.type,
    name: channel.name,
    key: channel.key ?? '',
    base_url: channel.base_url ?? '',
    other: channel.other ?? '',
    models: splitList(channel.models),
    groups: splitList(channel.group),
    model_mapping: prettyJson(channel.model_mapping),
    status_code_mapping: prettyJson(channel.status_code_mapping),
    setting: prettyJson(channel.setting),
    param_override: prettyJson(channel.param_override),
    header_override: prettyJson(channel.header_override),
    settings: prettyJson(channel.settings),
    auto_ban: channel.auto_ban !== 0,
    test_model: channel.test_model ?? '',
    priority: channel.priority,
    weight: channel.weight,
    tag: channel.tag ?? '',
    openai_organization: channel.openai_organization ?? '',
    max_input_tokens: channel.max_input_tokens,
    batch: false,
  };
}

/** A copy of a channel as a new one: same settings, the given name, no usage data. */
export function copyFormValues(channel: ChannelView, name: string): ChannelFormValues {
  return { ...formValuesFromChannel(channel), name };
}

/** The i18n key of the key box's placeholder: the key format the type expects, or that none is needed. */
export function keyHintKey(type: number): string {
  const key = channelType(type)?.key;
  if (key?.optional) return 'channels.form.keyHint.optional';
  return `channels.form.keyHint.${key?.hint ?? 'default'}`;
}

/** A whole number from an input (numeric text accepted, fractions truncated), else null. */
export function parseInteger(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = Number.parseInt(value.trim(), 10);
  return Number.isNaN(parsed) ? null : parsed;
}

export function stripTrailingSlash(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** A base URL ending in /v1 usually doubles the version path: the form asks before saving it. */
export function endsWithV1(url: string): boolean {
  return /\/v1$/i.test(stripTrailingSlash(url));
}

/** The non-empty lines of the key box, trimmed. */
export function keyLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Empty text, or text that parses as JSON. */
export function isJsonOrEmpty(text: string | null | undefined): boolean {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return true;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

function isJsonObject(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

export type CustomModelsResult = { ok: true; models: string[] } | { ok: false; error: string };

/**
 * Adds comma-separated custom model names: trimmed, empty parts dropped. A name already chosen (or given
 * twice) refuses the whole input with 'some models already exist!'.
 */
export function addCustomModels(current: readonly string[], input: string): CustomModelsResult {
  const names = input
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const models = [...current];
  for (const name of names) {
    if (models.includes(name)) return { ok: false, error: 'channels.form.modelsExist' };
    models.push(name);
  }
  return { ok: true, models };
}

/** The chosen models plus names fetched from the upstream, without repeats, in first-seen order. */
export function mergeModels(current: readonly string[], fetched: readonly string[]): string[] {
  return [...new Set([...current, ...fetched.map((model) => model.trim()).filter(Boolean)])];
}

/**
 * The models after the type changes: the new type's models while none are chosen or the chosen ones are
 * still exactly the previous type's models; a list the operator edited stays.
 */
export function modelsAfterTypeChange(
  current: readonly string[],
  previousTypeModels: readonly string[],
  nextTypeModels: readonly string[],
): string[] {
  const untouched =
    current.length === previousTypeModels.length &&
    current.every((model) => previousTypeModels.includes(model));
  return current.length === 0 || untouched ? [...nextTypeModels] : [...current];
}

/** The picker's choices: every known model, the type's models and whatever is chosen already. */
export function modelChoices(
  known: readonly string[],
  typeModels: readonly string[],
  chosen: readonly string[],
): string[] {
  return [...new Set([...typeModels, ...known, ...chosen])];
}

export type SubmissionCheck =
  | {
      ok: true;
      payload: ChannelPayload;
      /** One channel per key line. */
      batch: boolean;
      /** One multi-key channel of the key lines, choosing its keys this way (create only); else null. */
      multiKeyMode: 'random' | 'polling' | null;
      /** The base URL ends in /v1: the operator confirms before it is sent. */
      needsV1Confirmation: boolean;
    }
  | { ok: false; error: string };

const jsonFieldErrors = [
  ['status_code_mapping', 'channels.validation.statusCodeMappingJson'],
  ['setting', 'channels.validation.settingJson'],
  ['param_override', 'channels.validation.paramOverrideJson'],
  ['header_override', 'channels.validation.headerOverrideJson'],
  ['settings', 'customRoutes.validation.settingsJson'],
] as const;

/** A channel field that holds a JSON object as text (the form's advanced section, the tag edit's header override). */
export type JsonObjectField = (typeof jsonFieldErrors)[number][0];

/** The i18n key of the refusal of a JSON-object field's text, or null when it is empty or an object. */
export function jsonObjectFieldError(field: JsonObjectField, text: string | null | undefined): string | null {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '' || isJsonObject(trimmed)) return null;
  return jsonFieldErrors.find(([name]) => name === field)?.[1] ?? null;
}

/** Validates the form (docs/reference/console-validation.md "Channel form") and builds the payload. */
export function prepareSubmission(values: ChannelFormValues, mode: FormMode): SubmissionCheck {
  const name = (values.name ?? '').trim();
  const keyText = (values.key ?? '').trim();
  const facts = channelType(values.type);
  const keyOptional = facts?.key?.optional === true;
  const keys = mode === 'create' && values.batch ? keyLines(keyText) : keyText === '' ? [] : [keyText];
  // A type that needs no key (Ollama, Xinference) may be created without one: a single keyless channel.
  const multiKeyMode =
    mode === 'create' && values.batch && keys.length > 0 && values.multi_key_mode
      ? values.multi_key_mode
      : null;
  const batch = mode === 'create' && values.batch && keys.length > 0 && multiKeyMode === null;
  if (mode === 'create' && (name === '' || (keys.length === 0 && !keyOptional))) {
    return { ok: false, error: 'channels.validation.nameKeyRequired' };
  }
  if (mode === 'edit' && name === '') return { ok: false, error: 'channels.validation.nameRequired' };
  const models = [...new Set((values.models ?? []).map((model) => model.trim()).filter(Boolean))];
  if (models.length === 0) return { ok: false, error: 'channels.validation.modelsRequired' };
  if (!isJsonOrEmpty(values.model_mapping)) {
    return { ok: false, error: 'channels.validation.modelMappingJson' };
  }
  for (const [field] of jsonFieldErrors) {
    const error = jsonObjectFieldError(field, values[field]);
    if (error !== null) return { ok: false, error };
  }
  // An Advanced Custom channel's routes: the editor shows which rule a route breaks (CustomRoutesEditor).
  if (values.type === CUSTOM_ROUTE_TYPE && customRoutesProblem(values.settings ?? '') !== null) {
    return { ok: false, error: 'customRoutes.validation.invalid' };
  }
  if (facts?.key?.json && keys.some((key) => !isJsonObject(key))) {
    return { ok: false, error: 'channels.validation.vertexKeyJson' };
  }
  const baseUrl = stripTrailingSlash(values.base_url ?? '');
  if (facts?.form?.baseUrlRequired && baseUrl === '') {
    return { ok: false, error: 'channels.validation.baseUrlRequired' };
  }
  // A type's default `other` (iFlytek Spark's interface version) when the form leaves it empty.
  const other = (values.other ?? '').trim() || (facts?.form?.other?.default ?? '');
  const priority = Math.max(PRIORITY_MIN, parseInteger(values.priority) ?? 0);
  const weight = Math.max(WEIGHT_MIN, parseInteger(values.weight) ?? 0);
  const groups = [...new Set((values.groups ?? []).map((group) => group.trim()).filter(Boolean))];

  const payload: ChannelPayload = {
    type: values.type,
    name,
    base_url: baseUrl,
    other,
    models: models.join(','),
    group: (groups.length > 0 ? groups : DEFAULT_GROUPS).join(','),
    model_mapping: (values.model_mapping ?? '').trim(),
    status_code_mapping: (values.status_code_mapping ?? '').trim(),
    setting: (values.setting ?? '').trim(),
    param_override: (values.param_override ?? '').trim(),
    header_override: (values.header_override ?? '').trim(),
    settings: (values.settings ?? '').trim(),
    auto_ban: values.auto_ban ? 1 : 0,
    test_model: (values.test_model ?? '').trim(),
    priority,
    weight,
    tag: (values.tag ?? '').trim(),
    openai_organization: (values.openai_organization ?? '').trim(),
    max_input_tokens: Math.max(0, parseInteger(values.max_input_tokens) ?? 0),
  };
  if (keys.length > 0) payload.key = batch || multiKeyMode ? keys.join('\n') : keyText;
  return { ok: true, payload, batch, multiKeyMode, needsV1Confirmation: endsWithV1(baseUrl) };
}
