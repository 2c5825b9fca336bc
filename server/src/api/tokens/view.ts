/** The console's view of a token (the key without its sk- prefix, as stored). */
import type { Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type TokenRow = Selectable<Database['tokens']>;

export interface TokenView {
  id: number;
  user_id: number;
  key: string;
  status: number;
  name: string;
  created_time: number;
  accessed_time: number;
  expired_time: number;
  remain_quota: number;
  unlimited_quota: boolean;
  model_limits_enabled: boolean;
  model_limits: string;
  allow_ips: string;
  used_quota: number;
  group: string;
}

export function toTokenView(row: TokenRow): TokenView {
  return {
    id: row.id,
    user_id: row.user_id,
    key: row.key,
    status: row.status,
    name: row.name,
    created_time: Number(row.created_time),
    accessed_time: Number(row.accessed_time),
    expired_time: Number(row.expired_time),
    remain_quota: Number(row.remain_quota),
    unlimited_quota: Boolean(row.unlimited_quota),
    model_limits_enabled: Boolean(row.model_limits_enabled),
    model_limits: row.model_limits ?? '',
    allow_ips: row.allow_ips ?? '',
    used_quota: Number(row.used_quota),
    group: row.group ?? '',
  };
}
