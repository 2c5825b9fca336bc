/**
 * Reconciliation of Stripe and Creem top-ups whose webhook never came (docs/reference/payments.md
 * "Reconciliation"): every five minutes, orders pending for longer than PENDING_SECONDS (and younger than
 * three days) are looked up at their provider by the checkout id recorded when they were made; a paid
 * one is credited, an expired Stripe session marks its order expired. This file chooses the orders and
 * the times; asking the provider and crediting is the `lookUp` given by the caller
 * (api/payments/reconcile.ts), which credits through api/payments/settle.ts, so a webhook arriving at the
 * same time, or another instance running the same job on the same database, credits the order once.
 */
import type { Selectable } from 'kysely';
import { TopUpStatus } from '../../../common/statuses.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/schema.ts';

/** Orders younger than this are left to their webhook. */
export const PENDING_SECONDS = 10 * 60;
/** Orders older than this are not looked up any more (checkouts expire within a day). */
const MAX_AGE_SECONDS = 3 * 86_400;
const BATCH = 100;
const INTERVAL_MS = 5 * 60_000;

export type PendingOrder = Selectable<Database['top_ups']> & {
  checkout_id: string;
  checkout_provider: string;
};

/** What asking the provider about one order came to; null when that provider is not configured. */
export type LookUpOutcome = 'credited' | 'already_done' | 'refused' | 'ignored' | 'expired' | null;

export type PendingOrderLookUp = (context: AppContext, order: PendingOrder) => Promise<LookUpOutcome>;

export interface ReconcileOptions {
  /** Only orders pending for at least this long; PENDING_SECONDS unless given. */
  olderThanSeconds?: number;
}

export interface ReconcileResult {
  checked: number;
  credited: number;
  expired: number;
}

export async function reconcilePayments(
  context: AppContext,
  lookUp: PendingOrderLookUp,
  { olderThanSeconds = PENDING_SECONDS }: ReconcileOptions = {},
): Promise<ReconcileResult> {
  const now = Math.floor(Date.now() / 1000);
  const orders = await context.database.db
    .selectFrom('top_ups')
    .innerJoin('payment_checkouts', 'payment_checkouts.trade_no', 'top_ups.trade_no')
    .selectAll('top_ups')
    .select(['payment_checkouts.checkout_id', 'payment_checkouts.provider as checkout_provider'])
    .where('top_ups.status', '=', TopUpStatus.pending)
    .where('top_ups.create_time', '<=', now - olderThanSeconds)
    .where('top_ups.create_time', '>=', now - MAX_AGE_SECONDS)
    .orderBy('top_ups.id')
    .limit(BATCH)
    .execute();
  const result: ReconcileResult = { checked: 0, credited: 0, expired: 0 };
  for (const order of orders) {
    let outcome: LookUpOutcome;
    try {
      outcome = await lookUp(context, order);
    } catch (error) {
      context.logger.warn({ err: error, trade: order.trade_no }, 'could not look up a pending payment');
      continue;
    }
    if (outcome === null) continue;
    result.checked += 1;
    if (outcome === 'credited') result.credited += 1;
    if (outcome === 'expired') result.expired += 1;
    if (outcome === 'refused')
      context.logger.warn(
        { trade: order.trade_no },
        'a pending payment does not match its provider checkout',
      );
  }
  if (result.credited > 0 || result.expired > 0) context.logger.info(result, 'reconciled pending payments');
  return result;
}

export function schedulePaymentReconcile(context: AppContext, lookUp: PendingOrderLookUp): () => void {
  const timer = setInterval(
    () =>
      void reconcilePayments(context, lookUp).catch((error: unknown) =>
        context.logger.error({ err: error }, 'payment reconciliation failed'),
      ),
    INTERVAL_MS,
  );
  timer.unref();
  return () => clearInterval(timer);
}
