/**
 * Subscription allowances charged through the relay (docs/subscriptions.md "Charging"), against the fake
 * upstream: a request allowance pays whole calls, a quota allowance pays up to what it has left and the
 * balance the rest, an ended subscription is not used, a failed call takes nothing from an allowance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionPlanEntry, SubscriptionSummary } from '../../../../common/api/subscriptions.ts';
import { type RelayFixture, startRelayFixture } from '../../test-support/relay-fixture.ts';

describe('subscription allowances through the relay', () => {
  let fixture: RelayFixture;

  const used = async (itemId: number) => {
    await fixture.flush();
    const row = await fixture.server.context.database.db
      .selectFrom('user_subscription_items')
      .select('amount_used')
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    return Number(row.amount_used);
  };
  const bindPlan = async (items: { model_name: string; quota_type: number; amount_total: number }[]) => {
    const plan = await fixture.root.post<SubscriptionPlanEntry>('/api/subscription/admin/plans', {
      plan: { title: `Plan ${Date.now()}`, price_amount: 1, duration_unit: 'day', duration_value: 1 },
      items,
    });
    expect(plan.body.success, plan.body.message).toBe(true);
    const bound = await fixture.root.post<SubscriptionSummary>('/api/subscription/admin/bind', {
      user_id: fixture.userId,
      plan_id: plan.body.data!.plan.id,
    });
    expect(bound.body.success, bound.body.message).toBe(true);
    return bound.body.data!;
  };
  const chat = (model: string) =>
    fixture.openai.chat.completions.create({ model, messages: [{ role: 'user', content: 'Hi there' }] });

  beforeAll(async () => {
    // Below the trusted balance, so calls reserve from the balance before they are sent.
    fixture = await startRelayFixture({ userQuota: 200_000 });
    await fixture.addChannel();
    await fixture.setModelRatios({ 'gpt-4o': 2.5, 'gpt-4o-mini': 1 });
  });
  afterAll(() => fixture.close());

  it('a request allowance pays N whole calls, the balance untouched; the next call is charged', async () => {
    const summary = await bindPlan([{ model_name: 'gpt-4o', quota_type: 1, amount_total: 3 }]);
    const item = summary.items[0]!;
    for (let call = 1; call <= 3; call += 1) {
      const { spent, log } = await fixture.charged(() => chat('gpt-4o'));
      expect(spent).toBe(0);
      expect(Number(log.quota)).toBeGreaterThan(0);
      const other = JSON.parse(String(log.other)) as { subscription: Record<string, unknown> };
      expect(other.subscription).toMatchObject({
        item_id: item.id,
        quota_type: 1,
        used_amount: 1,
        paid_quota: Number(log.quota),
        plan_id: summary.subscription.plan_id,
      });
      expect(await used(item.id)).toBe(call);
    }
    const fourth = await fixture.charged(() => chat('gpt-4o'));
    expect(fourth.spent).toBe(Number(fourth.log.quota));
    expect(await used(item.id)).toBe(3);
  });

  it('a quota allowance smaller than the call is used up and the balance pays exactly the rest', async () => {
    const summary = await bindPlan([{ model_name: 'gpt-4o-mini', quota_type: 0, amount_total: 5 }]);
    const item = summary.items[0]!;
    const { spent, log } = await fixture.charged(() => chat('gpt-4o-mini'));
    const price = Number(log.quota);
    expect(price).toBeGreaterThan(5);
    expect(spent).toBe(price - 5);
    expect(await used(item.id)).toBe(5);
    const other = JSON.parse(String(log.other)) as { subscription: Record<string, unknown> };
    expect(other.subscription).toMatchObject({
      item_id: item.id,
      quota_type: 0,
      paid_quota: 5,
      used_amount: 5,
    });
    // Used up: the next call is the balance's alone.
    const next = await fixture.charged(() => chat('gpt-4o-mini'));
    expect(next.spent).toBe(Number(next.log.quota));
    expect(await used(item.id)).toBe(5);
  });

  it('a failed call takes nothing from an allowance', async () => {
    const summary = await bindPlan([{ model_name: 'gpt-4o', quota_type: 1, amount_total: 2 }]);
    const item = summary.items[0]!;
    fixture.upstream.setBehavior({ status: 400 });
    try {
      const { failure, spent } = await fixture.chargedFailure(() => chat('gpt-4o'));
      expect(failure.status).toBe(400);
      expect(spent).toBe(0);
    } finally {
      fixture.upstream.setBehavior({ status: 200 });
    }
    expect(await used(item.id)).toBe(0);
    const { spent } = await fixture.charged(() => chat('gpt-4o'));
    expect(spent).toBe(0);
    expect(await used(item.id)).toBe(1);
  });

  it('a subscription that has ended is not used, even before the expiry job runs', async () => {
    // Only the subscription made here may cover gpt-4o: the others are cancelled first.
    const earlier = await fixture.root.get<SubscriptionSummary[]>(
      `/api/subscription/admin/users/${fixture.userId}/subscriptions`,
    );
    for (const entry of earlier.body.data!)
      await fixture.root.post(
        `/api/subscription/admin/user_subscriptions/${entry.subscription.id}/invalidate`,
      );
    const summary = await bindPlan([{ model_name: 'gpt-4o', quota_type: 1, amount_total: 100 }]);
    const item = summary.items[0]!;
    const { database, accounts } = fixture.server.context;
    // Ends in a second; the cached user keeps the subscription until the job or a reload drops it.
    await database.db
      .updateTable('user_subscriptions')
      .set({ end_time: Math.floor(Date.now() / 1000) + 1 })
      .where('id', '=', summary.subscription.id)
      .execute();
    await accounts.refreshUser(fixture.userId);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const { spent, log } = await fixture.charged(() => chat('gpt-4o'));
    expect(spent).toBe(Number(log.quota));
    expect(JSON.parse(String(log.other)).subscription).toBeUndefined();
    expect(await used(item.id)).toBe(0);
  });
  it('a user with no balance is admitted for what an allowance covers, and refused once it is used up', async () => {
    const earlier = await fixture.root.get<SubscriptionSummary[]>(
      `/api/subscription/admin/users/${fixture.userId}/subscriptions`,
    );
    for (const entry of earlier.body.data!)
      await fixture.root.post(
        `/api/subscription/admin/user_subscriptions/${entry.subscription.id}/invalidate`,
      );
    await fixture.root.put('/api/user/', { id: fixture.userId, quota: 0 });
    const summary = await bindPlan([{ model_name: 'gpt-4o', quota_type: 1, amount_total: 2 }]);
    const item = summary.items[0]!;
    for (let call = 1; call <= 2; call += 1) {
      const { spent } = await fixture.charged(() => chat('gpt-4o'));
      expect(spent).toBe(0);
    }
    expect(await used(item.id)).toBe(2);
    const { failure, spent } = await fixture.chargedFailure(() => chat('gpt-4o'));
    expect(failure.status).toBe(403);
    expect(spent).toBe(0);
    expect(await fixture.userQuota()).toBe(0);
  });
});
