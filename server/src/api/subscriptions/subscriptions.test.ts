/**
 * The subscription API through real HTTP (docs/subscriptions.md): authorization, plan validation in both
 * languages, buying from the wallet (refused without balance, one of two concurrent buys), binding,
 * cancelling and deleting, and rows written by new-api used as they are.
 */
import { describe, expect } from 'vitest';
import type {
  SubscriptionPlanEntry,
  SubscriptionSelf,
  SubscriptionSummary,
  SubscriptionWalletPayResult,
} from '../../../../common/api/subscriptions.ts';
import type { UserView } from '../../../../common/api/users.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import type { ApiClient } from '../../test-support/test-server.ts';
import { setUpSite } from '../../test-support/test-site.ts';

const matrix = await databaseMatrix();

const PLAN = {
  plan: { title: 'Pro', price_amount: 2.5, duration_unit: 'month', duration_value: 1 },
  items: [
    { model_name: 'gpt-4o', quota_type: 1, amount_total: 100 },
    { model_name: 'gpt-4o-mini', quota_type: 0, amount_total: 500_000 },
  ],
};

describe.each(matrix)('subscriptions API on $name', (dialect) => {
  const {
    server,
    root,
    anonymous,
    users: { alice, bob, carol },
    run,
  } = setUpSite({ dialect, users: ['alice', 'bob', 'carol'] });

  const quotaOf = async (client: ApiClient) =>
    (await client.get<UserView>('/api/user/self')).body.data!.quota;
  const setQuota = async (client: ApiClient, quota: number) => {
    const reply = await root.put('/api/user/', { id: client.currentUserId, quota });
    expect(reply.body.success, reply.body.message).toBe(true);
  };
  const createPlan = async (body: unknown = PLAN) => {
    const reply = await root.post<SubscriptionPlanEntry>('/api/subscription/admin/plans', body);
    expect(reply.body.success, reply.body.message).toBe(true);
    return reply.body.data!;
  };
  const planCount = async () =>
    Number(
      (
        await server.context.database.db
          .selectFrom('subscription_plans')
          .select((builder) => builder.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  run('guards every route: anonymous 401, users kept off the admin routes', async () => {
    expect((await anonymous.get('/api/subscription/plans')).status).toBe(401);
    expect((await anonymous.post('/api/subscription/wallet/pay', { plan_id: 1 })).status).toBe(401);
    expect((await alice.get('/api/subscription/admin/plans')).status).toBe(403);
    expect((await alice.post('/api/subscription/admin/plans', PLAN)).status).toBe(403);
    expect((await alice.post('/api/subscription/admin/bind', { user_id: 1, plan_id: 1 })).status).toBe(403);
    expect((await alice.delete('/api/subscription/admin/user_subscriptions/1')).status).toBe(403);
  });

  run('refuses a bad plan with a clear message in English and Chinese and stores nothing', async () => {
    const before = await planCount();
    const english = root.withHeaders({ 'Accept-Language': 'en' });
    const chinese = root.withHeaders({ 'Accept-Language': 'zh-CN' });
    const cases: [unknown, string, string][] = [
      [
        { ...PLAN, plan: { ...PLAN.plan, title: ' ' } },
        'The plan title must be 1 to 128 characters long',
        '套餐标题长度必须在 1-128 个字符之间',
      ],
      [{ ...PLAN, items: [] }, 'A plan needs at least one model allowance', '套餐至少需要配置一个模型权益'],
      [
        { ...PLAN, items: [{ model_name: 'gpt-4o', quota_type: 1, amount_total: 0 }] },
        'Allowance 1: the model name must be 1 to 128 characters and the amount a whole number above 0',
        '第 1 项权益：模型名称长度需为 1-128 个字符，数量必须是大于 0 的整数',
      ],
      [
        { ...PLAN, plan: { ...PLAN.plan, duration_unit: 'custom', custom_seconds: 0 } },
        'The period is not valid: a whole number of years, months, days or hours above 0, or custom seconds above 0',
        '有效期无效：年、月、日、小时数须为大于 0 的整数，自定义秒数须大于 0',
      ],
      [
        { ...PLAN, plan: { ...PLAN.plan, price_amount: -1 } },
        'The price must be a number from 0 to 1000000 with at most 6 decimals',
        '价格必须是 0 到 1000000 之间、最多 6 位小数的数字',
      ],
    ];
    for (const [body, en, zh] of cases) {
      const replyEn = await english.post('/api/subscription/admin/plans', body);
      expect(replyEn.status).toBe(400);
      expect(replyEn.body.message).toBe(en);
      expect((await chinese.post('/api/subscription/admin/plans', body)).body.message).toBe(zh);
    }
    expect(await planCount()).toBe(before);
  });

  run('users see enabled plans only; an edit replaces the items; DELETE takes a plan off sale', async () => {
    const entry = await createPlan();
    expect(entry.items.map((item) => item.model_name)).toEqual(['gpt-4o', 'gpt-4o-mini']);
    const edited = await root.put<SubscriptionPlanEntry>(`/api/subscription/admin/plans/${entry.plan.id}`, {
      plan: { ...PLAN.plan, title: 'Pro 2' },
      items: [{ model_name: 'gpt-4o', quota_type: 1, amount_total: 7 }],
    });
    expect(edited.body.data).toMatchObject({ plan: { title: 'Pro 2' }, items: [{ amount_total: 7 }] });
    const listed = async () =>
      (await alice.get<SubscriptionPlanEntry[]>('/api/subscription/plans')).body.data!.map(
        (plan) => plan.plan.id,
      );
    expect(await listed()).toContain(entry.plan.id);
    expect((await root.delete(`/api/subscription/admin/plans/${entry.plan.id}`)).body.success).toBe(true);
    expect(await listed()).not.toContain(entry.plan.id);
    const refused = await alice
      .withHeaders({ 'Accept-Language': 'en' })
      .post('/api/subscription/wallet/pay', { plan_id: entry.plan.id });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This subscription plan is not on sale');
  });

  run('buying without enough balance is refused and changes nothing', async () => {
    const entry = await createPlan();
    const price = 2.5 * server.context.options.getNumber('QuotaPerUnit');
    await setQuota(bob, price - 1);
    const reply = await bob
      .withHeaders({ 'Accept-Language': 'en' })
      .post('/api/subscription/wallet/pay', { plan_id: entry.plan.id });
    expect(reply.body.success).toBe(false);
    expect(reply.body.message).toBe(`Your balance (${price - 1}) cannot pay for this plan (${price})`);
    expect(await quotaOf(bob)).toBe(price - 1);
    expect((await bob.get<SubscriptionSelf>('/api/subscription/self')).body.data!.all_subscriptions).toEqual(
      [],
    );
  });

  run('two concurrent buys with a balance for one make one subscription, charged exactly', async () => {
    const entry = await createPlan();
    const price = 2.5 * server.context.options.getNumber('QuotaPerUnit');
    await setQuota(carol, price + 7);
    const replies = await Promise.all(
      [1, 2].map(() =>
        carol.post<SubscriptionWalletPayResult>('/api/subscription/wallet/pay', { plan_id: entry.plan.id }),
      ),
    );
    expect(replies.filter((reply) => reply.body.success)).toHaveLength(1);
    expect(await quotaOf(carol)).toBe(7);
    const self = (await carol.get<SubscriptionSelf>('/api/subscription/self')).body.data!;
    expect(self.subscriptions).toHaveLength(1);
    expect(self.subscription).toMatchObject({
      subscription: { source: 'wallet', status: 'active', plan_title: 'Pro' },
    });
    expect(
      self.subscription!.items.map((item) => [item.model_name, item.amount_total, item.amount_used]),
    ).toEqual([
      ['gpt-4o', 100, 0],
      ['gpt-4o-mini', 500_000, 0],
    ]);
    // The relay holds the allowances at once.
    expect(server.context.accounts.user(carol.currentUserId!)?.allowances).toHaveLength(2);
  });

  run('an administrator binds, cancels and deletes a subscription; the relay follows', async () => {
    const entry = await createPlan();
    const userId = alice.currentUserId!;
    const bound = await root.post<SubscriptionSummary>('/api/subscription/admin/bind', {
      user_id: userId,
      plan_id: entry.plan.id,
    });
    expect(bound.body.data).toMatchObject({ subscription: { source: 'admin', status: 'active' } });
    const id = bound.body.data!.subscription.id;
    expect(server.context.accounts.user(userId)?.allowances.some((item) => item.subscriptionId === id)).toBe(
      true,
    );
    expect(
      (await root.post(`/api/subscription/admin/user_subscriptions/${id}/invalidate`)).body.success,
    ).toBe(true);
    const listed = await root.get<SubscriptionSummary[]>(
      `/api/subscription/admin/users/${userId}/subscriptions`,
    );
    expect(listed.body.data!.find((summary) => summary.subscription.id === id)?.subscription.status).toBe(
      'cancelled',
    );
    expect(server.context.accounts.user(userId)?.allowances.some((item) => item.subscriptionId === id)).toBe(
      false,
    );
    expect((await root.delete(`/api/subscription/admin/user_subscriptions/${id}`)).body.success).toBe(true);
    const after = await root.get<SubscriptionSummary[]>(
      `/api/subscription/admin/users/${userId}/subscriptions`,
    );
    expect(after.body.data!.some((summary) => summary.subscription.id === id)).toBe(false);
    const missing = await root
      .withHeaders({ 'Accept-Language': 'en' })
      .post('/api/subscription/admin/bind', { user_id: 999_999, plan_id: entry.plan.id });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('User not found');
  });

  run('uses rows written by new-api as they are', async () => {
    const { db } = server.context.database;
    const now = Math.floor(Date.now() / 1000);
    // What new-api's gorm writes: booleans, Unix seconds, status and source texts.
    await db
      .insertInto('subscription_plans')
      .values({
        title: 'Adopted',
        price_amount: 9.9,
        currency: 'USD',
        duration_unit: 'day',
        duration_value: 30,
        enabled: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const plan = await db
      .selectFrom('subscription_plans')
      .select('id')
      .where('title', '=', 'Adopted')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('subscription_plan_items')
      .values({ plan_id: plan.id, model_name: 'gpt-4o', quota_type: 1, amount_total: 50 })
      .execute();
    const userId = bob.currentUserId!;
    await db
      .insertInto('user_subscriptions')
      .values({
        user_id: userId,
        plan_id: plan.id,
        start_time: now - 60,
        end_time: now + 86_400,
        status: 'active',
        source: 'order',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const subscription = await db
      .selectFrom('user_subscriptions')
      .select('id')
      .where('plan_id', '=', plan.id)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_subscription_items')
      .values({
        user_subscription_id: subscription.id,
        model_name: 'gpt-4o',
        quota_type: 1,
        amount_total: 50,
        amount_used: 12,
      })
      .execute();
    await server.context.accounts.reload();
    const self = (await bob.get<SubscriptionSelf>('/api/subscription/self')).body.data!;
    expect(self.subscription).toMatchObject({
      subscription: { id: subscription.id, plan_title: 'Adopted', source: 'order', status: 'active' },
      items: [{ model_name: 'gpt-4o', amount_total: 50, amount_used: 12 }],
    });
    expect(server.context.accounts.user(userId)?.allowances).toMatchObject([
      { total: 50, used: 12, quotaType: 1 },
    ]);
    const plans = (await bob.get<SubscriptionPlanEntry[]>('/api/subscription/plans')).body.data!;
    expect(plans.find((entry) => entry.plan.id === plan.id)).toMatchObject({
      plan: { title: 'Adopted', enabled: true, duration_value: 30 },
    });
  });
});
