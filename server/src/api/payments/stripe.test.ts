import { describe, expect } from 'vitest';
import type { UserView } from '../../../../common/api/users.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import { startFakeStripe } from '../../test-support/fake-stripe.ts';
import { setUpResource, setUpSite } from '../../test-support/test-site.ts';
import { epaySignature } from '../wallet/epay.ts';

const matrix = await databaseMatrix();

describe.each(matrix)('Stripe top-up on $name', (dialect) => {
  const stripe = setUpResource(
    () => startFakeStripe({ price_usd: { unit_amount: 800, currency: 'usd' } }),
    dialect,
  );
  const {
    server,
    root,
    users: { user },
    run,
  } = setUpSite({
    dialect,
    environment: () => ({ STRIPE_API_URL: stripe.url }),
    users: { user: 'stripe-payer' },
  });
  const webhook = () => `${server.url}/api/stripe/webhook`;
  const quota = async () => (await user.get<UserView>('/api/user/self')).body.data!.quota;
  const order = (tradeNo: string) =>
    server.context.database.db
      .selectFrom('top_ups')
      .selectAll()
      .where('trade_no', '=', tradeNo)
      .executeTakeFirstOrThrow();
  const topUpLogs = async () => {
    await server.context.writer.flush();
    return server.context.logDatabase.db
      .selectFrom('logs')
      .selectAll()
      .where('type', '=', 1)
      .where('user_id', '=', user.currentUserId!)
      .execute();
  };
  const configure = async () => {
    for (const [key, value] of Object.entries({
      ServerAddress: server.url,
      StripeApiSecret: stripe.apiKey,
      StripeWebhookSecret: stripe.webhookSecret,
      StripePriceId: 'price_usd',
      StripeUnitPrice: '8',
      StripeMinTopUp: '2',
    })) {
      expect((await root.put('/api/option/', { key, value })).body.success, key).toBe(true);
    }
  };
  /** Orders `amount` through the API; answers the order's trade number and Stripe session id. */
  const checkout = async (amount: number) => {
    const pay = await user.post<{ pay_link: string }>('/api/user/stripe/pay', {
      amount,
      payment_method: 'stripe',
    });
    expect(pay.body.message).toBe('success');
    const session = [...stripe.sessions.values()].find((entry) => entry.url === pay.body.data!.pay_link)!;
    return { tradeNo: session.client_reference_id!, sessionId: session.id };
  };

  run('is off until configured, and never shows its secrets', async () => {
    const info = await user.get<Record<string, unknown>>('/api/user/topup/info');
    expect(info.body.data).toMatchObject({ enable_stripe_topup: false });
    expect((await user.post('/api/user/stripe/pay', { amount: 5, payment_method: 'stripe' })).body).toEqual({
      success: false,
      message: 'error',
      data: 'The administrator has not enabled online top-up',
    });
    await configure();
    const options = (await root.get<{ key: string; value: string }[]>('/api/option/')).body.data!;
    const keys = options.map((option) => option.key);
    expect(keys).toContain('StripePriceId');
    expect(keys).not.toContain('StripeApiSecret');
    expect(keys).not.toContain('StripeWebhookSecret');
    expect(JSON.stringify(options)).not.toContain(stripe.apiKey);
    const enabled = (await user.get<Record<string, unknown>>('/api/user/topup/info')).body.data!;
    expect(enabled).toMatchObject({ enable_stripe_topup: true, stripe_min_topup: 2 });
    expect(enabled.pay_methods).toContainEqual(expect.objectContaining({ type: 'stripe', min_topup: '2' }));
  });

  run('prices and creates a Checkout Session bound to a pending order', async () => {
    expect((await user.post('/api/user/stripe/amount', { amount: 1 })).body.data).toBe(
      'Top-up amount cannot be less than 2',
    );
    expect((await user.post('/api/user/stripe/amount', { amount: 10 })).body).toMatchObject({
      message: 'success',
      data: '80.00',
    });
    expect(
      (await user.post('/api/user/stripe/pay', { amount: 20_000, payment_method: 'stripe' })).body.data,
    ).toBe('Top-up amount cannot be more than 10000');
    expect((await user.post('/api/user/stripe/pay', { amount: 5, payment_method: 'alipay' })).body.data).toBe(
      'Unknown payment method',
    );
    const { tradeNo, sessionId } = await checkout(10);
    expect(tradeNo).toMatch(/^ref_[0-9a-f]{40}$/);
    const session = stripe.sessions.get(sessionId)!;
    expect(session).toMatchObject({ mode: 'payment', amount_subtotal: 8000, currency: 'usd' });
    expect(session.success_url).toBe(`${server.url}/log`);
    expect(await order(tradeNo)).toMatchObject({
      user_id: user.currentUserId,
      status: 'pending',
      payment_method: 'stripe',
      payment_provider: 'stripe',
    });
    expect(Number((await order(tradeNo)).amount)).toBe(10);
  });

  run('refuses forged, stale, tampered and mismatched webhooks and credits nothing', async () => {
    const { tradeNo, sessionId } = await checkout(10);
    const before = await quota();
    // Not paid yet: acknowledged, nothing credited.
    expect(await stripe.deliver(webhook(), 'checkout.session.completed', sessionId)).toBe(200);
    stripe.pay(sessionId);
    const forged = await stripe.deliver(webhook(), 'checkout.session.completed', sessionId, {
      secret: 'whsec_someone_else',
    });
    expect(forged).toBe(400);
    const stale = await stripe.deliver(webhook(), 'checkout.session.completed', sessionId, {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(stale).toBe(400);
    const tampered = await stripe.deliver(webhook(), 'checkout.session.completed', sessionId, {
      // Another last character than the order's, whatever it is (a replaced '0' by '0' would change nothing).
      tamper: (payload) =>
        payload.replace(tradeNo, `${tradeNo.slice(0, -1)}${tradeNo.endsWith('0') ? '1' : '0'}`),
    });
    expect(tampered).toBe(400);
    // Stripe's API says the session charged another amount than quoted: refused.
    stripe.update(sessionId, { amount_subtotal: 100, amount_total: 100 });
    expect(await stripe.deliver(webhook(), 'checkout.session.completed', sessionId)).toBe(400);
    stripe.update(sessionId, { amount_subtotal: 8000, amount_total: 8000, currency: 'eur' });
    expect(await stripe.deliver(webhook(), 'checkout.session.completed', sessionId)).toBe(400);
    expect(await quota()).toBe(before);
    expect((await order(tradeNo)).status).toBe('pending');
  });

  run('refuses a payment for another provider’s order, both ways', async () => {
    const now = Math.floor(Date.now() / 1000);
    const epayTrade = `USR${user.currentUserId}NOabcdef${now}`;
    await server.context.database.db
      .insertInto('top_ups')
      .values({
        user_id: user.currentUserId!,
        amount: 10,
        money: 73,
        trade_no: epayTrade,
        payment_method: 'alipay',
        payment_provider: 'epay',
        create_time: now,
        status: 'pending',
      })
      .execute();
    // A real Stripe session naming the Epay order.
    const created = await fetch(`${stripe.url}/v1/checkout/sessions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${stripe.apiKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        client_reference_id: epayTrade,
        mode: 'payment',
        'line_items[0][price]': 'price_usd',
        'line_items[0][quantity]': '10',
      }),
    });
    const session = (await created.json()) as { id: string };
    stripe.pay(session.id);
    const before = await quota();
    expect(await stripe.deliver(webhook(), 'checkout.session.completed', session.id)).toBe(400);
    expect((await order(epayTrade)).status).toBe('pending');

    // An Epay notification, correctly signed, cannot settle a Stripe order.
    await root.put('/api/option/', { key: 'EpayKey', value: 'epay-key' });
    const { tradeNo } = await checkout(3);
    const params: Record<string, string> = {
      out_trade_no: tradeNo,
      money: '3.00',
      trade_status: 'TRADE_SUCCESS',
      type: 'alipay',
    };
    params.sign = epaySignature(params, 'epay-key');
    const notified = await fetch(`${server.url}/api/user/epay/notify?${new URLSearchParams(params)}`);
    expect(await notified.text()).toBe('fail');
    expect((await order(tradeNo)).status).toBe('pending');
    expect(await quota()).toBe(before);
  });

  run('a correctly signed webhook credits once, however often it is delivered', async () => {
    const { tradeNo, sessionId } = await checkout(10);
    const before = await quota();
    const logsBefore = (await topUpLogs()).length;
    stripe.pay(sessionId);
    const statuses = await Promise.all(
      Array.from({ length: 5 }, () => stripe.deliver(webhook(), 'checkout.session.completed', sessionId)),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(await stripe.deliver(webhook(), 'checkout.session.completed', sessionId)).toBe(200);
    // money = amount × group ratio 1 = 10; credit = money × QuotaPerUnit.
    expect(await quota()).toBe(before + 10 * 500_000);
    expect(server.context.accounts.user(user.currentUserId!)?.quota).toBe(before + 5_000_000);
    const finished = await order(tradeNo);
    expect(finished.status).toBe('success');
    expect(Number(finished.complete_time)).toBeGreaterThan(0);
    const logs = await topUpLogs();
    expect(logs).toHaveLength(logsBefore + 1);
    expect(Number(logs.at(-1)!.quota)).toBe(5_000_000);
    expect(stripe.requests).toContain(`GET /v1/checkout/sessions/${sessionId}`);
  });

  run('an expired session marks its order expired', async () => {
    const { tradeNo, sessionId } = await checkout(4);
    stripe.update(sessionId, { status: 'expired' });
    expect(await stripe.deliver(webhook(), 'checkout.session.expired', sessionId)).toBe(200);
    expect((await order(tradeNo)).status).toBe('expired');
  });
});
