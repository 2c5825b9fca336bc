/**
 * One instance, no Redis (docs/limits.md "Crashes and restarts"): a key's daily budget and requests per day
 * are counted in memory, and an instance started again on the same database reads what the log says was
 * used today before it serves, so a restart resets nothing.
 */
import { describe, expect } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/test-server.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

describe('limits across a restart without Redis', () => {
  const { fixture, run: test } = setUpRelayFixture({});

  const call = (url: string, key: string) =>
    fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'seeded-model', messages: [{ role: 'user', content: 'hi' }] }),
    });

  test('a spent daily budget and a used-up day of requests stay spent after a restart', async () => {
    await fixture.addChannel({ models: 'seeded-model' });
    // 0.002 USD per call = 1,000 quota.
    await fixture.mergeJsonOption('ModelPrice', { 'seeded-model': 0.002 });
    const budget = await fixture.addToken({
      name: 'budgeted',
      limits: { budget: 2_000, budget_period: 'month', timezone: 'Europe/Paris' },
    });
    const daily = await fixture.addToken({ name: 'daily', limits: { rpd: 2 } });
    const unlimited = await fixture.addToken({ name: 'free' });
    for (const key of [budget.key, budget.key, daily.key, daily.key])
      expect((await call(fixture.server.url, key)).status).toBe(200);
    expect((await call(fixture.server.url, budget.key)).status).toBe(429);
    expect((await call(fixture.server.url, daily.key)).status).toBe(429);
    await fixture.server.context.writer.flush();

    let restarted: TestServer | null = null;
    try {
      restarted = await startTestServer({
        database: { ...fixture.server.database, drop: async () => undefined },
        environment: fixture.environment,
      });
      const budgetReply = await call(restarted.url, budget.key);
      expect(budgetReply.status).toBe(429);
      expect(((await budgetReply.json()) as { error: { message: string } }).error.message).toContain(
        'budget',
      );
      const dailyReply = await call(restarted.url, daily.key);
      expect(dailyReply.status).toBe(429);
      expect(((await dailyReply.json()) as { error: { message: string } }).error.message).toContain(
        'requests-per-day',
      );
      expect((await call(restarted.url, unlimited.key)).status).toBe(200);
    } finally {
      await restarted?.close();
    }
  }, 60_000);
});
