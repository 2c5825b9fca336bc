/** The cached shapes of users and tokens, read from their database rows (server/src/relay/cache/account-cache.ts). */
import type { Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type IpAllowList, parseAllowList } from './ip-allow-list.ts';

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
}

type UserRow = Selectable<Database['users']>;
type TokenRow = Selectable<Database['tokens']>;

function parseSetting(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function toCachedUser(row: UserRow, pendingQuota: number): CachedUser {
  const setting = parseSetting(row.setting);
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
  };
}

export function toCachedToken(row: TokenRow, pendingQuota: number): CachedToken {
  const limits = (row.model_limits ?? '')
    .split(',')
    .map((model) => model.trim())
    .filter(Boolean);
  return {
    id: row.id,
    userId: row.user_id,
    key: row.key,
    name: row.name,
    status: row.status,
    expiredTime: Number(row.expired_time),
    remainQuota: Number(row.remain_quota) + pendingQuota,
    unlimited: Boolean(row.unlimited_quota),
    modelLimits: row.model_limits_enabled ? new Set(limits) : null,
    allowIps: parseAllowList(row.allow_ips),
    group: row.group ?? '',
  };
}
