/**
 * Rules of the token create/edit form (docs/reference/console-validation.md "Token form", docs/reference/console-constants.md token constants): defaults, quota and
 * expiry presets, and the check that turns the form values into the API payload. Rules return the i18n
 * key of their message, never a translated text.
 */
import dayjs, { type Dayjs } from 'dayjs';
import type { QuotaDisplaySettings } from '../../../../common/quota-format.ts';
import type { LimitProblem } from '../../../../common/traffic-limits.ts';
import type { TokenPayload, TokenView } from '../../api/tokens.ts';
import {
  emptyLimitFormValues,
  type LimitFormValues,
  limitFormValues,
  limitSetFromForm,
} from '../../components/limit-fields-rules.ts';
import { effectiveQuotaPerUnit } from '../../components/quota-settings.ts';

export const TOKEN_DEFAULT_QUOTA = 500_000;
export const QUOTA_PRESET_DOLLARS = [1, 10, 50, 100, 500, 1000] as const;
export const TOKEN_COUNT_PRESETS = [10, 20, 30, 100] as const;
/** The server keeps token names of at most 50 characters. */
export const TOKEN_NAME_MAX_LENGTH = 50;
/** Expiry value meaning "never expires". */
export const NEVER_EXPIRES = -1;

const HOUR_SECONDS = 60 * 60;
const DAY_SECONDS = 24 * HOUR_SECONDS;

/** Quick expiry buttons: never, one hour, one day, one month (30 days). */
export const EXPIRY_QUICK_OPTIONS = ['never', 'hour', 'day', 'month'] as const;
export type ExpiryQuickOption = (typeof EXPIRY_QUICK_OPTIONS)[number];

const quickOptionSeconds: Record<ExpiryQuickOption, number | null> = {
  never: null,
  hour: HOUR_SECONDS,
  day: DAY_SECONDS,
  month: 30 * DAY_SECONDS,
};

export interface TokenFormValues {
  name: string;
  remain_quota: number | null;
  unlimited_quota: boolean;
  /** null means never expires. */
  expiry: Dayjs | string | null;
  model_limits_enabled: boolean;
  model_limits: string[];
  allow_ips: string;
  /** Empty means the user's own group. */
  group: string;
  /** How many tokens to create (create only). */
  count: number | string | null;
  /** The key's traffic limits (components/LimitFields.tsx). */
  limits: LimitFormValues;
}

export type FormMode = 'create' | 'edit';

export interface QuotaPreset {
  dollars: number;
  quota: number;
}

/** The preset amounts in quota units: each dollar preset times quota_per_unit. */
export function quotaPresets(quotaPerUnit: number): QuotaPreset[] {
  const perUnit = effectiveQuotaPerUnit(quotaPerUnit);
  return QUOTA_PRESET_DOLLARS.map((dollars) => ({ dollars, quota: Math.round(dollars * perUnit) }));
}

/** The expiry a quick button sets, in unix seconds from `nowMilliseconds` (-1 for never). */
export function quickExpirySeconds(option: ExpiryQuickOption, nowMilliseconds: number): number {
  const offset = quickOptionSeconds[option];
  if (offset === null) return NEVER_EXPIRES;
  return Math.floor(nowMilliseconds / 1000) + offset;
}

/** The form value for an expiry in unix seconds: null for never. */
export function expiryFieldValue(seconds: number): Dayjs | null {
  return seconds === NEVER_EXPIRES ? null : dayjs.unix(seconds);
}

/**
 * Unix seconds of the expiry field (rounded up, as new-api's console does), -1 when empty (never),
 * or null when the value does not parse as a date.
 */
export function expiryToSeconds(value: Dayjs | string | null | undefined): number | null {
  if (value === null || value === undefined) return NEVER_EXPIRES;
  if (typeof value === 'string') {
    if (value.trim() === '') return NEVER_EXPIRES;
    const milliseconds = Date.parse(value);
    return Number.isNaN(milliseconds) ? null : Math.ceil(milliseconds / 1000);
  }
  return value.isValid() ? Math.ceil(value.valueOf() / 1000) : null;
}

/** The create count: a positive whole number (numeric text accepted), else null. */
export function parseTokenCount(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d+$/.test(text)) return null;
  const count = Number(text);
  return Number.isSafeInteger(count) && count > 0 ? count : null;
}

/** Quota is a whole number: numbers are truncated, anything else is 0. */
export function parseQuotaInput(value: unknown): number {
  const parsed = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(parsed) ? Math.trunc(parsed) : 0;
}

/** One allowed IP or CIDR per line; blank lines and surrounding spaces are dropped. */
export function normalizeAllowIps(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

/** The comma list the server stores; sent empty when the model limits are off. */
export function modelLimitsText(enabled: boolean, models: readonly string[]): string {
  if (!enabled) return '';
  return [...new Set(models.map((model) => model.trim()).filter(Boolean))].join(',');
}

export type SubmissionCheck =
  | { ok: true; payload: TokenPayload; count: number }
  | { ok: false; error: string }
  /** The limits are refused by parseLimitSet (the message names the field: components/LimitFields.tsx). */
  | { ok: false; problem: LimitProblem };

/**
 * Validates the form and builds the payload; `count` is 1 when editing. `quota` turns the budget input into
 * quota units; the limits are always sent (`{}` when none), so clearing them removes them.
 */
export function prepareSubmission(
  values: TokenFormValues,
  mode: FormMode,
  quota: QuotaDisplaySettings,
): SubmissionCheck {
  const name = (values.name ?? '').trim();
  if (name === '') return { ok: false, error: 'tokens.validation.nameRequired' };
  const expiredTime = expiryToSeconds(values.expiry);
  if (expiredTime === null) return { ok: false, error: 'tokens.validation.expiryFormat' };
  let count = 1;
  if (mode === 'create') {
    const parsed = parseTokenCount(values.count);
    if (parsed === null) return { ok: false, error: 'tokens.validation.countInvalid' };
    count = parsed;
  }
  const limits = limitSetFromForm(values.limits, quota);
  if (!limits.ok) return { ok: false, problem: limits.problem };
  return {
    ok: true,
    count,
    payload: {
      name,
      remain_quota: parseQuotaInput(values.remain_quota),
      expired_time: expiredTime,
      unlimited_quota: values.unlimited_quota,
      model_limits_enabled: values.model_limits_enabled,
      model_limits: modelLimitsText(values.model_limits_enabled, values.model_limits ?? []),
      allow_ips: normalizeAllowIps(values.allow_ips ?? ''),
      group: values.group ?? '',
      limits: limits.limits,
    },
  };
}

/** A new token: quota 500000, limited, never expires, no model, IP or traffic limits, the given group, one copy. */
export function defaultFormValues(defaultGroup: string): TokenFormValues {
  return {
    name: '',
    remain_quota: TOKEN_DEFAULT_QUOTA,
    unlimited_quota: false,
    expiry: null,
    model_limits_enabled: false,
    model_limits: [],
    allow_ips: '',
    group: defaultGroup,
    count: 1,
    limits: emptyLimitFormValues(),
  };
}

export function formValuesFromToken(token: TokenView, quota: QuotaDisplaySettings): TokenFormValues {
  return {
    name: token.name,
    remain_quota: token.remain_quota,
    unlimited_quota: token.unlimited_quota,
    expiry: expiryFieldValue(token.expired_time),
    model_limits_enabled: token.model_limits_enabled,
    model_limits: token.model_limits
      .split(',')
      .map((model) => model.trim())
      .filter(Boolean),
    allow_ips: token.allow_ips,
    group: token.group,
    count: 1,
    limits: limitFormValues(token.limits, quota),
  };
}
