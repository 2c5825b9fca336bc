/**
 * Users' active subscription allowances, read with the cached users (./account-cache.ts) so that the relay
 * charges them without a database read (docs/subscriptions.md "Charging"). An allowance's `used` is the
 * database's `amount_used` plus what the batch writer still has queued for it, like a balance.
 */
import type { BatchWriter } from '../../db/batch-writer.ts';
import type { DatabaseHandle } from '../../db/connect.ts';
import { allowanceOrder, type SubscriptionAllowance } from '../billing/subscription-charge.ts';

/** The active allowances (subscription `active` and not ended at `nowSeconds`) by user, in the order they are used. */
export async function loadAllowances(
  database: DatabaseHandle,
  writer: BatchWriter,
  nowSeconds: number,
  userId?: number,
): Promise<Map<number, SubscriptionAllowance[]>> {
  let query = database.db
    .selectFrom('user_subscription_items as item')
    .innerJoin('user_subscriptions as subscription', 'subscription.id', 'item.user_subscription_id')
    .leftJoin('subscription_plans as plan', 'plan.id', 'subscription.plan_id')
    .select([
      'item.id as id',
      'item.user_subscription_id as subscriptionId',
      'item.model_name as modelName',
      'item.quota_type as quotaType',
      'item.amount_total as total',
      'item.amount_used as used',
      'subscription.user_id as userId',
      'subscription.plan_id as planId',
      'subscription.end_time as endTime',
      'plan.title as planTitle',
    ])
    .where('subscription.status', '=', 'active')
    .where('subscription.end_time', '>', nowSeconds);
  if (userId !== undefined) query = query.where('subscription.user_id', '=', userId);
  const rows = await query.execute();
  const byUser = new Map<number, SubscriptionAllowance[]>();
  for (const row of rows) {
    const allowance: SubscriptionAllowance = {
      id: row.id,
      subscriptionId: row.subscriptionId,
      planId: row.planId,
      planTitle: row.planTitle ?? '',
      modelName: row.modelName,
      quotaType: Number(row.quotaType),
      total: Number(row.total),
      used: Number(row.used) + writer.pendingDelta('user_subscription_items', row.id, 'amount_used'),
      endTime: Number(row.endTime),
    };
    const list = byUser.get(row.userId);
    if (list) list.push(allowance);
    else byUser.set(row.userId, [allowance]);
  }
  for (const list of byUser.values()) list.sort(allowanceOrder);
  return byUser;
}
