/**
 * Traffic limits (docs/limits.md): what a key, a user, a group, a model in a group or a channel may use —
 * requests and tokens per minute, requests and tokens per day, calls in flight, and a spend budget per
 * period — as stored (JSON in `tokens.limits`, `users.limits`, `channels.limits`, and the
 * `traffic_setting.*` options) and shown by the console. Shared by the server and the web console: no node
 * or react imports.
 */

/** The periods a budget (and a per-day count) resets on, at 00:00 in the limit's time zone; weeks start on Monday. */
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** The kinds of limit, as refusals and the console name them. */
export const LIMIT_KINDS = ['rpm', 'tpm', 'rpd', 'tpd', 'concurrency', 'budget'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/**
 * One set of limits; a field left out (or 0) does not limit. Tokens are prompt plus completion tokens;
 * `budget` is in quota units (500,000 = 1 USD at the default QuotaPerUnit).
 */
export interface LimitSet {
  /** Requests per minute (a sliding 60-second window). */
  rpm?: number;
  /** Tokens per minute (a sliding 60-second window): the estimate is reserved at admission, then settled. */
  tpm?: number;
  /** Requests per day (the calendar day in `timezone`). */
  rpd?: number;
  /** Tokens per day (the calendar day in `timezone`). */
  tpd?: number;
  /** Calls in flight at once. */
  concurrency?: number;
  /** Quota units per `budget_period`. */
  budget?: number;
  /** Default `day`. */
  budget_period?: LimitPeriod;
  /** IANA time zone of the day, week and month resets; default `UTC`. */
  timezone?: string;
}

/** A channel's caps: its own, and (multi-key channels) the same caps for each of its keys. */
export interface ChannelLimits extends LimitSet {
  key_limits?: LimitSet;
}

/** Where a limit applies. */
export const LIMIT_SCOPES = ['key', 'user', 'group', 'model', 'channel', 'channel_key'] as const;
export type LimitScopeKind = (typeof LIMIT_SCOPES)[number];

/** How much of one limit is used now, for the console (`GET /api/token/`, `GET /api/user/self/limits`). */
export interface LimitUsage {
  kind: LimitKind;
  limit: number;
  used: number;
  remaining: number;
  /** Unix seconds when the count resets (a window's oldest entry leaves it), 0 when nothing is counted. */
  reset_at: number;
}

const COUNT_FIELDS = ['rpm', 'tpm', 'rpd', 'tpd', 'concurrency', 'budget'] as const;

/** Why a limit set is refused, as a message key of the console's messages with its values. */
export interface LimitProblem {
  field: string;
  /** `limits_not_object`, `limit_not_whole`, `limit_period`, `limit_timezone`, `limit_unknown_field`. */
  code: string;
}

/** True when `zone` is a time zone this runtime knows (IANA names, `UTC`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks a stored or submitted limit set; returns the normalised set (zero and absent fields dropped) or
 * the first problem. `allowKeyLimits`: a channel's `key_limits`.
 */
export function parseLimitSet(
  value: unknown,
  allowKeyLimits = false,
  path = '',
): { limits: ChannelLimits } | { problem: LimitProblem } {
  if (value === null || value === undefined || value === '') return { limits: {} };
  if (typeof value !== 'object' || Array.isArray(value))
    return { problem: { field: path ? path.slice(0, -1) : 'limits', code: 'limits_not_object' } };
  const limits: ChannelLimits = {};
  for (const [field, raw] of Object.entries(value as Record<string, unknown>)) {
    const name = `${path}${field}`;
    if ((COUNT_FIELDS as readonly string[]).includes(field)) {
      if (raw === null || raw === undefined || raw === '') continue;
      const number = typeof raw === 'string' ? Number(raw) : raw;
      if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 0)
        return { problem: { field: name, code: 'limit_not_whole' } };
      if (number > 0) limits[field as (typeof COUNT_FIELDS)[number]] = number;
    } else if (field === 'budget_period') {
      if (raw === null || raw === undefined || raw === '') continue;
      if (!(LIMIT_PERIODS as readonly unknown[]).includes(raw))
        return { problem: { field: name, code: 'limit_period' } };
      limits.budget_period = raw as LimitPeriod;
    } else if (field === 'timezone') {
      if (raw === null || raw === undefined || raw === '') continue;
      if (typeof raw !== 'string' || !isTimeZone(raw))
        return { problem: { field: name, code: 'limit_timezone' } };
      limits.timezone = raw;
    } else if (field === 'key_limits' && allowKeyLimits) {
      const inner = parseLimitSet(raw, false, `${name}.`);
      if ('problem' in inner) return inner;
      if (hasLimits(inner.limits)) limits.key_limits = inner.limits;
    } else {
      return { problem: { field: name, code: 'limit_unknown_field' } };
    }
  }
  return { limits };
}

/** True when the set limits anything. */
export function hasLimits(limits: LimitSet | null | undefined): boolean {
  if (!limits) return false;
  return COUNT_FIELDS.some((field) => (limits[field] ?? 0) > 0);
}
