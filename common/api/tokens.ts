/** API tokens (/api/token/*): the view built by server/src/api/tokens/view.ts and the form's payload. */
import type { LimitSet, LimitUsage } from '../traffic-limits.ts';

/** A token as the console sees it; `key` is stored and sent without its `sk-` prefix. */
export interface TokenView {
  id: number;
  user_id: number;
  key: string;
  /** 1 enabled, 2 disabled, 3 expired, 4 exhausted (common/statuses.ts TokenStatus). */
  status: number;
  name: string;
  created_time: number;
  accessed_time: number;
  /** Unix seconds, or -1 for "never expires". */
  expired_time: number;
  /** The balance as of now (memory), not the possibly older database row. */
  remain_quota: number;
  unlimited_quota: boolean;
  model_limits_enabled: boolean;
  /** Comma-separated model names. */
  model_limits: string;
  /** One IP address or CIDR per line; empty allows every address. */
  allow_ips: string;
  used_quota: number;
  /** Empty means the owner's own group. */
  group: string;
  /** The key's traffic limits (docs/limits.md); `{}` when it has none. */
  limits?: LimitSet;
  /** How much of each limit is used now: on the list and `GET /api/token/:id`, for a key with limits. */
  limit_usage?: LimitUsage[];
}

/** The fields of the create (POST /api/token/) and edit (PUT /api/token/ with `id`) forms. */
export interface TokenPayload {
  name: string;
  remain_quota: number;
  expired_time: number;
  unlimited_quota: boolean;
  model_limits_enabled: boolean;
  model_limits: string;
  allow_ips: string;
  group: string;
  /** Replaces the stored limits (`{}` removes them, absent keeps them). */
  limits?: LimitSet;
}

/** PUT /api/token/?status_only=true: enables (1) or disables (2) a token without touching the rest. */
export interface TokenStatusPayload {
  id: number;
  status: number;
}
