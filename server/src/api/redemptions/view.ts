/** The console's view of a redemption code (common/api/redemptions.ts; admins only: it includes the key). */
import type { Selectable } from 'kysely';
import type { RedemptionView } from '../../../../common/api/redemptions.ts';
import type { Database } from '../../db/schema.ts';

export type { RedemptionView };
export type RedemptionRow = Selectable<Database['redemptions']>;

export function toRedemptionView(row: RedemptionRow): RedemptionView {
  return {
    id: row.id,
    user_id: row.user_id,
    // PostgreSQL pads char(32); keys of older databases may be shorter.
    key: row.key.trimEnd(),
    status: row.status,
    name: row.name,
    quota: Number(row.quota),
    created_time: Number(row.created_time),
    redeemed_time: Number(row.redeemed_time),
    used_user_id: row.used_user_id,
    expired_time: Number(row.expired_time),
  };
}
