/**
 * Stripe top-up as new-api does it (controller/topup_stripe.go): a Checkout Session for `amount` units of
 * the StripePriceId price, referenced by the order's trade number; the webhook at /api/stripe/webhook.
 *
 * Safety beyond new-api (docs/reference/payments.md "Stripe"): the webhook is verified with
 * `stripe.webhooks.constructEvent` (signature and a 300-second tolerance, so an old delivery replayed is
 * refused), then the session is fetched again from Stripe's API and must be complete and paid, carry the
 * order's reference and charge the subtotal and currency Stripe quoted when the checkout was made
 * (payment_checkouts). An order is credited once whatever the number of deliveries (./settle.ts).
 */
import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import { TopUpStatus } from '../../../../common/statuses.ts';
import type { AuthUser } from '../../auth/types.ts';
import type { AppContext } from '../../context.ts';
import { businessFailure } from '../../lib/errors.ts';
import { randomAlphanumeric } from '../../lib/random.ts';
import { formatMoney } from '../wallet/epay.ts';
import { stripeHost } from './endpoints.ts';
import {
  expireOrder,
  findOrder,
  openCheckout,
  PaymentProvider,
  type SettleOutcome,
  settleOrder,
  type TopUpOrder,
} from './settle.ts';

/** Seconds a signed webhook stays acceptable (Stripe's own default). */
export const STRIPE_WEBHOOK_TOLERANCE = 300;
/** new-api's ceiling on one Stripe top-up. */
const MAX_STRIPE_TOP_UP = 10_000;

export function stripeEnabled(context: AppContext): boolean {
  const { options } = context;
  return (
    options.get('StripeApiSecret') !== '' &&
    options.get('StripeWebhookSecret') !== '' &&
    options.get('StripePriceId') !== ''
  );
}

/**
 * Stripe's library, loaded on first use: it costs about 20 MB of memory, which a gateway that never takes a
 * Stripe payment should not carry.
 */
let stripeLibrary: Promise<typeof import('stripe')> | undefined;

export async function stripeClient(context: AppContext): Promise<Stripe> {
  stripeLibrary ??= import('stripe');
  const { default: StripeClient } = await stripeLibrary;
  const host = stripeHost(context);
  return new StripeClient(context.options.get('StripeApiSecret') || 'sk_unset', {
    maxNetworkRetries: 1,
    timeout: 30_000,
    ...(host ?? {}),
  });
}

function groupRatio(context: AppContext, group: string): number {
  const ratios = context.options.getJson<Record<string, number>>('TopupGroupRatio') ?? {};
  const ratio = ratios[group];
  return typeof ratio === 'number' && ratio > 0 ? ratio : 1;
}

function checkStripeAmount(context: AppContext, amount: number): void {
  if (!stripeEnabled(context)) throw businessFailure('wallet.topup_disabled');
  if (!Number.isSafeInteger(amount)) throw businessFailure('wallet.amount_invalid');
  const minimum = Math.max(1, context.options.getNumber('StripeMinTopUp'));
  if (amount < minimum) throw businessFailure('wallet.amount_too_small', { min: minimum });
  if (amount > MAX_STRIPE_TOP_UP)
    throw businessFailure('wallet.amount_too_large', { max: MAX_STRIPE_TOP_UP });
}

/** POST /api/user/stripe/amount: amount × StripeUnitPrice × the group's top-up ratio, two decimals. */
export function stripePayableMoney(context: AppContext, user: AuthUser, amount: number): string {
  checkStripeAmount(context, amount);
  return formatMoney(amount * context.options.getNumber('StripeUnitPrice') * groupRatio(context, user.group));
}

/** new-api's reference: `ref_` + SHA-1 of a per-user, per-millisecond text. */
export function paymentReference(prefix: string, userId: number): string {
  const text = `${prefix}-${userId}-${Date.now()}-${randomAlphanumeric(4)}`;
  return `ref_${createHash('sha1').update(text).digest('hex')}`;
}

/** Creates the Checkout Session and the pending order; answers the page to send the browser to. */
export async function createStripeCheckout(
  context: AppContext,
  user: AuthUser,
  amount: number,
): Promise<string> {
  checkStripeAmount(context, amount);
  const { options } = context;
  const secret = options.get('StripeApiSecret');
  if (!secret.startsWith('sk_') && !secret.startsWith('rk_'))
    throw businessFailure('wallet.stripe_key_invalid');
  const serverAddress = options.get('ServerAddress').replace(/\/+$/, '');
  if (!serverAddress) throw businessFailure('wallet.server_address_missing');
  const tradeNo = paymentReference('new-api-ref', user.id);
  const email = (
    await context.database.db.selectFrom('users').select('email').where('id', '=', user.id).executeTakeFirst()
  )?.email;
  let session: Stripe.Checkout.Session;
  try {
    session = await (await stripeClient(context)).checkout.sessions.create({
      client_reference_id: tradeNo,
      success_url: `${serverAddress}/log`,
      cancel_url: `${serverAddress}/topup`,
      line_items: [{ price: options.get('StripePriceId'), quantity: amount }],
      mode: 'payment',
      allow_promotion_codes: options.getBoolean('StripePromotionCodesEnabled'),
      customer_creation: 'always',
      ...(email ? { customer_email: email } : {}),
      metadata: { trade_no: tradeNo },
    });
  } catch (error) {
    context.logger.warn({ err: error }, 'could not create a Stripe Checkout Session');
    throw businessFailure('wallet.checkout_failed');
  }
  if (!session.url || session.amount_subtotal === null || !session.currency)
    throw businessFailure('wallet.checkout_failed');
  await openCheckout(context, {
    provider: PaymentProvider.stripe,
    userId: user.id,
    tradeNo,
    amount,
    money: Number(formatMoney(amount * groupRatio(context, user.group))),
    checkoutId: session.id,
    amountMinor: session.amount_subtotal,
    currency: session.currency,
  });
  return session.url;
}

export type StripeOutcome = SettleOutcome | 'ignored' | 'expired';

async function checkoutOf(context: AppContext, tradeNo: string) {
  return context.database.db
    .selectFrom('payment_checkouts')
    .selectAll()
    .where('trade_no', '=', tradeNo)
    .executeTakeFirst();
}

/**
 * Settles an order from the session as Stripe's API reports it. Refused unless the session is the order's
 * (reference and, when the order was made here, the session id), complete and paid, with the quoted
 * subtotal and currency.
 */
export async function settleStripeSession(
  context: AppContext,
  order: TopUpOrder,
  session: Stripe.Checkout.Session,
): Promise<StripeOutcome> {
  if (session.client_reference_id !== order.trade_no) return 'refused';
  const checkout = await checkoutOf(context, order.trade_no);
  if (checkout) {
    if (checkout.checkout_id !== session.id) return 'refused';
    if (Number(checkout.amount_minor) !== session.amount_subtotal) return 'refused';
    if (checkout.currency !== (session.currency ?? '').toLowerCase()) return 'refused';
  }
  if (session.status === 'expired')
    return (await expireOrder(context, order, PaymentProvider.stripe)) ? 'expired' : 'ignored';
  if (session.status !== 'complete' || session.payment_status !== 'paid') return 'ignored';
  return settleOrder(context, order, PaymentProvider.stripe);
}

/**
 * Handles a webhook delivery. Throws Stripe's signature error for a forged or stale delivery; the caller
 * answers 400. A session event is re-checked with Stripe's API before anything is credited.
 */
export async function handleStripeWebhook(
  context: AppContext,
  payload: Buffer,
  signature: string,
): Promise<StripeOutcome> {
  const client = await stripeClient(context);
  const secret = context.options.get('StripeWebhookSecret');
  if (!secret) return 'refused';
  const event = client.webhooks.constructEvent(payload, signature, secret, STRIPE_WEBHOOK_TOLERANCE);
  if (
    event.type !== 'checkout.session.completed' &&
    event.type !== 'checkout.session.async_payment_succeeded' &&
    event.type !== 'checkout.session.expired'
  )
    return 'ignored';
  const delivered = event.data.object;
  const order = await findOrder(context, delivered.client_reference_id ?? '');
  if (!order) return 'refused';
  if (order.status === TopUpStatus.success) return 'already_done';
  const session = await client.checkout.sessions.retrieve(delivered.id);
  return settleStripeSession(context, order, session);
}
