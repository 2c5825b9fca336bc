/**
 * Realtime billing with balances shared through Redis (REDIS_CONN_STRING, docs/scale-out.md), where every
 * reservation is decided by Redis and answers later: a response.create waits for its reservation (and the
 * client's later frames wait behind it, in order), a refusal is an error event with nothing sent upstream,
 * and a response cut short by the client is billed what it delivered, exactly, on the key. Skipped when
 * Redis does not answer on 127.0.0.1:6379.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_REALTIME_USAGE, usageAfter } from '../../test-support/fake-vendors/realtime-upstream.ts';
import {
  quotaOf,
  type RealtimeFixture,
  type RealtimeUsageShape,
  startRealtimeFixture,
  until,
} from '../../test-support/realtime-fixture.ts';
import { REDIS_TEST_URL, redisSkipReason } from '../../test-support/redis.ts';

const skipReason = await redisSkipReason();
const EXPECTED_QUOTA = quotaOf(FAKE_REALTIME_USAGE);
const PART = 8;

describe.skipIf(skipReason !== null)('realtime billing with shared balances', () => {
  let realtime: RealtimeFixture;
  const context = () => realtime.relay.server.context;
  const lastUpstream = () => realtime.fake.connections.at(-1)!;
  const released = () => until(() => context().inflight.size === 0, 'the session to be released', 10_000);

  beforeAll(async () => {
    realtime = await startRealtimeFixture({
      environment: {
        REDIS_CONN_STRING: REDIS_TEST_URL,
        REDIS_KEY_PREFIX: `switchyard-realtime-${randomBytes(4).toString('hex')}:`,
      },
    });
    expect(context().accounts.sharesBalances).toBe(true);
  });

  afterAll(async () => realtime?.close());

  async function sessionWithKey(remainQuota: number) {
    const token = await realtime.relay.addToken({
      name: `shared-${remainQuota}`,
      unlimited_quota: false,
      remain_quota: remainQuota,
    });
    return { token, session: await realtime.openSdk(`sk-${token.key}`) };
  }

  it('refuses a response beyond the key, then sends a bounded one and what followed it, in order', async () => {
    const { token, session } = await sessionWithKey(50_000);
    session.rt.send({ type: 'response.create' });
    const [error] = await session.waitFor('error');
    expect(error).toMatchObject({ error: { type: 'insufficient_quota', code: 'insufficient_token_quota' } });
    const upstream = lastUpstream();
    expect(upstream.received).toEqual([]);
    // The update leaves while the reservation is being decided: it must still reach the upstream after it.
    session.rt.send({ type: 'response.create', response: { max_output_tokens: 500 } });
    session.rt.send({ type: 'session.update', session: { type: 'realtime', instructions: 'Be brief.' } });
    await session.waitFor('response.done');
    await session.waitFor('session.updated');
    expect(upstream.received.map((event) => (event as Record<string, unknown>).type)).toEqual([
      'response.create',
      'session.update',
    ]);
    session.rt.close();
    await released();
    expect(await realtime.keyBalance(token.id)).toEqual({
      used: EXPECTED_QUOTA,
      remain: 50_000 - EXPECTED_QUOTA,
    });
  });

  it('bills a client that leaves mid-response what it received, exactly, on the key', async () => {
    realtime.fake.behave({ holdAfterDeltas: PART });
    try {
      const { token, session } = await sessionWithKey(1_000_000);
      session.rt.send({ type: 'response.create' });
      await until(
        () => session.events.filter((event) => String(event.type).endsWith('.delta')).length === PART,
        'part of the response',
      );
      session.rt.close();
      await released();
      const expected = quotaOf(usageAfter(PART) as unknown as RealtimeUsageShape);
      expect(await realtime.keyBalance(token.id)).toEqual({ used: expected, remain: 1_000_000 - expected });
    } finally {
      realtime.fake.behave();
    }
  });
});
