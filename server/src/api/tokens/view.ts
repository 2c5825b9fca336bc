/** The console's view of a token (common/api/tokens.ts): the key without its sk- prefix, as stored. */
import type { Selectable } from 'kysely';
import type { TokenView } from '../../../../common/api/tokens.ts';
import type { Database } from '../../db/schema.ts';
import type { LiveState } from '../live-state.ts';
import { limitsView } from './limits-fields.ts';

export type { TokenView };
export type TokenRow = Selectable<Database['tokens']>;

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
    limits: limitsView(row.limits, false),
  };
}

/** A token's balance and status in memory and the usage still queued for the database (context fits). */
export type LiveTokenCounters = LiveState<{
  token(id: number): { remainQuota: number; status: number } | undefined;
}>;

/** The token as of now: the stored row lags behind by the charges still queued in the batch writer. */
export function toLiveTokenView(row: TokenRow, live: LiveTokenCounters): TokenView {
  const view = toTokenView(row);
  const cached = live.accounts.token(row.id);
  if (cached) {
    view.remain_quota = cached.remainQuota;
    view.status = cached.status;
  }
  view.used_quota += live.writer.pendingDelta('tokens', row.id, 'used_quota');
  return view;
}
