/** The console's view of a user row (common/api/users.ts): never the password or access token. */
import type { Selectable } from 'kysely';
import type { SessionUser, UserView } from '../../../../common/api/users.ts';
import type { Database } from '../../db/schema.ts';
import type { LiveState } from '../live-state.ts';
import { limitsView } from '../tokens/limits-fields.ts';
import { publicSetting } from './setting-service.ts';

export type { UserView };

export type UserRow = Selectable<Database['users']>;

function deletedAtText(value: UserRow['deleted_at']): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : String(value);
}

export function toUserView(row: UserRow): UserView {
  return {
    ...toSessionUser(row),
    email: row.email ?? '',
    github_id: row.github_id ?? '',
    oidc_id: row.oidc_id ?? '',
    wechat_id: row.wechat_id ?? '',
    telegram_id: row.telegram_id ?? '',
    linux_do_id: row.linux_do_id ?? '',
    quota: Number(row.quota),
    used_quota: Number(row.used_quota),
    request_count: Number(row.request_count),
    aff_code: row.aff_code ?? '',
    aff_count: row.aff_count,
    aff_quota: Number(row.aff_quota),
    aff_history_quota: Number(row.aff_history),
    inviter_id: row.inviter_id,
    DeletedAt: deletedAtText(row.deleted_at),
    setting: publicSetting(row.setting),
    remark: row.remark ?? '',
    limits: limitsView(row.limits, false),
  };
}

/** A user's balance in memory and the usage still queued for the database (context fits). */
export type LiveCounters = LiveState<{ user(id: number): { quota: number } | undefined }>;

/**
 * The user as of now: the database row lags behind by the counters still queued in the batch writer,
 * so the balance comes from memory and the queued usage is added.
 */
export function toLiveUserView(row: UserRow, live: LiveCounters): UserView {
  const view = toUserView(row);
  view.quota = live.accounts.user(row.id)?.quota ?? view.quota;
  view.used_quota += live.writer.pendingDelta('users', row.id, 'used_quota');
  view.request_count += live.writer.pendingDelta('users', row.id, 'request_count');
  return view;
}

export function toSessionUser(row: UserRow): SessionUser {
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    role: row.role,
    status: row.status,
    group: row.group,
  };
}
