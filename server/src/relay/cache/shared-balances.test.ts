/**
 * The Redis reservation scripts (server/src/relay/cache/shared-balances.ts) against a real Redis: check and
 * take in one step, seeding once, changes only to held balances, concurrent reservations never overspend,
 * and a change Redis could not take is sent again.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REDIS_TEST_URL, redisSkipReason } from '../../test-support/redis.ts';
import { type BalanceKind, SharedBalances } from './shared-balances.ts';

const skipReason = await redisSkipReason();

describe.skipIf(skipReason !== null)('shared balances in Redis', () => {
  let redis: Redis;
  const database = new Map<string, number>();
  let seeds = 0;
  const seeder = async (kind: BalanceKind, id: number) => {
    seeds += 1;
    return database.get(`${kind}:${id}`) ?? null;
  };
  const balances = () =>
    new SharedBalances(redis, seeder, () => undefined, `sy-test-${randomBytes(4).toString('hex')}:`);

  beforeAll(() => {
    redis = new Redis(REDIS_TEST_URL);
  });
  afterAll(() => redis.disconnect());

  test.each([
    // amount, need, user, token, status, user after, token after
    [100, 100, 1000, 500, 'taken', 900, 400],
    [100, 100, 1000, 50, 'token_short', 1000, 50],
    [100, 100, 50, 500, 'user_short', 50, 500],
    [0, 1, 0, 500, 'user_short', 0, 500],
    [0, 1, 10, 0, 'token_short', 10, 0],
    [0, 300, 1000, 500, 'taken', 1000, 500],
    [100, 600, 1000, 500, 'token_short', 1000, 500],
  ] as const)(
    'take %i needing %i from %i / %i: %s',
    async (amount, need, user, token, status, userAfter, tokenAfter) => {
      database.set('user:1', user);
      database.set('token:2', token);
      const shared = balances();
      const outcome = await shared.reserve(1, 2, amount, need);
      expect(outcome).toEqual({ status, user: userAfter, token: tokenAfter });
      expect(await shared.current('user', 1)).toBe(userAfter);
      expect(await shared.current('token', 2)).toBe(tokenAfter);
    },
  );

  test('a balance is seeded once; later database values do not replace it', async () => {
    database.set('user:7', 5000);
    const shared = balances();
    seeds = 0;
    expect((await shared.reserve(7, null, 1000, 1000)).status).toBe('taken');
    database.set('user:7', 5000 - 1000);
    expect((await shared.reserve(7, null, 1000, 1000)).user).toBe(3000);
    expect(seeds).toBe(1);
  });

  test('a user that does not exist is short, not an error', async () => {
    expect(await balances().reserve(999_999, null, 1, 1)).toEqual({
      status: 'user_short',
      user: 0,
      token: 0,
    });
  });

  test('changes apply to held balances only', async () => {
    database.set('user:3', 100);
    database.set('token:4', 100);
    const shared = balances();
    await shared.current('user', 3);
    expect(await shared.change(3, 4, 25)).toEqual([125, null]);
    expect(await shared.change(null, 4, -5)).toEqual([null, null]);
    expect(await shared.held('user', [3, 5])).toEqual([125, null]);
  });

  test('concurrent reservations never take more than the balance', async () => {
    database.set('user:11', 1_000_000);
    database.set('token:12', 10_000);
    const shared = balances();
    const outcomes = await Promise.all(Array.from({ length: 300 }, () => shared.reserve(11, 12, 300, 300)));
    expect(outcomes.filter((outcome) => outcome.status === 'taken')).toHaveLength(33);
    expect(await shared.current('token', 12)).toBe(100);
    expect(await shared.current('user', 11)).toBe(1_000_000 - 33 * 300);
  });

  test('a change Redis did not take is sent again', async () => {
    database.set('user:21', 100);
    const client = new Redis(REDIS_TEST_URL, { enableOfflineQueue: false, lazyConnect: true });
    await client.connect();
    const shared = new SharedBalances(
      client,
      seeder,
      () => undefined,
      `sy-test-${randomBytes(4).toString('hex')}:`,
    );
    await shared.current('user', 21);
    const ended = once(client, 'end');
    client.disconnect();
    await ended;
    expect(await shared.change(21, null, -40)).toEqual([null, null]);
    expect(shared.unsentCount).toBe(1);
    await client.connect();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(shared.unsentCount).toBe(0);
    expect(await shared.current('user', 21)).toBe(60);
    shared.close();
    client.disconnect();
  });
});
