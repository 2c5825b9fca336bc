/**
 * Creem top-up as new-api does it (controller/topup_creem.go): the user picks one of CreemProducts, a
 * checkout is created at Creem's API (POST /v1/checkouts with `x-api-key`) carrying the order's trade
 * number as `request_id`, and Creem posts `checkout.completed` to /api/creem/webhook signed in the
 * `creem-signature` header (hex HMAC-SHA256 of the raw body under CreemWebhookSecret).
 *
 * Safety beyond new-api (docs/reference/payments.md "Creem"): a webhook without a valid signature is
 * refused even in test mode; the checkout is fetched again from Creem's API (GET /v1/checkouts) and must
 * be the order's, completed, its order paid and one-time, for the product and price quoted when it was
 * made (payment_checkouts). An order is credited once whatever the number of deliveries (./settle.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { TopUpStatus } from '../../../../common/statuses.ts';
import type { AuthUser } from '../../auth/types.ts';
import type { AppContext } from '../../context.ts';
import { businessFailure } from '../../lib/errors.ts';
import { type CreemProduct, creemProductSchema } from '../../options/catalogue-payments.ts';
import { creemApiBase } from './endpoints.ts';
import {
  findOrder,
  openCheckout,
  PaymentProvider,
  type SettleOutcome,
  settleOrder,
  type TopUpOrder,
} from './settle.ts';
import { paymentReference } from './stripe.ts';

export function creemProducts(context: AppContext): CreemProduct[] {
  const value = context.options.getJson<unknown>('CreemProducts');
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const parsed = creemProductSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

export function creemEnabled(context: AppContext): boolean {
  return context.options.get('CreemApiKey') !== '' && creemProducts(context).length > 0;
}

export function creemSignature(payload: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

export function verifyCreemSignature(payload: Buffer, signature: string, secret: string): boolean {
  if (!secret) return false;
  const expected = creemSignature(payload, secret);
  const given = signature.trim().toLowerCase();
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/** The price in minor units (Creem charges cents). */
function minorUnits(price: number): number {
  return Math.round(price * 100);
}

async function creemRequest(context: AppContext, path: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(`${creemApiBase(context)}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', 'x-api-key': context.options.get('CreemApiKey') },
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`Creem API answered ${response.status} for ${path.split('?')[0]}`);
  return response.json();
}

/** Creates the checkout and the pending order; answers new-api's `{checkout_url, order_id}`. */
export async function createCreemCheckout(
  context: AppContext,
  user: AuthUser,
  productId: string,
): Promise<{ checkout_url: string; order_id: string }> {
  if (!creemEnabled(context)) throw businessFailure('wallet.topup_disabled');
  if (!productId) throw businessFailure('wallet.product_missing');
  const product = creemProducts(context).find((entry) => entry.productId === productId);
  if (!product) throw businessFailure('wallet.product_unknown');
  const tradeNo = paymentReference('creem-api-ref', user.id);
  const email = (
    await context.database.db.selectFrom('users').select('email').where('id', '=', user.id).executeTakeFirst()
  )?.email;
  let checkout: { id?: unknown; checkout_url?: unknown };
  try {
    checkout = (await creemRequest(context, '/v1/checkouts', {
      method: 'POST',
      body: JSON.stringify({
        product_id: product.productId,
        request_id: tradeNo,
        ...(email ? { customer: { email } } : {}),
        metadata: {
          username: user.username,
          reference_id: tradeNo,
          product_name: product.name,
          quota: String(product.quota),
        },
      }),
    })) as typeof checkout;
  } catch (error) {
    context.logger.warn({ err: error }, 'could not create a Creem checkout');
    throw businessFailure('wallet.checkout_failed');
  }
  if (typeof checkout.checkout_url !== 'string' || !checkout.checkout_url || typeof checkout.id !== 'string')
    throw businessFailure('wallet.checkout_failed');
  await openCheckout(context, {
    provider: PaymentProvider.creem,
    userId: user.id,
    tradeNo,
    amount: product.quota,
    money: product.price,
    checkoutId: checkout.id,
    amountMinor: minorUnits(product.price),
    currency: product.currency,
    productId: product.productId,
  });
  return { checkout_url: checkout.checkout_url, order_id: tradeNo };
}

/** The parts of Creem's checkout object this file reads (Creem's API reference, "Checkout"). */
interface CreemCheckout {
  id?: string;
  status?: string;
  request_id?: string;
  product?: string | { id?: string };
  order?: {
    status?: string;
    type?: string;
    product?: string;
    amount?: number;
    sub_total?: number;
    currency?: string;
  };
}

function productIdOf(checkout: CreemCheckout): string {
  if (typeof checkout.product === 'string') return checkout.product;
  return checkout.product?.id ?? checkout.order?.product ?? '';
}

export type CreemOutcome = SettleOutcome | 'ignored';

/** Fetches the checkout from Creem's API (GET /v1/checkouts?checkout_id=…). */
export async function retrieveCreemCheckout(context: AppContext, checkoutId: string): Promise<CreemCheckout> {
  return (await creemRequest(
    context,
    `/v1/checkouts?checkout_id=${encodeURIComponent(checkoutId)}`,
  )) as CreemCheckout;
}

/**
 * Settles an order from the checkout as Creem's API reports it: refused unless it is the order's
 * checkout (request id, checkout id, product, price before tax and discount, currency); credited when
 * completed with a paid one-time order.
 */
export async function settleCreemCheckout(
  context: AppContext,
  order: TopUpOrder,
  checkout: CreemCheckout,
): Promise<CreemOutcome> {
  if (checkout.request_id !== order.trade_no) return 'refused';
  const expected = await context.database.db
    .selectFrom('payment_checkouts')
    .selectAll()
    .where('trade_no', '=', order.trade_no)
    .executeTakeFirst();
  if (!expected || expected.checkout_id !== checkout.id) return 'refused';
  if (checkout.status !== 'completed' || checkout.order?.status !== 'paid') return 'ignored';
  if (checkout.order.type !== undefined && checkout.order.type !== 'onetime') return 'refused';
  if (productIdOf(checkout) !== expected.product_id) return 'refused';
  const charged = checkout.order.sub_total ?? checkout.order.amount;
  if (charged !== Number(expected.amount_minor)) return 'refused';
  if ((checkout.order.currency ?? '').toLowerCase() !== expected.currency) return 'refused';
  return settleOrder(context, order, PaymentProvider.creem);
}

/**
 * Handles a webhook delivery: the signature over the raw body first (null: refused as unauthorised),
 * then `checkout.completed` is re-checked with Creem's API before anything is credited.
 */
export async function handleCreemWebhook(
  context: AppContext,
  payload: Buffer,
  signature: string,
): Promise<CreemOutcome | null> {
  if (!verifyCreemSignature(payload, signature, context.options.get('CreemWebhookSecret'))) return null;
  let event: { eventType?: unknown; object?: { id?: unknown; request_id?: unknown } };
  try {
    event = JSON.parse(payload.toString('utf8')) as typeof event;
  } catch {
    return 'refused';
  }
  if (event.eventType !== 'checkout.completed') return 'ignored';
  const checkoutId = typeof event.object?.id === 'string' ? event.object.id : '';
  const order = await findOrder(
    context,
    typeof event.object?.request_id === 'string' ? event.object.request_id : '',
  );
  if (!order || !checkoutId) return 'refused';
  if (order.status === TopUpStatus.success) return 'already_done';
  return settleCreemCheckout(context, order, await retrieveCreemCheckout(context, checkoutId));
}
