/**
 * The routes of today's new-api the relay gained (docs/reference/relay.md): the billing dashboard endpoints
 * with new-api's amounts (controller/billing.go there), Gemini's OpenAI-compatible model list, OpenAI's
 * old engines embeddings route, and /v1/alpha/search refused with its reason.
 */
import OpenAI from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

interface Subscription {
  object: string;
  has_payment_method: boolean;
  soft_limit_usd: number;
  hard_limit_usd: number;
  system_hard_limit_usd: number;
  access_until: number;
}

describe('routes new-api serves', () => {
  const { fixture } = setUpRelayFixture();

  beforeAll(async () => {
    await fixture.addChannel({ key: 'upstream-key-new-routes' });
    await fixture.setModelRatios({ 'text-embedding-3-small': 0.5 });
  });

  const getWithKey = async <T>(path: string, key: string): Promise<{ status: number; body: T }> => {
    const reply = await fetch(`${fixture.server.url}${path}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    return { status: reply.status, body: (await reply.json()) as T };
  };

  describe('billing dashboard', () => {
    it("answers a limited key's own figures: left + used, used × 100, its expiry, on both paths", async () => {
      const expires = Math.floor(Date.now() / 1000) + 86_400;
      const token = await fixture.addToken({
        unlimited_quota: false,
        remain_quota: 400_000,
        expired_time: expires,
      });
      const key = `sk-${token.key}`;
      const { spent } = await fixture.charged(() =>
        fixture
          .clientFor(key)
          .chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'bill me' }] }),
      );
      expect(spent).toBeGreaterThan(0);
      for (const prefix of ['', '/v1']) {
        const subscription = await getWithKey<Subscription>(`${prefix}/dashboard/billing/subscription`, key);
        expect(subscription.status).toBe(200);
        // 400,000 granted (what is left plus what was used) at QuotaPerUnit 500,000: $0.80.
        expect(subscription.body).toEqual({
          object: 'billing_subscription',
          has_payment_method: true,
          soft_limit_usd: 0.8,
          hard_limit_usd: 0.8,
          system_hard_limit_usd: 0.8,
          access_until: expires,
        });
        const usage = await getWithKey<{ object: string; total_usage: number }>(
          `${prefix}/dashboard/billing/usage`,
          key,
        );
        expect(usage.body).toEqual({ object: 'list', total_usage: (spent / 500_000) * 100 });
      }
    });

    it('answers 100,000,000 for an unlimited key, the user figures without DisplayTokenStatEnabled, and raw quota without currency', async () => {
      const key = `sk-${fixture.token.key}`;
      const unlimited = await getWithKey<Subscription>('/dashboard/billing/subscription', key);
      expect(unlimited.body.hard_limit_usd).toBe(100_000_000);
      expect(unlimited.body.access_until).toBe(0);

      await fixture.setOption('DisplayTokenStatEnabled', 'false');
      try {
        await fixture.flush();
        const row = await fixture.server.context.database.db
          .selectFrom('users')
          .select(['quota', 'used_quota'])
          .where('id', '=', fixture.userId)
          .executeTakeFirstOrThrow();
        const granted = Number(row.quota) + Number(row.used_quota);
        const user = await getWithKey<Subscription>('/v1/dashboard/billing/subscription', key);
        expect(user.body.hard_limit_usd).toBe(granted / 500_000);
        expect(user.body.access_until).toBe(0);
        const usage = await getWithKey<{ total_usage: number }>('/v1/dashboard/billing/usage', key);
        expect(usage.body.total_usage).toBe((Number(row.used_quota) / 500_000) * 100);

        await fixture.setOption('DisplayInCurrencyEnabled', 'false');
        const raw = await getWithKey<Subscription>('/dashboard/billing/subscription', key);
        expect(raw.body.hard_limit_usd).toBe(granted);
        const rawUsage = await getWithKey<{ total_usage: number }>('/dashboard/billing/usage', key);
        expect(rawUsage.body.total_usage).toBe(Number(row.used_quota) * 100);
      } finally {
        await fixture.setOption('DisplayTokenStatEnabled', 'true');
        await fixture.setOption('DisplayInCurrencyEnabled', 'true');
      }
    });

    it('refuses a bad key with 401 in OpenAI format', async () => {
      const reply = await getWithKey<{ error: { code: string } }>('/dashboard/billing/usage', 'sk-wrong');
      expect(reply.status).toBe(401);
      expect(reply.body.error.code).toBe('invalid_api_key');
    });
  });

  it("lists the key's models on Gemini's OpenAI-compatible path through the openai SDK", async () => {
    const client = new OpenAI({
      apiKey: `sk-${fixture.token.key}`,
      baseURL: `${fixture.server.url}/v1beta/openai`,
      maxRetries: 0,
    });
    const models = await client.models.list();
    expect(models.data.map((model) => model.id)).toEqual(
      expect.arrayContaining(['gpt-4o', 'text-embedding-3-small']),
    );
    const refused = await getWithKey<{ error: { code: string } }>('/v1beta/openai/models', 'sk-wrong');
    expect(refused.status).toBe(401);
  });

  it('relays /v1/engines/{model}/embeddings with the model from the path, billed exactly', async () => {
    const { result, spent, log } = await fixture.charged(async () => {
      const reply = await fixture.postWithKey('/v1/engines/text-embedding-3-small/embeddings', {
        input: ['engines route', 'second input'],
      });
      expect(reply.status).toBe(200);
      return (await reply.json()) as { data: unknown[]; usage: { prompt_tokens: number } };
    });
    expect(result.data).toHaveLength(2);
    const sent = fixture.upstream.requests.at(-1)!;
    expect(sent.path).toBe('/v1/embeddings');
    expect((sent.body as { model: string }).model).toBe('text-embedding-3-small');
    const expected = Math.round(result.usage.prompt_tokens * 0.5);
    expect(spent).toBe(expected);
    expect(log).toMatchObject({
      model_name: 'text-embedding-3-small',
      quota: expected,
      prompt_tokens: result.usage.prompt_tokens,
    });
  });

  it('refuses /v1/alpha/search with its reason after the key check', async () => {
    const refused = await fetch(`${fixture.server.url}/v1/alpha/search`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-wrong', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(401);
    const reply = await fixture.postWithKey('/v1/alpha/search', { query: 'news' });
    expect(reply.status).toBe(404);
    const error = ((await reply.json()) as { error: { code: string; message: string } }).error;
    expect(error.code).toBe('unsupported_endpoint');
    expect(error.message).toContain("ChatGPT's Codex backend");
  });
});
