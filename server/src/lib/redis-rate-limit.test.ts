import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { REDIS_TEST_URL, redisSkipReason } from '../test-support/redis.ts';
import { RedisRateLimitStore } from './redis-rate-limit.ts';

const skipReason = await redisSkipReason();

describe.skipIf(skipReason !== null)('RedisRateLimitStore', () => {
  const redis = new Redis(REDIS_TEST_URL);
  afterAll(() => redis.disconnect());

  it('shares one window between two instances', async () => {
    const prefix = `test:${randomBytes(4).toString('hex')}:`;
    const first = new RedisRateLimitStore(redis, prefix);
    const second = new RedisRateLimitStore(new Redis(REDIS_TEST_URL), prefix);
    const verdicts = [
      await first.hit('ip', 3, 60),
      await second.hit('ip', 3, 60),
      await first.hit('ip', 3, 60),
      await second.hit('ip', 3, 60),
    ];
    expect(verdicts.map((verdict) => verdict.allowed)).toEqual([true, true, true, false]);
    expect(verdicts[3]?.resetSeconds).toBeGreaterThan(0);
    expect(verdicts[3]?.resetSeconds).toBeLessThanOrEqual(60);
    expect((await first.hit('other-ip', 3, 60)).allowed).toBe(true);
    const keys = await redis.keys(`${prefix}*`);
    expect(await redis.ttl(keys[0]!)).toBeGreaterThan(0);
    await redis.del(...keys);
  });
});
