/**
 * Tables of subscription plans and users' subscriptions, in new-api's tables (its model/subscription.go: gorm's
 * names `subscription_plans`, `subscription_plan_items`, `subscription_orders`, `user_subscriptions`,
 * `user_subscription_items`), so that an adopted new-api database keeps and uses its subscription rows;
 * joined into the declared schema by ./schema.ts (created or completed by ./reconcile.ts at boot like every
 * table). Times are Unix seconds as new-api stores them. docs/subscriptions.md says what each column means.
 */
import { column as c, defineTable, type RowOf, type TableSpec } from './column.ts';

/** A plan users can buy or be given: its price, its period and (in subscription_plan_items) its allowances. */
export const subscriptionPlansTable = defineTable('subscription_plans', {
  id: c.id(),
  title: c.varchar(128),
  subtitle: c.varchar(255).default(''),
  /** The price in `currency` (new-api keeps a double; the wallet charge is made exact from its decimal text). */
  price_amount: c.double().default(0),
  currency: c.varchar(8).default('USD'),
  /** year | month | day | hour | custom. */
  duration_unit: c.varchar(16).default('month'),
  duration_value: c.integer().default(1),
  /** The period in seconds when `duration_unit` is custom. */
  custom_seconds: c.bigint().default(0),
  enabled: c.boolean().default(true),
  sort_order: c.integer().default(0),
  stripe_price_id: c.varchar(128).default(''),
  creem_product_id: c.varchar(128).default(''),
  created_at: c.bigint().default(0),
  updated_at: c.bigint().default(0),
});

/** One allowance of a plan: a model, and either an amount of quota (type 0) or a number of requests (type 1). */
export const subscriptionPlanItemsTable = defineTable(
  'subscription_plan_items',
  {
    id: c.id(),
    plan_id: c.integer(),
    model_name: c.varchar(128),
    quota_type: c.integer().default(0),
    amount_total: c.bigint().default(0),
  },
  { indexes: [{ columns: ['plan_id'] }, { columns: ['model_name'] }, { columns: ['quota_type'] }] },
);

/** A plan bought through a payment provider: the user's subscription is made once the payment settles. */
export const subscriptionOrdersTable = defineTable(
  'subscription_orders',
  {
    id: c.id(),
    user_id: c.integer(),
    plan_id: c.integer(),
    money: c.double().default(0),
    trade_no: c.varchar(255).unique(),
    payment_method: c.varchar(50).default(''),
    /** pending | success | expired, as top_ups.status. */
    status: c.varchar(32).default('pending'),
    create_time: c.bigint().default(0),
    complete_time: c.bigint().default(0),
    provider_payload: c.text().nullable(),
  },
  { indexes: [{ columns: ['user_id'] }, { columns: ['plan_id'] }] },
);

/** A user's subscription: a copy of a plan's period, `active` until `end_time`, then `expired` (or `cancelled`). */
export const userSubscriptionsTable = defineTable(
  'user_subscriptions',
  {
    id: c.id(),
    user_id: c.integer(),
    plan_id: c.integer(),
    start_time: c.bigint().default(0),
    end_time: c.bigint().default(0),
    status: c.varchar(32).default('active'),
    /** order | admin | wallet. */
    source: c.varchar(32).default('order'),
    created_at: c.bigint().default(0),
    updated_at: c.bigint().default(0),
  },
  {
    indexes: [
      { columns: ['user_id'] },
      { columns: ['plan_id'] },
      { columns: ['end_time'] },
      { columns: ['status'] },
    ],
  },
);

/** A subscription's copy of a plan item, with what was spent of it (written through the batch writer). */
export const userSubscriptionItemsTable = defineTable(
  'user_subscription_items',
  {
    id: c.id(),
    user_subscription_id: c.integer(),
    model_name: c.varchar(128),
    quota_type: c.integer().default(0),
    amount_total: c.bigint().default(0),
    amount_used: c.bigint().default(0),
  },
  {
    indexes: [
      { columns: ['user_subscription_id'] },
      { columns: ['model_name'] },
      { columns: ['quota_type'] },
    ],
  },
);

/** This area's tables, in creation order. */
export const SUBSCRIPTION_TABLES: readonly TableSpec[] = [
  subscriptionPlansTable,
  subscriptionPlanItemsTable,
  subscriptionOrdersTable,
  userSubscriptionsTable,
  userSubscriptionItemsTable,
];

/** This area's rows by table name, as ./schema.ts's Database types them (`RowOf<typeof …Table>`). */
export interface SubscriptionRows {
  subscription_plans: RowOf<typeof subscriptionPlansTable>;
  subscription_plan_items: RowOf<typeof subscriptionPlanItemsTable>;
  subscription_orders: RowOf<typeof subscriptionOrdersTable>;
  user_subscriptions: RowOf<typeof userSubscriptionsTable>;
  user_subscription_items: RowOf<typeof userSubscriptionItemsTable>;
}
