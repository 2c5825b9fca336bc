/**
 * Subscription plans (docs/subscriptions.md "Plans"): the list users buy from and administrators edit, in
 * new-api's `{ plan, items }` shape. A plan is never deleted (past subscriptions name it): DELETE disables
 * it, as new-api does.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { SubscriptionPlan, SubscriptionPlanEntry } from '../../../../common/api/subscriptions.ts';
import type { AppContext } from '../../context.ts';
import { insertReturningId } from '../../db/insert.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { periodEnd } from '../../relay/billing/subscription-periods.ts';
import type { PlanInput } from './schemas.ts';

type PlanRow = Selectable<Database['subscription_plans']>;
type PlanItemRow = Selectable<Database['subscription_plan_items']>;

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

export function planView(row: PlanRow): SubscriptionPlan {
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle ?? '',
    price_amount: Number(row.price_amount),
    currency: row.currency || 'USD',
    duration_unit: row.duration_unit as SubscriptionPlan['duration_unit'],
    duration_value: Number(row.duration_value),
    custom_seconds: Number(row.custom_seconds),
    enabled: Boolean(row.enabled),
    sort_order: Number(row.sort_order),
    stripe_price_id: row.stripe_price_id ?? '',
    creem_product_id: row.creem_product_id ?? '',
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

function itemView(row: PlanItemRow) {
  return {
    id: row.id,
    plan_id: row.plan_id,
    model_name: row.model_name,
    quota_type: Number(row.quota_type),
    amount_total: Number(row.amount_total),
  };
}

/** Plans in new-api's order (sort_order, then newest first) with their items; only enabled ones for users. */
export async function listPlans(context: AppContext, enabledOnly: boolean): Promise<SubscriptionPlanEntry[]> {
  const { db } = context.database;
  let query = db
    .selectFrom('subscription_plans')
    .selectAll()
    .orderBy('sort_order', 'desc')
    .orderBy('id', 'desc');
  if (enabledOnly) query = query.where('enabled', '=', 1);
  const plans = await query.execute();
  if (plans.length === 0) return [];
  const items = await db
    .selectFrom('subscription_plan_items')
    .selectAll()
    .where(
      'plan_id',
      'in',
      plans.map((plan) => plan.id),
    )
    .orderBy('id')
    .execute();
  return plans.map((plan) => ({
    plan: planView(plan),
    items: items.filter((item) => item.plan_id === plan.id).map(itemView),
  }));
}

/** A plan and its items; `db` is the transaction when called inside one (SQLite has one connection). */
export async function findPlan(
  context: AppContext,
  id: number,
  db: Kysely<Database> | Transaction<Database> = context.database.db,
): Promise<SubscriptionPlanEntry> {
  const plan = await db.selectFrom('subscription_plans').selectAll().where('id', '=', id).executeTakeFirst();
  if (!plan) throw notFound('subscription.plan_not_found');
  const items = await db
    .selectFrom('subscription_plan_items')
    .selectAll()
    .where('plan_id', '=', id)
    .orderBy('id')
    .execute();
  return { plan: planView(plan), items: items.map(itemView) };
}

/** A price as typed: 0 to 1,000,000, at most 6 decimals (the wallet charge is made exact from it). */
function validPrice(price: number): boolean {
  if (!Number.isFinite(price) || price < 0 || price > 1_000_000) return false;
  return Math.abs(Math.round(price * 1e6) - price * 1e6) < 1e-6;
}

/** Checks a plan form and returns the columns to store; every refusal is a 400 with its own message. */
function planColumns(input: PlanInput) {
  const { plan, items } = input;
  const title = plan.title.trim();
  if (title.length === 0 || title.length > 128) throw badRequest('subscription.title_required');
  if (!validPrice(plan.price_amount)) throw badRequest('subscription.price_invalid');
  const unit = plan.duration_unit || 'month';
  const period = {
    duration_unit: unit,
    duration_value: unit === 'custom' ? 0 : plan.duration_value,
    custom_seconds: unit === 'custom' ? plan.custom_seconds : 0,
  };
  if (periodEnd(0, period) === null) throw badRequest('subscription.period_invalid');
  if (items.length === 0) throw badRequest('subscription.items_required');
  const seen = new Set<string>();
  const rows = items.map((item, index) => {
    const model = item.model_name.trim();
    const amount = item.amount_total;
    if (model.length === 0 || model.length > 128 || !Number.isSafeInteger(amount) || amount <= 0)
      throw badRequest('subscription.item_invalid', { index: index + 1 });
    const key = `${item.quota_type}:${model}`;
    if (seen.has(key)) throw badRequest('subscription.item_duplicate', { index: index + 1, model });
    seen.add(key);
    return { model_name: model, quota_type: item.quota_type, amount_total: amount };
  });
  return {
    plan: {
      title,
      subtitle: plan.subtitle.trim(),
      price_amount: plan.price_amount,
      currency: plan.currency || 'USD',
      ...period,
      enabled: plan.enabled ? (1 as const) : (0 as const),
      sort_order: plan.sort_order,
      stripe_price_id: plan.stripe_price_id,
      creem_product_id: plan.creem_product_id,
    },
    items: rows,
  };
}

export async function createPlan(context: AppContext, input: PlanInput): Promise<SubscriptionPlanEntry> {
  const columns = planColumns(input);
  const now = nowSeconds();
  const id = await context.database.db.transaction().execute(async (transaction) => {
    const planId = await insertReturningId(transaction, context.database.dialect, 'subscription_plans', {
      ...columns.plan,
      created_at: now,
      updated_at: now,
    });
    await transaction
      .insertInto('subscription_plan_items')
      .values(columns.items.map((item) => ({ ...item, plan_id: planId })))
      .execute();
    return planId;
  });
  return findPlan(context, id);
}

/** Replaces a plan's fields and items (new-api's PUT); subscriptions already bought keep their own copies. */
export async function updatePlan(
  context: AppContext,
  id: number,
  input: PlanInput,
): Promise<SubscriptionPlanEntry> {
  const columns = planColumns(input);
  await findPlan(context, id);
  await context.database.db.transaction().execute(async (transaction) => {
    await transaction
      .updateTable('subscription_plans')
      .set({ ...columns.plan, updated_at: nowSeconds() })
      .where('id', '=', id)
      .execute();
    await transaction.deleteFrom('subscription_plan_items').where('plan_id', '=', id).execute();
    await transaction
      .insertInto('subscription_plan_items')
      .values(columns.items.map((item) => ({ ...item, plan_id: id })))
      .execute();
  });
  return findPlan(context, id);
}

/** DELETE /api/subscription/admin/plans/:id: disables the plan (new-api never deletes one). */
export async function disablePlan(context: AppContext, id: number): Promise<void> {
  await findPlan(context, id);
  await context.database.db
    .updateTable('subscription_plans')
    .set({ enabled: 0 as const, updated_at: nowSeconds() })
    .where('id', '=', id)
    .execute();
}
