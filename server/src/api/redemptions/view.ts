/** The console's view of a redemption code (admins only: it includes the key). */
import type { Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type RedemptionRow = Selectable<Database['redemptions']>;

export interface RedemptionView {
  id: number;
  /** The administrator who created the code. */
  user_id: number;
  key: string;
  /** 1 unused, 2 disabled, 3 used. */
  status: number;
  name: string;
  quota: number;
  created_time: number;
  /** Unix seconds of the redemption, 0 while unused. */
  redeemed_time: number;
  /** The user who redeemed it, 0 for none. */
  used_user_id: number;
  /** Unix seconds after which it cannot be redeemed, 0 for never. */
  expired_time: number;
}

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
