/**
 * Money in (docs/reference/payments.md): online top-up through Epay (price lookup, order creation, signed
 * notification credited exactly once by ../payments/settle.ts) and the transfer of invitation earnings to quota.
 */
import { TopUpStatus } from '../../../../common/statuses.ts';
import type { AuthUser } from '../../auth/types.ts';
import type { AppContext } from '../../context.ts';
import { businessFailure } from '../../lib/errors.ts';
import { randomAlphanumeric } from '../../lib/random.ts';
import {
  findOrder,
  PaymentProvider,
  providerOf,
  type SettleOutcome,
  settleOrder,
} from '../payments/settle.ts';
import { type EpayParams, epaySignature, formatMoney, verifyEpaySignature } from './epay.ts';

export function onlineTopUpEnabled(context: AppContext): boolean {
  const { options } = context;
  return options.get('PayAddress') !== '' && options.get('EpayId') !== '' && options.get('EpayKey') !== '';
}

function checkAmount(context: AppContext, amount: number): number {
  if (!onlineTopUpEnabled(context)) throw businessFailure('wallet.topup_disabled');
  if (!Number.isSafeInteger(amount)) throw businessFailure('wallet.amount_invalid');
  const minimum = Math.max(1, context.options.getNumber('MinTopUp'));
  if (amount < minimum) throw businessFailure('wallet.amount_too_small', { min: minimum });
  return amount;
}

/** Money = amount × Price × TopupGroupRatio[group] (default 1). */
export function moneyFor(context: AppContext, amount: number, group: string): number {
  const ratios = context.options.getJson<Record<string, number>>('TopupGroupRatio') ?? {};
  const ratio = typeof ratios[group] === 'number' ? ratios[group] : 1;
  return amount * context.options.getNumber('Price') * ratio;
}

export function payableMoney(context: AppContext, user: AuthUser, amount: number): string {
  return formatMoney(moneyFor(context, checkAmount(context, amount), user.group));
}

export interface PaymentForm {
  url: string;
  params: EpayParams;
}

export async function createPayment(
  context: AppContext,
  user: AuthUser,
  amount: number,
  method: string,
): Promise<PaymentForm> {
  checkAmount(context, amount);
  const { options } = context;
  const methods = options.getJson<{ type?: string }[]>('PayMethods') ?? [];
  if (!Array.isArray(methods) || !methods.some((entry) => entry?.type === method))
    throw businessFailure('wallet.method_invalid');
  const serverAddress = options.get('ServerAddress').replace(/\/+$/, '');
  if (!serverAddress) throw businessFailure('wallet.server_address_missing');
  const callbackBase = (options.get('CustomCallbackAddress') || serverAddress).replace(/\/+$/, '');
  const now = Math.floor(Date.now() / 1000);
  const tradeNo = `USR${user.id}NO${randomAlphanumeric(6)}${now}`;
  const money = formatMoney(moneyFor(context, amount, user.group));
  await context.database.db
    .insertInto('top_ups')
    .values({
      user_id: user.id,
      amount,
      money: Number(money),
      trade_no: tradeNo,
      payment_method: method,
      payment_provider: PaymentProvider.epay,
      create_time: now,
      status: TopUpStatus.pending,
    })
    .execute();
  const params: EpayParams = {
    pid: options.get('EpayId'),
    type: method,
    out_trade_no: tradeNo,
    notify_url: `${callbackBase}/api/user/epay/notify`,
    return_url: `${serverAddress}/topup`,
    name: `TUC${amount}`,
    money,
  };
  params.sign = epaySignature(params, options.get('EpayKey'));
  params.sign_type = 'MD5';
  return { url: `${options.get('PayAddress').replace(/\/+$/, '')}/submit.php`, params };
}

export type NotifyOutcome = SettleOutcome;

/**
 * Handles Epay's notification. Refused without a valid signature, for a failed payment, an unknown trade,
 * another provider's order (a Stripe or Creem order cannot be settled by Epay) or a different amount;
 * idempotent per trade number through ../payments/settle.ts.
 */
export async function handleEpayNotification(
  context: AppContext,
  params: EpayParams,
): Promise<NotifyOutcome> {
  if (!verifyEpaySignature(params, context.options.get('EpayKey'))) return 'refused';
  if (params.trade_status !== 'TRADE_SUCCESS') return 'refused';
  const order = await findOrder(context, params.out_trade_no ?? '');
  if (!order || providerOf(order) !== PaymentProvider.epay) return 'refused';
  if (order.status === TopUpStatus.success) return 'already_done';
  if (formatMoney(Number(params.money)) !== formatMoney(Number(order.money))) return 'refused';
  return settleOrder(context, order, PaymentProvider.epay);
}

/** Moves invitation earnings to quota: at least one quota unit, at most what was earned, atomically. */
export async function transferAffQuota(context: AppContext, user: AuthUser, quota: number): Promise<void> {
  const unit = context.options.getNumber('QuotaPerUnit');
  if (!Number.isSafeInteger(quota) || quota < unit) {
    throw businessFailure('aff.transfer_too_small', { amount: `$${formatMoney(unit / unit)} (${unit})` });
  }
  const moved = await context.database.db.transaction().execute(async (transaction) => {
    const result = await transaction
      .updateTable('users')
      .set((builder) => ({
        aff_quota: builder(builder.ref('aff_quota'), '-', quota),
        quota: builder(builder.ref('quota'), '+', quota),
      }))
      .where('id', '=', user.id)
      .where('aff_quota', '>=', quota)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  });
  if (!moved) throw businessFailure('wallet.aff_insufficient');
  await context.accounts.credited(user.id, quota);
}
