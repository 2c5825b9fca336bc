/**
 * Three gateway instances on one PostgreSQL database and one Redis (docs/scale-out.md): balances are
 * reserved atomically in Redis, so 600 concurrent calls on a key whose quota covers 100 serve exactly 100
 * (a per-call price reserves exactly what the call costs, so no reservation in flight can exceed it); the
 * ledger is exact across instances; a key created or disabled through one instance is served or refused
 * by the others within a second (Redis pub/sub), long before the periodic reload (SYNC_FREQUENCY).
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect } from 'vitest';
import { TokenStatus } from '../../../../common/statuses.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import { REDIS_TEST_URL, redisSkipReason } from '../../test-support/redis.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const postgres = (await databaseMatrix()).find((dialect) => dialect.name === 'postgres')!;
const redisProblem = await redisSkipReason();
const skipReason = postgres.skipReason ?? redisProblem;
if (skipReason) console.warn(`[switchyard tests] three-instance scale-out suite SKIPPED: ${skipReason}`);

/** ModelPrice of the model called: $0.002 per call = 1,000 quota at the default QuotaPerUnit. */
const CALL_PRICE_QUOTA = 1_000;
const CALLS_COVERED = 100;

describe('three instances on PostgreSQL and Redis', () => {
  const {
    fixture,
    peers,
    run: test,
  } = setUpRelayFixture({
    dialect: { ...postgres, skipReason },
    environment: {
      REDIS_CONN_STRING: REDIS_TEST_URL,
      REDIS_KEY_PREFIX: `switchyard-test-${randomBytes(4).toString('hex')}:`,
      // The periodic reload must not be what makes the instances agree.
      SYNC_FREQUENCY: '3600',
      BATCH_UPDATE_INTERVAL: '1',
    },
    peers: { count: 2, environment: { NODE_TYPE: 'slave' } },
  });
  const urls: string[] = [];

  beforeAll(async () => {
    if (skipReason) return;
    urls.push(fixture.server.url, ...peers.map((server) => server.url));
    fixture.upstream.setBehavior({ latencyMs: 20 });
    await fixture.addChannel({ models: 'scale-model' });
    await fixture.mergeJsonOption('ModelPrice', { 'scale-model': 0.002 });
  });

  const call = (url: string, key: string) =>
    fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'scale-model', messages: [{ role: 'user', content: 'hi' }] }),
    });

  const flushAll = async () => {
    await fixture.server.context.writer.flush();
    for (const server of peers) await server.context.writer.flush();
  };

  /** Waits until `check` holds, polling every 20 ms; returns the milliseconds it took. */
  const within = async (limitMs: number, check: () => Promise<boolean>): Promise<number> => {
    const started = Date.now();
    while (!(await check())) {
      if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return Date.now() - started;
  };

  test('600 concurrent calls on a key covering 100 serve 100, and the ledger is exact', async () => {
    const token = await fixture.addToken({
      name: 'covers-100',
      unlimited_quota: false,
      remain_quota: CALL_PRICE_QUOTA * CALLS_COVERED,
    });
    // Every instance knows the new key at once (announced on creation).
    await within(1000, async () => (await call(urls[2]!, token.key)).status === 200);
    await flushAll();
    const userBefore = await fixture.userQuota();
    const replies = await Promise.all(
      Array.from({ length: 600 }, (_, index) => call(urls[index % 3]!, token.key)),
    );
    const statuses = replies.map((reply) => reply.status);
    await Promise.all(replies.map((reply) => reply.arrayBuffer()));
    // One call already spent 1,000 of the quota above.
    expect(statuses.filter((status) => status === 200)).toHaveLength(CALLS_COVERED - 1);
    expect(statuses.every((status) => status === 200 || status === 401 || status === 403)).toBe(true);
    await flushAll();
    const { db } = fixture.server.context.database;
    const row = await db
      .selectFrom('tokens')
      .select(['remain_quota', 'used_quota'])
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.remain_quota)).toBe(0);
    expect(Number(row.used_quota)).toBe(CALL_PRICE_QUOTA * CALLS_COVERED);
    const logged = await fixture.server.context.logDatabase.db
      .selectFrom('logs')
      .select((builder) => builder.fn.sum<string>('quota').as('total'))
      .where('type', '=', 2)
      .where('token_id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(Number(logged.total)).toBe(CALL_PRICE_QUOTA * CALLS_COVERED);
    expect(userBefore - (await fixture.userQuota())).toBe(CALL_PRICE_QUOTA * (CALLS_COVERED - 1));
  }, 60_000);

  test('a key disabled through one instance is refused by the others within a second', async () => {
    const token = await fixture.addToken({ name: 'to-disable' });
    await within(1000, async () => (await call(urls[1]!, token.key)).status === 200);
    expect((await call(urls[2]!, token.key)).status).toBe(200);
    const reply = await fixture.user.put('/api/token/?status_only=true', {
      id: token.id,
      status: TokenStatus.disabled,
    });
    expect(reply.body.success).toBe(true);
    const refused = async (url: string) => (await call(url, token.key)).status === 401;
    expect(await within(1000, () => refused(urls[1]!))).toBeLessThan(1000);
    expect(await within(1000, () => refused(urls[2]!))).toBeLessThan(1000);
  });

  test('a quota set through one instance is the balance every instance reserves from', async () => {
    const token = await fixture.addToken({ name: 'refilled', unlimited_quota: false, remain_quota: 0 });
    expect((await call(urls[1]!, token.key)).status).toBe(401);
    await flushAll();
    const reply = await fixture.user.put('/api/token/', {
      ...token,
      unlimited_quota: false,
      remain_quota: CALL_PRICE_QUOTA * 2,
      status: TokenStatus.enabled,
    });
    expect(reply.body.success).toBe(true);
    await within(1000, async () => (await call(urls[1]!, token.key)).status === 200);
    expect((await call(urls[2]!, token.key)).status).toBe(200);
    expect((await call(urls[0]!, token.key)).status).not.toBe(200);
    await flushAll();
    const row = await fixture.server.context.database.db
      .selectFrom('tokens')
      .select('remain_quota')
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.remain_quota)).toBe(0);
  });
});
