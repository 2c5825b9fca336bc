/**
 * A key's traffic limits across three gateway instances on one PostgreSQL database and one Redis
 * (docs/limits.md): under a burst spread over the instances, a key with 60 requests per minute serves
 * exactly 60, one with 5 concurrent calls holds exactly 5 at once, one with a tokens-per-minute limit
 * admits exactly as many calls as its estimate fits; refusals are 429 with Retry-After in the client's
 * format, and an admitted reply carries the x-ratelimit-* headers. A spend budget refuses across instances
 * once spent, and a restarted instance still sees what was counted (Redis holds it).
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect } from 'vitest';
import { databaseMatrix } from '../../test-support/databases.ts';
import { REDIS_TEST_URL, redisSkipReason } from '../../test-support/redis.ts';
import { startTestServer } from '../../test-support/test-server.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const postgres = (await databaseMatrix()).find((dialect) => dialect.name === 'postgres')!;
const redisProblem = await redisSkipReason();
const skipReason = postgres.skipReason ?? redisProblem;
if (skipReason) console.warn(`[switchyard tests] three-instance traffic limits suite SKIPPED: ${skipReason}`);

/** An OpenAI-format reply as far as these tests read it. */
interface ReplyBody {
  error: { code: string; message: string };
}

describe('traffic limits on three instances (PostgreSQL and Redis)', () => {
  const {
    fixture,
    peers,
    run: test,
  } = setUpRelayFixture({
    dialect: { ...postgres, skipReason },
    environment: {
      REDIS_CONN_STRING: REDIS_TEST_URL,
      REDIS_KEY_PREFIX: `switchyard-test-${randomBytes(4).toString('hex')}:`,
      SYNC_FREQUENCY: '3600',
      BATCH_UPDATE_INTERVAL: '1',
    },
    peers: { count: 2, environment: { NODE_TYPE: 'slave' } },
  });
  const urls: string[] = [];

  beforeAll(async () => {
    if (skipReason) return;
    urls.push(fixture.server.url, ...peers.map((server) => server.url));
    await fixture.addChannel({ models: 'limited-model' });
    await fixture.mergeJsonOption('ModelPrice', { 'limited-model': 0.002 });
  });

  const call = (url: string, key: string, extra: Record<string, unknown> = {}, behavior?: object) =>
    fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer sk-${key}`,
        'content-type': 'application/json',
        ...(behavior ? { 'x-fake-behavior': JSON.stringify(behavior) } : {}),
      },
      body: JSON.stringify({
        model: 'limited-model',
        messages: [{ role: 'user', content: 'hello there' }],
        ...extra,
      }),
    });

  /** A new key with `limits`, once every instance holds it (announced on creation, within milliseconds). */
  const keyWith = async (limits: Record<string, unknown>) => {
    const token = await fixture.addToken({ name: `limited-${randomBytes(3).toString('hex')}`, limits });
    const servers = [fixture.server, ...peers];
    await expect
      .poll(() => servers.every((server) => server.context.accounts.tokenByKey(token.key)?.limits), {
        timeout: 5_000,
      })
      .toBe(true);
    return token.key;
  };

  const burst = async (key: string, count: number, extra?: Record<string, unknown>, behavior?: object) => {
    const replies = await Promise.all(
      Array.from({ length: count }, (_, index) => call(urls[index % 3]!, key, extra, behavior)),
    );
    const bodies = await Promise.all(replies.map((reply) => reply.json() as Promise<ReplyBody>));
    return replies.map((reply, index) => ({
      status: reply.status,
      headers: reply.headers,
      body: bodies[index]!,
    }));
  };

  test('60 requests per minute: a burst of 90 over three instances serves exactly 60', async () => {
    const key = await keyWith({ rpm: 60 });
    const results = await burst(key, 90);
    const served = results.filter((result) => result.status === 200);
    const refused = results.filter((result) => result.status === 429);
    expect(served).toHaveLength(60);
    expect(refused).toHaveLength(30);
    for (const result of refused) {
      expect(Number(result.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(result.body.error.code).toBe('rate_limit_exceeded');
      expect(result.body.error.message).toContain('requests-per-minute');
    }
    const remaining = served.map((result) => Number(result.headers.get('x-ratelimit-remaining-requests')));
    expect(Math.min(...remaining)).toBe(0);
    expect(served.every((result) => result.headers.get('x-ratelimit-limit-requests') === '60')).toBe(true);
  }, 60_000);

  test('5 concurrent calls: exactly 5 of 20 slow calls are served at once, and the slots come back', async () => {
    const key = await keyWith({ concurrency: 5 });
    // Slow enough that the whole burst arrives while the first five are still in flight, even on a busy
    // machine.
    fixture.upstream.setBehavior({ latencyMs: 1_500 });
    const results = await burst(key, 20).finally(() => fixture.upstream.setBehavior({ latencyMs: 0 }));
    expect(results.filter((result) => result.status === 200)).toHaveLength(5);
    expect(results.filter((result) => result.status === 429)).toHaveLength(15);
    // Every slot was released when its call ended.
    const again = await burst(key, 5);
    expect(again.every((result) => result.status === 200)).toBe(true);
  }, 60_000);

  test('tokens per minute: a burst admits exactly as many calls as their estimates fit', async () => {
    const body = { max_tokens: 1_000 };
    // The same body's estimate, read from a probe key's headers (prompt counted + max_tokens).
    const probe = await burst(await keyWith({ tpm: 100_000 }), 1, body);
    const estimate = 100_000 - Number(probe[0]!.headers.get('x-ratelimit-remaining-tokens'));
    expect(estimate).toBeGreaterThan(1_000);
    const key = await keyWith({ tpm: 10_000 });
    fixture.upstream.setBehavior({ latencyMs: 1_500 });
    const results = await burst(key, 30, body).finally(() => fixture.upstream.setBehavior({ latencyMs: 0 }));
    expect(results.filter((result) => result.status === 200)).toHaveLength(Math.floor(10_000 / estimate));
    const refused = results.find((result) => result.status === 429)!;
    expect(refused.body.error.message).toContain('tokens-per-minute');
  }, 60_000);

  test('a daily budget is spent across instances, and a restarted instance still counts it', async () => {
    // 0.002 USD per call = 1,000 quota; the budget covers 3 calls.
    const key = await keyWith({ budget: 3_000, budget_period: 'day', timezone: 'Asia/Shanghai' });
    const first = await burst(key, 3);
    expect(first.every((result) => result.status === 200)).toBe(true);
    // An instance stopped and started again (a deploy) still sees the spend: Redis holds the counts.
    await peers[0]!.close();
    const fresh = await startTestServer({
      database: { ...fixture.server.database, drop: async () => undefined },
      environment: { ...fixture.environment, NODE_TYPE: 'slave' },
    });
    peers[0] = fresh;
    const after = await call(fresh.url, key);
    expect(after.status).toBe(429);
    expect(((await after.json()) as ReplyBody).error.message).toContain('budget');
  }, 60_000);
});
