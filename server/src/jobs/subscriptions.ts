/**
 * The subscription expiry job (docs/subscriptions.md "Expiry"): every minute, on the primary instance only,
 * active subscriptions whose end has passed are marked `expired` and their users re-read in the relay's
 * cache (and announced to the other instances). The relay never waits for it: an allowance past its end
 * is not used anyway (server/src/relay/billing/subscription-charge.ts compares the end with the clock).
 */
import type { AppContext } from '../context.ts';

const INTERVAL_MS = 60_000;

/** Marks ended subscriptions expired; returns the users whose subscriptions ended. */
export async function expireSubscriptions(context: AppContext, nowSeconds: number): Promise<number[]> {
  const { db } = context.database;
  const ended = await db
    .selectFrom('user_subscriptions')
    .select(['id', 'user_id'])
    .where('status', '=', 'active')
    .where('end_time', '<=', nowSeconds)
    .limit(1000)
    .execute();
  if (ended.length === 0) return [];
  await db
    .updateTable('user_subscriptions')
    .set({ status: 'expired', updated_at: nowSeconds })
    .where(
      'id',
      'in',
      ended.map((row) => row.id),
    )
    .where('status', '=', 'active')
    .execute();
  const users = [...new Set(ended.map((row) => row.user_id))];
  for (const userId of users) await context.accounts.refreshUser(userId);
  return users;
}

export function scheduleSubscriptionExpiry(context: AppContext): () => void {
  const timer = setInterval(
    () =>
      void expireSubscriptions(context, Math.floor(Date.now() / 1000)).catch((error: unknown) =>
        context.logger.error({ err: error }, 'subscription expiry failed'),
      ),
    INTERVAL_MS,
  );
  timer.unref();
  return () => clearInterval(timer);
}
