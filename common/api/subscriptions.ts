/**
 * Subscription plans and users' subscriptions (/api/subscription/*; docs/subscriptions.md), in new-api's JSON
 * shapes: a plan travels as `{ plan, items }`, a subscription as `{ subscription, items }`.
 */

/** year | month | day | hour | custom (then `custom_seconds`). */
export type SubscriptionDurationUnit = 'year' | 'month' | 'day' | 'hour' | 'custom';

/** 0: the item is an amount of quota; 1: a number of requests. */
export const SubscriptionQuotaType = { quota: 0, requests: 1 } as const;

export interface SubscriptionPlan {
  id: number;
  title: string;
  subtitle: string;
  price_amount: number;
  currency: string;
  duration_unit: SubscriptionDurationUnit;
  duration_value: number;
  custom_seconds: number;
  enabled: boolean;
  sort_order: number;
  stripe_price_id: string;
  creem_product_id: string;
  created_at: number;
  updated_at: number;
}

export interface SubscriptionPlanItem {
  id: number;
  plan_id: number;
  model_name: string;
  quota_type: number;
  amount_total: number;
}

export interface SubscriptionPlanEntry {
  plan: SubscriptionPlan;
  items: SubscriptionPlanItem[];
}

/** The create and edit form (POST /api/subscription/admin/plans, PUT …/plans/:id). */
export interface SubscriptionPlanPayload {
  plan: Omit<SubscriptionPlan, 'id' | 'created_at' | 'updated_at'>;
  items: Pick<SubscriptionPlanItem, 'model_name' | 'quota_type' | 'amount_total'>[];
}

export type UserSubscriptionStatus = 'active' | 'expired' | 'cancelled';

export interface UserSubscription {
  id: number;
  user_id: number;
  plan_id: number;
  /** The plan's title (Switchyard adds it; empty when the plan is gone). */
  plan_title: string;
  start_time: number;
  end_time: number;
  status: UserSubscriptionStatus;
  /** order | admin | wallet. */
  source: string;
  created_at: number;
  updated_at: number;
}

export interface UserSubscriptionItem {
  id: number;
  user_subscription_id: number;
  model_name: string;
  quota_type: number;
  amount_total: number;
  /** Includes what the relay has charged and not yet written (the live value). */
  amount_used: number;
}

export interface SubscriptionSummary {
  subscription: UserSubscription;
  items: UserSubscriptionItem[];
}

/** GET /api/subscription/self. */
export interface SubscriptionSelf {
  billing_preference: string;
  /** The first active subscription (new-api keeps it for older consoles), or null. */
  subscription: SubscriptionSummary | null;
  subscriptions: SubscriptionSummary[];
  all_subscriptions: SubscriptionSummary[];
}

/** POST /api/subscription/wallet/pay: buy a plan from the balance. */
export interface SubscriptionWalletPayPayload {
  plan_id: number;
}

export interface SubscriptionWalletPayResult {
  subscription: SubscriptionSummary;
  /** The quota taken from the balance. */
  quota: number;
}

/** POST /api/subscription/admin/bind. */
export interface SubscriptionBindPayload {
  user_id: number;
  plan_id: number;
}
