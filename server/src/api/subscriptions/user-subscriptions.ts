/**
 * Users' subscriptions (docs/subscriptions.md "Subscriptions"): made from a plan (bought from the wallet,
 * paid, or bound by an administrator) with a copy of its items, listed with what was spent, cancelled or
 * deleted by administrators. Every change re-reads the user in the relay's cache (and tells the other
 * instances), so the relay charges the allowances at once without reading the database per call.
 */
import type { Selectable, Transaction } from 'kysely';
import type {
  SubscriptionSelf,
  SubscriptionSummary,
  UserSubscription,
  UserSubscriptionStatus,
} from '../../../../common/api/subscriptions.ts';
import type { AppContext } from '../../context.ts';
import { insertReturningId } from '../../db/insert.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { periodEnd } from '../../relay/billing/subscription-periods.ts';
import { findPlan, nowSeconds } from './plans.ts';

type SubscriptionRow = Selectable<Database['user_subscriptions']>;

/**
 * Creates a user's subscription from plan `planId` inside `transaction`, starting now; its items are copies
 * of the plan's. Returns the new subscription's id.
 */
export async function createFromPlan(
  context: AppContext,
  transaction: Transaction<Database>,
  userId: number,
  planId: number,
  source: 'order' | 'admin' | 'wallet',
): Promise<number> {
  const entry = await findPlan(context, planId, transaction);
  if (entry.items.length === 0) throw badRequest('subscription.items_required');
  const start = nowSeconds();
  const end = periodEnd(start, entry.plan);
  if (end === null) throw badRequest('subscription.period_invalid');
  const id = await insertReturningId(transaction, context.database.dialect, 'user_subscriptions', {
    user_id: userId,
    plan_id: planId,
    start_time: start,
    end_time: end,
    status: 'active',
    source,
    created_at: start,
    updated_at: start,
  });
  await transaction
    .insertInto('user_subscription_items')
    .values(
      entry.items.map((item) => ({
        user_subscription_id: id,
        model_name: item.model_name,
        quota_type: item.quota_type,
        amount_total: item.amount_total,
        amount_used: 0,
      })),
    )
    .execute();
  return id;
}

/** A subscription's status as shown: an active one past its end reads expired before the job marks it. */
function statusOf(row: SubscriptionRow, now: number): UserSubscriptionStatus {
  if (row.status === 'active' && Number(row.end_time) <= now) return 'expired';
  return row.status as UserSubscriptionStatus;
}

/** The user's subscriptions (newest end first, as new-api lists them) with their items and live spending. */
export async function summaries(
  context: AppContext,
  userId: number,
  where: { id?: number } = {},
): Promise<SubscriptionSummary[]> {
  const { db } = context.database;
  let query = db
    .selectFrom('user_subscriptions as subscription')
    .leftJoin('subscription_plans as plan', 'plan.id', 'subscription.plan_id')
    .selectAll('subscription')
    .select('plan.title as plan_title')
    .where('subscription.user_id', '=', userId)
    .orderBy('subscription.end_time', 'desc')
    .orderBy('subscription.id', 'desc');
  if (where.id !== undefined) query = query.where('subscription.id', '=', where.id);
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const items = await db
    .selectFrom('user_subscription_items')
    .selectAll()
    .where(
      'user_subscription_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('id')
    .execute();
  const now = nowSeconds();
  return rows.map((row) => {
    const subscription: UserSubscription = {
      id: row.id,
      user_id: row.user_id,
      plan_id: row.plan_id,
      plan_title: row.plan_title ?? '',
      start_time: Number(row.start_time),
      end_time: Number(row.end_time),
      status: statusOf(row, now),
      source: row.source ?? '',
      created_at: Number(row.created_at),
      updated_at: Number(row.updated_at),
    };
    return {
      subscription,
      items: items
        .filter((item) => item.user_subscription_id === row.id)
        .map((item) => ({
          id: item.id,
          user_subscription_id: item.user_subscription_id,
          model_name: item.model_name,
          quota_type: Number(item.quota_type),
          amount_total: Number(item.amount_total),
          amount_used:
            Number(item.amount_used) +
            context.writer.pendingDelta('user_subscription_items', item.id, 'amount_used'),
        })),
    };
  });
}

/** GET /api/subscription/self, in new-api's shape. */
export async function selfSummary(context: AppContext, userId: number): Promise<SubscriptionSelf> {
  const all = await summaries(context, userId);
  const active = all.filter((entry) => entry.subscription.status === 'active');
  return {
    billing_preference: 'subscription_first',
    subscription: active[0] ?? null,
    subscriptions: active,
    all_subscriptions: all,
  };
}

async function requireUser(context: AppContext, userId: number): Promise<void> {
  const user = await context.database.db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) throw notFound('subscription.user_not_found');
}

/** POST /api/subscription/admin/bind and …/users/:id/subscriptions: gives a user a plan without payment. */
export async function bindPlan(
  context: AppContext,
  userId: number,
  planId: number,
): Promise<SubscriptionSummary> {
  await requireUser(context, userId);
  const id = await context.database.db
    .transaction()
    .execute((transaction) => createFromPlan(context, transaction, userId, planId, 'admin'));
  await context.accounts.refreshUser(userId);
  const [summary] = await summaries(context, userId, { id });
  return summary as SubscriptionSummary;
}

async function subscriptionOwner(context: AppContext, id: number): Promise<number> {
  const row = await context.database.db
    .selectFrom('user_subscriptions')
    .select('user_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('subscription.not_found');
  return row.user_id;
}

/** Cancels a subscription now (new-api's invalidate: status cancelled, end time now). */
export async function invalidateSubscription(context: AppContext, id: number): Promise<void> {
  const userId = await subscriptionOwner(context, id);
  const now = nowSeconds();
  await context.database.db
    .updateTable('user_subscriptions')
    .set({ status: 'cancelled', end_time: now, updated_at: now })
    .where('id', '=', id)
    .execute();
  await context.accounts.refreshUser(userId);
}

/** Deletes a subscription and its items. */
export async function deleteSubscription(context: AppContext, id: number): Promise<void> {
  const userId = await subscriptionOwner(context, id);
  await context.database.db.transaction().execute(async (transaction) => {
    await transaction.deleteFrom('user_subscription_items').where('user_subscription_id', '=', id).execute();
    await transaction.deleteFrom('user_subscriptions').where('id', '=', id).execute();
  });
  await context.accounts.refreshUser(userId);
}
