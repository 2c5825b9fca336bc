import { afterAll, describe, expect } from 'vitest';
import { lookUpPendingOrder } from '../api/payments/reconcile.ts';
import { databaseMatrix } from '../test-support/databases.ts';
import { startFakeCreem } from '../test-support/fake-creem.ts';
import { startFakeStripe } from '../test-support/fake-stripe.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { setUpResource, setUpSite } from '../test-support/test-site.ts';
import { reconcilePayments } from './payment-reconcile.ts';

const matrix = await databaseMatrix();

describe.each(matrix)('payment reconciliation on $name', (dialect) => {
  const stripe = setUpResource(
    () => startFakeStripe({ price_usd: { unit_amount: 800, currency: 'usd' } }),
    dialect,
  );
  const creem = setUpResource(() => startFakeCreem({ prod_small: { price: 499, currency: 'USD' } }), dialect);
  const {
    server,
    root,
    users: { user },
    run,
  } = setUpSite({
    dialect,
    environment: () => ({ STRIPE_API_URL: stripe.url, CREEM_API_URL: creem.url }),
    users: { user: 'late-payer' },
  });
  let peer: TestServer | undefined;
  afterAll(async () => {
    await peer?.close();
  });

  const storedQuota = async () =>
    Number(
      (
        await server.context.database.db
          .selectFrom('users')
          .select('quota')
          .where('id', '=', user.currentUserId!)
          .executeTakeFirstOrThrow()
      ).quota,
    );
  const status = async (tradeNo: string) =>
    (
      await server.context.database.db
        .selectFrom('top_ups')
        .select('status')
        .where('trade_no', '=', tradeNo)
        .executeTakeFirstOrThrow()
    ).status;
  /** Makes an order look `seconds` old, as if its webhook never came. */
  const age = (tradeNo: string, seconds: number) =>
    server.context.database.db
      .updateTable('top_ups')
      .set({ create_time: Math.floor(Date.now() / 1000) - seconds })
      .where('trade_no', '=', tradeNo)
      .execute();

  run('credits paid orders whose webhook never came, once, with two instances on one database', async () => {
    for (const [key, value] of Object.entries({
      ServerAddress: server.url,
      StripeApiSecret: stripe.apiKey,
      StripeWebhookSecret: stripe.webhookSecret,
      StripePriceId: 'price_usd',
      CreemApiKey: creem.apiKey,
      CreemWebhookSecret: creem.webhookSecret,
      CreemProducts: JSON.stringify([
        { productId: 'prod_small', name: 'Small', price: 4.99, currency: 'USD', quota: 2_500_000 },
      ]),
    })) {
      expect((await root.put('/api/option/', { key, value })).body.success, key).toBe(true);
    }
    peer = await startTestServer({
      database: { ...server.database, drop: async () => undefined },
      environment: { STRIPE_API_URL: stripe.url, CREEM_API_URL: creem.url },
    });

    const paid = await user.post<{ pay_link: string }>('/api/user/stripe/pay', {
      amount: 6,
      payment_method: 'stripe',
    });
    const unpaid = await user.post<{ pay_link: string }>('/api/user/stripe/pay', {
      amount: 3,
      payment_method: 'stripe',
    });
    const expired = await user.post<{ pay_link: string }>('/api/user/stripe/pay', {
      amount: 2,
      payment_method: 'stripe',
    });
    const fresh = await user.post<{ pay_link: string }>('/api/user/stripe/pay', {
      amount: 5,
      payment_method: 'stripe',
    });
    const sessionOf = (link: string) =>
      [...stripe.sessions.values()].find((session) => session.url === link)!;
    const [paidSession, unpaidSession, expiredSession, freshSession] = [paid, unpaid, expired, fresh].map(
      (reply) => sessionOf(reply.body.data!.pay_link),
    );
    const bought = await user.post<{ order_id: string }>('/api/user/creem/pay', {
      product_id: 'prod_small',
      payment_method: 'creem',
    });
    const creemTrade = bought.body.data!.order_id;
    const creemCheckout = [...creem.checkouts.values()].find(
      (checkout) => checkout.request_id === creemTrade,
    )!;

    stripe.pay(paidSession!.id);
    stripe.pay(freshSession!.id);
    stripe.update(expiredSession!.id, { status: 'expired' });
    creem.pay(creemCheckout.id);
    for (const session of [paidSession, unpaidSession, expiredSession])
      await age(session!.client_reference_id!, 20 * 60);
    await age(creemTrade, 20 * 60);
    const before = await storedQuota();

    const results = await Promise.all([
      reconcilePayments(server.context, lookUpPendingOrder),
      reconcilePayments(peer.context, lookUpPendingOrder),
      reconcilePayments(server.context, lookUpPendingOrder),
    ]);
    expect(results.reduce((sum, result) => sum + result.credited, 0)).toBe(2);
    expect(results.reduce((sum, result) => sum + result.expired, 0)).toBe(1);
    // Stripe: 6 × QuotaPerUnit; Creem: the product's quota.
    expect(await storedQuota()).toBe(before + 6 * 500_000 + 2_500_000);
    expect(await status(paidSession!.client_reference_id!)).toBe('success');
    expect(await status(creemTrade)).toBe('success');
    expect(await status(unpaidSession!.client_reference_id!)).toBe('pending');
    expect(await status(expiredSession!.client_reference_id!)).toBe('expired');
    // Paid, but younger than the webhook's grace period: left to its webhook.
    expect(await status(freshSession!.client_reference_id!)).toBe('pending');

    // A late webhook of a reconciled order credits nothing more.
    expect(
      await stripe.deliver(`${server.url}/api/stripe/webhook`, 'checkout.session.completed', paidSession!.id),
    ).toBe(200);
    const again = await reconcilePayments(server.context, lookUpPendingOrder);
    expect(again.credited).toBe(0);
    expect(await storedQuota()).toBe(before + 6 * 500_000 + 2_500_000);
    await server.context.writer.flush();
    await peer.context.writer.flush();
    const logs = await server.context.logDatabase.db
      .selectFrom('logs')
      .select('quota')
      .where('type', '=', 1)
      .where('user_id', '=', user.currentUserId!)
      .execute();
    expect(logs.map((log) => Number(log.quota)).sort()).toEqual([2_500_000, 3_000_000]);
  });
});
