/**
 * Users and accounts: what login returns, the user view (server/src/api/users/view.ts), the user groups,
 * and what the console sends to log in, register, and edit users (server/src/api/users/schemas.ts checks
 * these payloads; server/src/api/payload-contract.test.ts keeps the two in step).
 */
import type { ManageAction } from '../roles.ts';
import type { LimitSet } from '../traffic-limits.ts';

/** What login returns and the console stores as localStorage `user`. */
export interface SessionUser {
  id: number;
  username: string;
  display_name: string;
  role: number;
  status: number;
  group: string;
  /**
   * Set on a sign-in reply when AdminTwoFactorRequired keeps this administrator to enrolment: until they turn on
   * two-factor or add a passkey they reach only their personal page (docs/security.md).
   */
  require_2fa_setup?: boolean;
}

/** The notification and price settings (users.setting, JSON text; PUT /api/user/setting). */
export interface UserSetting {
  notify_type?: 'email' | 'webhook';
  quota_warning_threshold?: number;
  webhook_url?: string;
  /** Never sent back by the server; an empty value on save keeps the stored one. */
  webhook_secret?: string;
  notification_email?: string;
  accept_unset_model_ratio_model?: boolean;
  /** new-api's switch: the client IP is written into the user's consumption and error log rows only when on. */
  record_ip_log?: boolean;
}

/** A user as the console sees it (password and access token never included). */
export interface UserView {
  id: number;
  username: string;
  display_name: string;
  role: number;
  status: number;
  email: string;
  github_id: string;
  oidc_id: string;
  wechat_id: string;
  telegram_id: string;
  linux_do_id: string;
  group: string;
  /** The balance as of now (memory), not the possibly older database row. */
  quota: number;
  used_quota: number;
  request_count: number;
  aff_code: string;
  aff_count: number;
  aff_quota: number;
  aff_history_quota: number;
  /** 0 when nobody invited the user. */
  inviter_id: number;
  /** Non-null when the account has been cancelled. */
  DeletedAt: string | null;
  /** UserSetting as JSON text, without the webhook secret. */
  setting: string;
  /** Admin-only note about the user. */
  remark: string;
  /** The user's own traffic limits (docs/limits.md), for administrators; `{}` when none. */
  limits?: LimitSet;
}

/** GET /api/user/self/groups maps each usable group to this. */
export interface UserGroupInfo {
  desc: string;
  /** 'auto' for the automatic group. */
  ratio: number | string;
}

/** POST /api/user/manage {id, action} returns the user's role and status after the action. */
export interface ManagePayload {
  id: number;
  action: ManageAction;
}

export interface ManageResult {
  status: number;
  role: number;
}

/** POST /api/user/login (the Turnstile token goes in the query string). */
export interface LoginPayload {
  username: string;
  password: string;
}

/** POST /api/user/register. */
export interface RegisterPayload {
  username: string;
  password: string;
  password2: string;
  email: string;
  verification_code: string;
  aff_code: string;
}

/** The Telegram login widget's data, sent as the query string of /api/oauth/telegram/login and /bind. */
export interface TelegramAuthData {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
  auth_date: number;
  hash: string;
}

/** POST /api/user/ (administrators). */
export interface CreateUserPayload {
  username: string;
  display_name: string;
  password: string;
  /** Admin-only note. */
  remark?: string;
  limits?: LimitSet;
}

/** PUT /api/user/ (administrators). */
export interface UpdateUserPayload {
  id: number;
  username: string;
  display_name: string;
  /** Empty keeps the current password. */
  password: string;
  group: string;
  quota: number;
  remark: string;
  /** Replaces the user's limits (`{}` removes them, absent keeps them). */
  limits?: LimitSet;
}

/** PUT /api/user/self. */
export interface UpdateSelfPayload {
  username?: string;
  display_name?: string;
  password?: string;
  original_password?: string;
}
