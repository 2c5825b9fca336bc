/**
 * Buying a plan from the wallet balance (POST /api/subscription/wallet/pay; docs/subscriptions.md "Buying").
 * The price in quota is `price_amount × QuotaPerUnit`, computed exactly (docs/decisions/0006-money-arithmetic.md)
 * and rounded once, half up. One database transaction takes the price with a conditional UPDATE (the balance,
 * with the relay's charges still queued, must cover it) and creates the subscription, so two concurrent buys
 * with a balance for one make one subscription; the balance held by the relay follows at once.
 */
import type { SubscriptionWalletPayResult } from '../../../../common/api/subscriptions.ts';
import { logFactColumns, logFacts } from '../../../../common/log-facts.ts';
import { LogType } from '../../../../common/statuses.ts';
import type { AuthUser } from '../../auth/types.ts';
import type { AppContext } from '../../context.ts';
import { badRequest, businessFailure } from '../../lib/errors.ts';
import { multiply, roundToInteger, toExactDecimal } from '../../relay/billing/exact-decimal.ts';
import { findPlan, nowSeconds } from './plans.ts';
import { createFromPlan, summaries } from './user-subscriptions.ts';

/** A plan's price in quota: price × QuotaPerUnit, exact, rounded half up. */
export function planPriceQuota(priceAmount: number, quotaPerUnit: number): number {
  return Number(roundToInteger(multiply(toExactDecimal(priceAmount), toExactDecimal(quotaPerUnit))));
}

export async function buyWithWallet(
  context: AppContext,
  user: AuthUser,
  planId: number,
): Promise<SubscriptionWalletPayResult> {
  const entry = await findPlan(context, planId);
  if (!entry.plan.enabled) throw badRequest('subscription.plan_disabled');
  if (entry.items.length === 0) throw badRequest('subscription.items_required');
  const price = planPriceQuota(entry.plan.price_amount, context.options.getNumber('QuotaPerUnit'));
  // No flush runs meanwhile, so the database value plus the queued charges is the live balance.
  const subscriptionId = await context.writer.exclusive(async () => {
    const pending = context.writer.pendingDelta('users', user.id, 'quota');
    return context.database.db.transaction().execute(async (transaction) => {
      const taken = await transaction
        .updateTable('users')
        .set((builder) => ({ quota: builder('quota', '-', price) }))
        .where('id', '=', user.id)
        .where((builder) => builder(builder('quota', '+', pending), '>=', price))
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) return null;
      return createFromPlan(context, transaction, user.id, planId, 'wallet');
    });
  });
  if (subscriptionId === null) {
    const balance = (await context.accounts.liveBalance('user', user.id)) ?? 0;
    throw businessFailure('subscription.insufficient_balance', { balance, price });
  }
  // The database already holds the charge: the cached (and shared) balance and allowances follow.
  await context.accounts.credited(user.id, -price);
  context.writer.appendLog({
    user_id: user.id,
    username: user.username,
    created_at: nowSeconds(),
    type: LogType.consume,
    ...logFactColumns(
      context.options,
      logFacts('log.subscription_bought', { plan_title: entry.plan.title, quota: price }),
      {
        subscription: {
          plan_id: planId,
          plan_title: entry.plan.title,
          subscription_id: subscriptionId,
          source: 'wallet',
        },
      },
    ),
    quota: price,
  });
  const [summary] = await summaries(context, user.id, { id: subscriptionId });
  if (!summary) throw new Error(`subscription ${subscriptionId} vanished after its purchase`);
  return { subscription: summary, quota: price };
}
