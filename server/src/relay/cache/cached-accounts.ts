/** The cached shapes of users and tokens, read from their database rows (server/src/relay/cache/account-cache.ts). */
import type { Selectable } from 'kysely';
import type { LimitSet } from '../../../../common/traffic-limits.ts';
import { readJsonObjectColumn } from '../../db/json-column.ts';
import type { Database } from '../../db/schema.ts';
import type { SubscriptionAllowance } from '../billing/subscription-charge.ts';
import { type IpAllowList, parseAllowList } from './ip-allow-list.ts';
import { readStoredLimits, type StoredLimitsWarning, warnOnProcess } from './stored-limits.ts';

export interface CachedUser {
  id: number;
  username: string;
  role: number;
  status: number;
  group: string;
  /** Live balance. */
  quota: number;
  deleted: boolean;
  acceptUnsetModelRatio: boolean;
  quotaWarningThreshold: number | null;
  notifyType: string;
  email: string;
  /** The user's setting `record_ip_log`: the client IP is written into their log rows only then, as new-api does. */
  recordIpLog: boolean;
  /** The user's own traffic limits (`users.limits`, parsed at load); null when nothing limits. */
  limits: LimitSet | null;
  /** Active subscription allowances, in the order they are used (./cached-subscriptions.ts); empty for most users. */
  allowances: SubscriptionAllowance[];
}

export interface CachedToken {
  id: number;
  userId: number;
  key: string;
  name: string;
  status: number;
  expiredTime: number;
  /** Live balance. */
  remainQuota: number;
  unlimited: boolean;
  modelLimits: ReadonlySet<string> | null;
  allowIps: IpAllowList | null;
  group: string;
  /** The key's traffic limits (`tokens.limits`, parsed at load); null when nothing limits. */
  limits: LimitSet | null;
}

type UserRow = Selectable<Database['users']>;
type TokenRow = Selectable<Database['tokens']>;

export function toCachedUser(
  row: UserRow,
  pendingQuota: number,
  warn: StoredLimitsWarning = warnOnProcess,
): CachedUser {
  const setting = readJsonObjectColumn(row.setting);
  const threshold = Number(setting.quota_warning_threshold);
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    status: row.status,
    group: row.group,
    quota: Number(row.quota) + pendingQuota,
    deleted: row.deleted_at !== null,
    acceptUnsetModelRatio: setting.accept_unset_model_ratio_model === true,
    quotaWarningThreshold:
      Number.isFinite(threshold) && setting.quota_warning_threshold !== undefined ? threshold : null,
    notifyType: typeof setting.notify_type === 'string' ? setting.notify_type : 'email',
    email: row.email ?? '',
    recordIpLog: setting.record_ip_log === true,
    limits: readStoredLimits(row.limits, `users ${row.id}`, false, warn),
    allowances: [],
  };
}

/** A comma-separated list without blanks. */
function listOf(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * The models a token may call: new-api's `model_limits` (when `model_limits_enabled`) and one-api's
 * `models` (a non-empty list limits), both when both are set; null when neither limits.
 */
function tokenModelLimits(row: TokenRow): ReadonlySet<string> | null {
  const newApi = row.model_limits_enabled ? new Set(listOf(row.model_limits)) : null;
  const oneApiModels = listOf(row.models);
  if (oneApiModels.length === 0) return newApi;
  const oneApi = new Set(oneApiModels);
  return newApi ? new Set([...newApi].filter((model) => oneApi.has(model))) : oneApi;
}

/** The addresses a token may call from: new-api's `allow_ips` and one-api's `subnet`, both when both are set. */
function tokenAllowList(row: TokenRow): IpAllowList | null {
  const newApi = parseAllowList(row.allow_ips);
  const oneApi = parseAllowList(row.subnet);
  if (!newApi || !oneApi) return newApi ?? oneApi;
  return { allows: (address) => newApi.allows(address) && oneApi.allows(address) };
}

export function toCachedToken(
  row: TokenRow,
  pendingQuota: number,
  warn: StoredLimitsWarning = warnOnProcess,
): CachedToken {
  return {
    id: row.id,
    userId: row.user_id,
    key: row.key,
    name: row.name,
    status: row.status,
    expiredTime: Number(row.expired_time),
    remainQuota: Number(row.remain_quota) + pendingQuota,
    unlimited: Boolean(row.unlimited_quota),
    modelLimits: tokenModelLimits(row),
    allowIps: tokenAllowList(row),
    group: row.group ?? '',
    limits: readStoredLimits(row.limits, `tokens ${row.id}`, false, warn),
  };
}
