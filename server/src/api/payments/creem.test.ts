import { describe, expect } from 'vitest';
import type { UserView } from '../../../../common/api/users.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import { startFakeCreem } from '../../test-support/fake-creem.ts';
import { setUpResource, setUpSite } from '../../test-support/test-site.ts';

const matrix = await databaseMatrix();
const PRODUCTS = [
  { productId: 'prod_small', name: 'Small', price: 4.99, currency: 'USD', quota: 2_500_000 },
  { productId: 'prod_large', name: 'Large', price: 19.99, currency: 'USD', quota: 12_000_000 },
];

describe.each(matrix)('Creem top-up and the order lists on $name', (dialect) => {
  const creem = setUpResource(
    () =>
      startFakeCreem({
        prod_small: { price: 499, currency: 'USD' },
        prod_large: { price: 1999, currency: 'USD' },
      }),
    dialect,
  );
  const {
    server,
    root,
    users: { user, other },
    run,
  } = setUpSite({
    dialect,
    environment: () => ({ CREEM_API_URL: creem.url }),
    users: { user: 'creem-payer', other: 'other-payer' },
  });
  const webhook = () => `${server.url}/api/creem/webhook`;
  const quota = async () => (await user.get<UserView>('/api/user/self')).body.data!.quota;
  const order = (tradeNo: string) =>
    server.context.database.db
      .selectFrom('top_ups')
      .selectAll()
      .where('trade_no', '=', tradeNo)
      .executeTakeFirstOrThrow();
  const buy = async (productId: string, client = user) => {
    const reply = await client.post<{ checkout_url: string; order_id: string }>('/api/user/creem/pay', {
      product_id: productId,
      payment_method: 'creem',
    });
    expect(reply.body.message).toBe('success');
    const checkout = [...creem.checkouts.values()].find(
      (entry) => entry.request_id === reply.body.data!.order_id,
    )!;
    expect(reply.body.data!.checkout_url).toBe(checkout.checkout_url);
    return { tradeNo: reply.body.data!.order_id, checkoutId: checkout.id };
  };

  run('is off until configured; refuses unknown products; keeps its keys secret', async () => {
    expect((await user.get('/api/user/topup/info')).body.data).toMatchObject({ enable_creem_topup: false });
    expect(
      (await root.put('/api/option/', { key: 'CreemProducts', value: '[{"productId":"x"}]' })).body.success,
    ).toBe(false);
    for (const [key, value] of Object.entries({
      CreemApiKey: creem.apiKey,
      CreemWebhookSecret: creem.webhookSecret,
      CreemProducts: JSON.stringify(PRODUCTS),
    })) {
      expect((await root.put('/api/option/', { key, value })).body.success, key).toBe(true);
    }
    const info = (await user.get<Record<string, unknown>>('/api/user/topup/info')).body.data!;
    expect(info).toMatchObject({ enable_creem_topup: true });
    expect(JSON.parse(info.creem_products as string)).toEqual(PRODUCTS);
    const options = JSON.stringify((await root.get('/api/option/')).body.data);
    expect(options).not.toContain(creem.apiKey);
    expect(options).not.toContain(creem.webhookSecret);
    expect(
      (await user.post('/api/user/creem/pay', { product_id: 'prod_none', payment_method: 'creem' })).body,
    ).toEqual({ success: false, message: 'error', data: 'Product not found' });
    expect(
      (await user.post('/api/user/creem/pay', { product_id: 'prod_small', payment_method: 'stripe' })).body
        .data,
    ).toBe('Unknown payment method');
  });

  run('refuses forged and mismatched webhooks; a signed one credits the product once', async () => {
    const { tradeNo, checkoutId } = await buy('prod_small');
    expect(await order(tradeNo)).toMatchObject({
      status: 'pending',
      payment_method: 'creem',
      payment_provider: 'creem',
    });
    const before = await quota();
    // Unpaid: acknowledged, nothing credited.
    expect(await creem.deliver(webhook(), checkoutId)).toBe(200);
    creem.pay(checkoutId);
    expect(await creem.deliver(webhook(), checkoutId, { secret: 'whsec_forged' })).toBe(401);
    // The event names another order than the checkout Creem's API reports.
    const { tradeNo: otherTrade } = await buy('prod_large');
    expect(await creem.deliver(webhook(), checkoutId, { object: { request_id: otherTrade } })).toBe(400);
    // Creem's API reports another price, currency or product than quoted.
    creem.update(checkoutId, (checkout) => {
      checkout.order!.sub_total = 1;
    });
    expect(await creem.deliver(webhook(), checkoutId)).toBe(400);
    creem.update(checkoutId, (checkout) => {
      checkout.order!.sub_total = 499;
      checkout.order!.currency = 'EUR';
    });
    expect(await creem.deliver(webhook(), checkoutId)).toBe(400);
    creem.update(checkoutId, (checkout) => {
      checkout.order!.currency = 'USD';
      checkout.product = 'prod_large';
    });
    expect(await creem.deliver(webhook(), checkoutId)).toBe(400);
    expect(await quota()).toBe(before);
    expect((await order(tradeNo)).status).toBe('pending');

    creem.update(checkoutId, (checkout) => {
      checkout.product = 'prod_small';
    });
    const statuses = await Promise.all(Array.from({ length: 4 }, () => creem.deliver(webhook(), checkoutId)));
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(await creem.deliver(webhook(), checkoutId)).toBe(200);
    expect(await quota()).toBe(before + 2_500_000);
    expect((await order(tradeNo)).status).toBe('success');
    await server.context.writer.flush();
    const logs = await server.context.logDatabase.db
      .selectFrom('logs')
      .selectAll()
      .where('type', '=', 1)
      .where('user_id', '=', user.currentUserId!)
      .execute();
    expect(logs.map((log) => Number(log.quota))).toEqual([2_500_000]);
  });

  run('lists orders for an administrator with filters, and a user’s own', async () => {
    const { tradeNo } = await buy('prod_large', other);
    expect((await user.get('/api/user/topup')).status).toBe(403);
    const all = await root.get<{ items: Record<string, unknown>[]; total: number }>(
      '/api/user/topup?p=1&page_size=50',
    );
    expect(all.body.data!.total).toBe(3);
    expect(all.body.data!.items[0]).toMatchObject({
      trade_no: tradeNo,
      username: 'other-payer',
      payment_method: 'creem',
      payment_provider: 'creem',
      status: 'pending',
      amount: 12_000_000,
      money: 19.99,
    });
    expect(String(all.body.data!.items[0]!.checkout_id)).toMatch(/^ch_/);
    const successes = await root.get<{ items: { status: string }[]; total: number }>(
      '/api/user/topup?status=success',
    );
    expect(successes.body.data!.total).toBe(1);
    const byUser = await root.get<{ total: number }>(`/api/user/topup?user_id=${other.currentUserId}`);
    expect(byUser.body.data!.total).toBe(1);
    const byKeyword = await root.get<{ total: number }>(`/api/user/topup?keyword=${tradeNo.slice(4, 20)}`);
    expect(byKeyword.body.data!.total).toBe(1);
    const own = await other.get<{ items: { trade_no: string; username?: string }[]; total: number }>(
      '/api/user/topup/self',
    );
    expect(own.body.data!.total).toBe(1);
    expect(own.body.data!.items[0]!.trade_no).toBe(tradeNo);
    expect(own.body.data!.items[0]!.username).toBeUndefined();
  });

  run('an administrator completes a pending order by hand, once', async () => {
    const { tradeNo } = await buy('prod_small', other);
    const self = async () => (await other.get<UserView>('/api/user/self')).body.data!.quota;
    const before = await self();
    expect((await other.post('/api/user/topup/complete', { trade_no: tradeNo })).status).toBe(403);
    expect((await root.post('/api/user/topup/complete', { trade_no: 'ref_unknown' })).body.message).toBe(
      'Top-up order not found',
    );
    const replies = await Promise.all([
      root.post('/api/user/topup/complete', { trade_no: tradeNo }),
      root.post('/api/user/topup/complete', { trade_no: tradeNo }),
    ]);
    expect(replies.map((reply) => reply.body.success)).toEqual([true, true]);
    expect(await self()).toBe(before + 2_500_000);
    expect((await order(tradeNo)).status).toBe('success');
  });
});
