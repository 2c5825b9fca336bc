/**
 * The Redis limiter across instances: three limiters on three connections share one scope exactly under
 * a concurrent burst, leases of a crashed instance expire, Redis's own clock is used, a flushed script
 * is sent again, and an unreachable Redis lets calls through and reports it.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, test } from 'vitest';
import { computePeriod } from '../../../../common/limit-periods.ts';
import { REDIS_TEST_URL, redisSkipReason } from '../../test-support/redis.ts';
import { EMPTY_GRANT } from './admission-rules.ts';
import { createLimiter, type LimiterOptions } from './limiter.ts';
import type { Grant, LimitCheck, Limiter, Refusal } from './types.ts';

const skipReason = await redisSkipReason();

describe.skipIf(skipReason !== null)('the limiter in Redis, three instances', () => {
  const clients: Redis[] = [];
  afterAll(() => {
    for (const client of clients) client.disconnect();
  });

  /** Three limiters on three connections sharing one key prefix. */
  const instances = (options: Partial<LimiterOptions> = {}): Limiter[] => {
    const keyPrefix = `sy-test-${randomBytes(4).toString('hex')}:`;
    return [0, 1, 2].map(() => {
      const redis = new Redis(REDIS_TEST_URL);
      clients.push(redis);
      return createLimiter({ redis, keyPrefix, ...options });
    });
  };

  /** `count` admissions started at once, spread over the instances. */
  const burst = (limiters: Limiter[], checks: LimitCheck[], count: number, tokens = 0) =>
    Promise.all(
      Array.from({ length: count }, (_, index) =>
        Promise.resolve(limiters[index % limiters.length]!.admit(checks, { tokens, quota: 0 })),
      ),
    );

  const admitted = (results: Array<Grant | Refusal>) => results.filter((result) => !result.refused);

  test('rpm 60: exactly 60 of a burst of 150 are admitted', async () => {
    const results = await burst(instances(), [{ scope: 'key:1', limits: { rpm: 60 } }], 150);
    expect(admitted(results)).toHaveLength(60);
    const refused = results.find((result) => result.refused) as Refusal;
    expect(refused).toMatchObject({ kind: 'rpm', limit: 60 });
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(59);
  });

  test('tpm 10000: a burst of 300-token calls is admitted up to exactly 10000 tokens', async () => {
    const limiters = instances();
    const checks = [{ scope: 'key:1', limits: { tpm: 10_000 } }];
    expect(admitted(await burst(limiters, checks, 60, 300))).toHaveLength(33);
    expect(admitted(await burst(limiters, checks, 10, 100))).toHaveLength(1);
    const [usage] = await limiters[2]!.usage(checks[0]!);
    expect(usage).toMatchObject({ kind: 'tpm', used: 10_000, remaining: 0 });
  });

  test('concurrency 5: exactly 5 in flight; each ending frees one slot', async () => {
    const limiters = instances();
    const checks = [{ scope: 'key:1', limits: { concurrency: 5 } }];
    const first = admitted(await burst(limiters, checks, 40)) as Grant[];
    expect(first).toHaveLength(5);
    limiters[0]!.settle(first[0]!, { tokens: 0, quota: 0 });
    limiters[0]!.settle(first[0]!, { tokens: 0, quota: 0 });
    limiters[1]!.settle(first[1]!, { tokens: 0, quota: 0 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(admitted(await burst(limiters, checks, 40))).toHaveLength(2);
  });

  test('a crashed instance’s leases expire at their deadline', async () => {
    const limiters = instances({ leaseMs: 300 });
    const checks = [{ scope: 'key:1', limits: { concurrency: 2 } }];
    expect(admitted(await burst(limiters, checks, 3))).toHaveLength(2);
    // Never settled (the instance "crashed"): the slots come back when the leases end.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(admitted(await burst(limiters, checks, 3))).toHaveLength(2);
  });

  test('counts by Redis’s clock (no clock injected): the window is the real last minute', async () => {
    const [limiter] = instances();
    const result = (await limiter!.admit([{ scope: 'key:1', limits: { rpm: 2 } }], {
      tokens: 0,
      quota: 0,
    })) as Grant;
    expect(result.requests).toEqual({ limit: 2, remaining: 1, resetSeconds: 60 });
  });

  test('a script Redis forgot (SCRIPT FLUSH) is sent again', async () => {
    const limiters = instances();
    const checks = [{ scope: 'key:1', limits: { rpm: 2 } }];
    expect(admitted(await burst(limiters, checks, 1))).toHaveLength(1);
    await clients.at(-1)!.script('FLUSH');
    expect(admitted(await burst(limiters, checks, 3))).toHaveLength(1);
  });

  test('a seed is written only where Redis holds nothing for that period', async () => {
    const [first, second] = instances();
    const day = { period: 'day' as const, ...computePeriod(Date.now(), 'day', 'UTC') };
    const limits = { rpd: 100 };
    await first!.seed('key:1', { ...day, requests: 5, tokens: 0, quota: 0 });
    // A second instance booting later finds the counts there and keeps them.
    await second!.seed('key:1', { ...day, requests: 2, tokens: 0, quota: 0 });
    expect(await second!.usage({ scope: 'key:1', limits })).toMatchObject([{ kind: 'rpd', used: 5 }]);
  });

  test('an unreachable Redis lets the call through and reports it', async () => {
    const redis = new Redis('redis://127.0.0.1:1/15', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
    });
    clients.push(redis);
    const errors: Error[] = [];
    const limiter = createLimiter({ redis, onError: (error) => errors.push(error) });
    const result = await limiter.admit([{ scope: 'key:1', limits: { rpm: 1 } }], { tokens: 0, quota: 0 });
    expect(result).toBe(EMPTY_GRANT);
    expect(errors).toHaveLength(1);
  });
});
