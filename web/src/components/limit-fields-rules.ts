/**
 * Rules of the limits section that the token, user and channel forms share (components/LimitFields.tsx;
 * the stored shape and its check are common/traffic-limits.ts, the same parseLimitSet the server runs).
 * Counts are whole numbers; the budget is entered like the console shows quota: in the display currency
 * when the site shows amounts as currency, else in quota units. Rules return i18n keys, never texts.
 */
import type { QuotaDisplaySettings } from '../../../common/quota-format.ts';
import {
  type ChannelLimits,
  isTimeZone,
  LIMIT_PERIODS,
  type LimitPeriod,
  type LimitProblem,
  type LimitSet,
  parseLimitSet,
} from '../../../common/traffic-limits.ts';

/** The whole-number limits, in the order the form shows them. */
export const COUNT_LIMIT_FIELDS = ['rpm', 'tpm', 'rpd', 'tpd', 'concurrency'] as const;
export type CountLimitField = (typeof COUNT_LIMIT_FIELDS)[number];

/** The default reset period and time zone (common/traffic-limits.ts LimitSet). */
export const DEFAULT_PERIOD: LimitPeriod = 'day';
export const DEFAULT_TIME_ZONE = 'UTC';

/** Decimals a currency budget keeps: enough for one quota unit at the default 500,000 per dollar. */
const CURRENCY_DECIMALS = 6;

/** One limit set as the form holds it: empty inputs are null, the budget is in display units. */
export interface LimitFormValues {
  rpm: number | null;
  tpm: number | null;
  rpd: number | null;
  tpd: number | null;
  concurrency: number | null;
  budget: number | null;
  budget_period: LimitPeriod;
  timezone: string;
}

/** A channel's caps in the form: its own and each key's (multi-key channels). */
export interface ChannelLimitFormValues extends LimitFormValues {
  key_limits: LimitFormValues;
}

/** A stored budget (quota units) as the budget input shows it. */
export function budgetToInput(quota: number, settings: QuotaDisplaySettings): number {
  if (!settings.displayInCurrency) return quota;
  return Number((quota / settings.quotaPerUnit).toFixed(CURRENCY_DECIMALS));
}

/**
 * The budget input in quota units, or null when empty. A currency amount is rounded to whole units, and a
 * positive amount never rounds down to 0 (which would mean "no budget"); quota units are kept as typed, so
 * a fraction or a negative number is refused by parseLimitSet.
 */
export function budgetFromInput(value: unknown, settings: QuotaDisplaySettings): number | null {
  const number = inputNumber(value);
  if (number === null) return null;
  if (!settings.displayInCurrency || !Number.isFinite(number)) return number;
  const quota = Math.round(number * settings.quotaPerUnit);
  return number > 0 && quota === 0 ? 1 : quota;
}

/** A number input's value as a number (numeric text accepted), null when empty, NaN when not a number. */
function inputNumber(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  const text = String(value).trim();
  return text === '' ? null : Number(text);
}

/** Empty inputs with the default period and time zone: a new key, user or channel. */
export function emptyLimitFormValues(): LimitFormValues {
  return {
    rpm: null,
    tpm: null,
    rpd: null,
    tpd: null,
    concurrency: null,
    budget: null,
    budget_period: DEFAULT_PERIOD,
    timezone: DEFAULT_TIME_ZONE,
  };
}

/** The form values of a stored limit set (absent fields → empty inputs, the default period and time zone). */
export function limitFormValues(
  limits: LimitSet | null | undefined,
  settings: QuotaDisplaySettings,
): LimitFormValues {
  const set = limits ?? {};
  const values = emptyLimitFormValues();
  for (const field of COUNT_LIMIT_FIELDS) values[field] = set[field] ?? null;
  if (set.budget) values.budget = budgetToInput(set.budget, settings);
  if (set.budget_period) values.budget_period = set.budget_period;
  if (set.timezone) values.timezone = set.timezone;
  return values;
}

export function channelLimitFormValues(
  limits: ChannelLimits | null | undefined,
  settings: QuotaDisplaySettings,
): ChannelLimitFormValues {
  return { ...limitFormValues(limits, settings), key_limits: limitFormValues(limits?.key_limits, settings) };
}

/** The raw object parseLimitSet checks; the period and time zone only matter when something is limited. */
function rawLimitSet(values: Partial<LimitFormValues> | undefined, settings: QuotaDisplaySettings) {
  const raw: Record<string, unknown> = {};
  for (const field of COUNT_LIMIT_FIELDS) raw[field] = inputNumber(values?.[field]);
  raw.budget = budgetFromInput(values?.budget, settings);
  raw.budget_period = values?.budget_period ?? '';
  raw.timezone = (values?.timezone ?? '').trim();
  return raw;
}

export type LimitFormCheck<T> = { ok: true; limits: T } | { ok: false; problem: LimitProblem };

/**
 * The limit set to send, checked by parseLimitSet exactly as the server will. A set that limits nothing is
 * sent as `{}` (so clearing every field removes the limits), without the default period and time zone.
 */
export function limitSetFromForm(
  values: Partial<LimitFormValues> | undefined,
  settings: QuotaDisplaySettings,
): LimitFormCheck<LimitSet> {
  const parsed = parseLimitSet(rawLimitSet(values, settings));
  if ('problem' in parsed) return { ok: false, problem: parsed.problem };
  return { ok: true, limits: withoutDefaultsWhenEmpty(parsed.limits) };
}

/** A channel's caps and its per-key caps; the per-key fields are named `key_limits.<field>` in problems. */
export function channelLimitsFromForm(
  values: Partial<ChannelLimitFormValues> | undefined,
  settings: QuotaDisplaySettings,
): LimitFormCheck<ChannelLimits> {
  const raw = { ...rawLimitSet(values, settings), key_limits: rawLimitSet(values?.key_limits, settings) };
  const parsed = parseLimitSet(raw, true);
  if ('problem' in parsed) return { ok: false, problem: parsed.problem };
  const { key_limits, ...own } = parsed.limits;
  const limits: ChannelLimits = withoutDefaultsWhenEmpty(own);
  if (key_limits) limits.key_limits = key_limits;
  return { ok: true, limits };
}

function withoutDefaultsWhenEmpty(limits: LimitSet): LimitSet {
  return countOfLimits(limits) === 0 ? {} : limits;
}

/** How many limits a set (stored, or as the form holds it) has: counts and budget above 0. */
export function countOfLimits(limits: LimitSet | Partial<LimitFormValues> | null | undefined): number {
  if (!limits) return 0;
  return [...COUNT_LIMIT_FIELDS, 'budget' as const].filter((field) => {
    const value = limits[field];
    return typeof value === 'number' && value > 0;
  }).length;
}

/** The i18n key of a count input's problem: a whole number of at least 0, or empty. */
export function countProblem(value: unknown): string | null {
  const number = inputNumber(value);
  if (number === null) return null;
  return Number.isSafeInteger(number) && number >= 0 ? null : 'limits.problem.limit_not_whole';
}

/** The i18n key of a budget input's problem: at least 0, whole in quota units, or empty. */
export function budgetProblem(value: unknown, settings: QuotaDisplaySettings): string | null {
  const number = inputNumber(value);
  if (number === null) return null;
  if (!Number.isFinite(number) || number < 0) return 'limits.problem.budget_negative';
  if (!settings.displayInCurrency && !Number.isSafeInteger(number)) return 'limits.problem.limit_not_whole';
  return null;
}

/** The i18n key of a time zone input's problem: an IANA name this browser knows, or empty (UTC). */
export function timeZoneProblem(value: unknown): string | null {
  const zone = typeof value === 'string' ? value.trim() : '';
  if (zone === '') return null;
  return isTimeZone(zone) ? null : 'limits.problem.limit_timezone';
}

/** The period choices, in LIMIT_PERIODS order. */
export const PERIOD_CHOICES: readonly LimitPeriod[] = LIMIT_PERIODS;

/**
 * Time zones to suggest: the browser's own first, then UTC, then every IANA name the browser knows. Any
 * other name the server's runtime accepts may still be typed (timeZoneProblem checks it).
 */
export function timeZoneChoices(ownZone: string | undefined, known: readonly string[]): string[] {
  const zones = [ownZone, DEFAULT_TIME_ZONE, ...known].filter(
    (zone): zone is string => typeof zone === 'string' && zone !== '',
  );
  return [...new Set(zones)];
}

/**
 * The message of a refusal: the i18n key of its code and the i18n key of the field it names (a channel's
 * per-key field `key_limits.rpm` names `rpm` under the per-key heading).
 */
export function problemMessage(problem: LimitProblem): { key: string; field: string; perKey: boolean } {
  const perKey = problem.field.startsWith('key_limits.');
  const field = perKey ? problem.field.slice('key_limits.'.length) : problem.field;
  return { key: `limits.problem.${problem.code}`, field: `limits.fields.${field}`, perKey };
}
