/**
 * Crediting a paid top-up order exactly once, shared by every provider (Epay, Stripe, Creem), the
 * reconciliation job and an administrator's manual completion (docs/reference/payments.md).
 *
 * The order must belong to the provider that reports it (new-api's `payment_provider`; rows older than
 * that column are attributed by their payment method). The pending → success transition and the credit
 * happen in one transaction guarded by `WHERE status = 'pending'`, so concurrent deliveries, replays and
 * several instances on one database credit an order once.
 */
import { logFactColumns, logFacts } from '../../../../common/log-facts.ts';
import { LogType, TopUpStatus } from '../../../../common/statuses.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { formatMoney } from '../wallet/epay.ts';

export const PaymentProvider = { epay: 'epay', stripe: 'stripe', creem: 'creem' } as const;
export type PaymentProviderName = (typeof PaymentProvider)[keyof typeof PaymentProvider];

/** new-api's status of an order whose checkout expired unpaid (common/statuses.ts lists the other three). */
export const TOP_UP_EXPIRED = 'expired';

export type TopUpOrder = import('kysely').Selectable<Database['top_ups']>;

export type SettleOutcome = 'credited' | 'already_done' | 'refused';

/** The provider of an order: its column, or for older rows the one its payment method names. */
export function providerOf(order: Pick<TopUpOrder, 'payment_provider' | 'payment_method'>): string {
  if (order.payment_provider) return order.payment_provider;
  if (order.payment_method === PaymentProvider.stripe || order.payment_method === PaymentProvider.creem)
    return order.payment_method;
  return PaymentProvider.epay;
}

/**
 * Quota an order is worth, as new-api credits it: Epay `amount × QuotaPerUnit`; Stripe `money ×
 * QuotaPerUnit` (its money is the amount times the group's top-up ratio); Creem the product's quota,
 * stored in `amount`.
 */
export function creditFor(context: AppContext, order: TopUpOrder): number {
  const unit = context.options.getNumber('QuotaPerUnit');
  switch (providerOf(order)) {
    case PaymentProvider.stripe:
      return Math.round(Number(order.money) * unit);
    case PaymentProvider.creem:
      return Math.round(Number(order.amount));
    default:
      return Math.round(Number(order.amount) * unit);
  }
}

/** A Stripe or Creem order being opened: the top-up row and what the provider quoted for it. */
export interface PendingCheckout {
  provider: typeof PaymentProvider.stripe | typeof PaymentProvider.creem;
  userId: number;
  tradeNo: string;
  /** `top_ups.amount` and `money`, as each provider's credit reads them (creditFor). */
  amount: number;
  money: number;
  checkoutId: string;
  /** The quoted amount in minor units and its currency, checked again when the payment is reported. */
  amountMinor: number;
  currency: string;
  productId?: string;
}

/** Stores a pending order and its checkout together (one transaction), before the payer is sent away. */
export async function openCheckout(context: AppContext, checkout: PendingCheckout): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  await context.database.db.transaction().execute(async (transaction) => {
    await transaction
      .insertInto('top_ups')
      .values({
        user_id: checkout.userId,
        amount: checkout.amount,
        money: checkout.money,
        trade_no: checkout.tradeNo,
        payment_method: checkout.provider,
        payment_provider: checkout.provider,
        create_time: now,
        status: TopUpStatus.pending,
      })
      .execute();
    await transaction
      .insertInto('payment_checkouts')
      .values({
        trade_no: checkout.tradeNo,
        provider: checkout.provider,
        checkout_id: checkout.checkoutId,
        amount_minor: checkout.amountMinor,
        currency: checkout.currency.toLowerCase(),
        ...(checkout.productId === undefined ? {} : { product_id: checkout.productId }),
        created_at: now,
      })
      .execute();
  });
}

export async function findOrder(context: AppContext, tradeNo: string): Promise<TopUpOrder | undefined> {
  if (!tradeNo) return undefined;
  return context.database.db
    .selectFrom('top_ups')
    .selectAll()
    .where('trade_no', '=', tradeNo)
    .executeTakeFirst();
}

/**
 * Credits the order once. `provider` is who reports the payment (null: an administrator, any provider).
 * Refused for an unknown order, another provider's order, or one that is neither pending nor done.
 */
export async function settleOrder(
  context: AppContext,
  order: TopUpOrder,
  provider: PaymentProviderName | null,
): Promise<SettleOutcome> {
  if (provider !== null && providerOf(order) !== provider) return 'refused';
  if (order.status === TopUpStatus.success) return 'already_done';
  if (order.status !== TopUpStatus.pending) return 'refused';
  const credit = creditFor(context, order);
  if (!Number.isSafeInteger(credit) || credit <= 0) return 'refused';
  const now = Math.floor(Date.now() / 1000);
  const credited = await context.database.db.transaction().execute(async (transaction) => {
    const result = await transaction
      .updateTable('top_ups')
      .set({ status: TopUpStatus.success, complete_time: now })
      .where('id', '=', order.id)
      .where('status', '=', TopUpStatus.pending)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await transaction
      .updateTable('users')
      .set((builder) => ({ quota: builder(builder.ref('quota'), '+', credit) }))
      .where('id', '=', order.user_id)
      .execute();
    return true;
  });
  if (!credited) return 'already_done';
  await context.accounts.credited(order.user_id, credit);
  const user = context.accounts.user(order.user_id);
  context.writer.appendLog({
    user_id: order.user_id,
    username: user?.username ?? '',
    created_at: now,
    type: LogType.topup,
    quota: credit,
    ...logFactColumns(
      context.options,
      logFacts('log.online_topup', {
        quota: credit,
        money: formatMoney(Number(order.money)),
        payment_method: order.payment_method,
        trade_no: order.trade_no,
      }),
    ),
  });
  return 'credited';
}

/** Marks a pending order of `provider` expired (its checkout ended unpaid); a no-op otherwise. */
export async function expireOrder(
  context: AppContext,
  order: TopUpOrder,
  provider: PaymentProviderName,
): Promise<boolean> {
  if (providerOf(order) !== provider) return false;
  const result = await context.database.db
    .updateTable('top_ups')
    .set({ status: TOP_UP_EXPIRED, complete_time: Math.floor(Date.now() / 1000) })
    .where('id', '=', order.id)
    .where('status', '=', TopUpStatus.pending)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
