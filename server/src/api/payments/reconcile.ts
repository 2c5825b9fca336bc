/**
 * How the reconciliation job (server/src/jobs/payment-reconcile.ts) asks a provider about one pending
 * order: the Stripe session or Creem checkout recorded when the order was made is fetched from the
 * provider's API and settled exactly as its webhook would be (./stripe.ts, ./creem.ts).
 */
import type { AppContext } from '../../context.ts';
import type { LookUpOutcome, PendingOrder } from '../../jobs/payment-reconcile.ts';
import { retrieveCreemCheckout, settleCreemCheckout } from './creem.ts';
import { PaymentProvider } from './settle.ts';
import { settleStripeSession, stripeClient } from './stripe.ts';

export async function lookUpPendingOrder(context: AppContext, pending: PendingOrder): Promise<LookUpOutcome> {
  const { checkout_id: checkoutId, checkout_provider: provider, ...order } = pending;
  if (provider === PaymentProvider.stripe) {
    if (!context.options.get('StripeApiSecret')) return null;
    const session = await (await stripeClient(context)).checkout.sessions.retrieve(checkoutId);
    return settleStripeSession(context, order, session);
  }
  if (provider === PaymentProvider.creem) {
    if (!context.options.get('CreemApiKey')) return null;
    return settleCreemCheckout(context, order, await retrieveCreemCheckout(context, checkoutId));
  }
  return null;
}
