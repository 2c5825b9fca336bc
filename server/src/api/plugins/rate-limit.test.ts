import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_TEST_URL, redisSkipReason } from '../../test-support/redis.ts';
import { anonymousClient } from '../../test-support/test-server.ts';
import { setUpSite } from '../../test-support/test-site.ts';

const skipReason = await redisSkipReason();

describe.skipIf(skipReason !== null)('rate limits shared through Redis', () => {
  const redis = new Redis(REDIS_TEST_URL);
  beforeAll(async () => {
    const stale = await redis.keys('switchyard:rate:*');
    if (stale.length > 0) await redis.del(...stale);
  });
  afterAll(async () => {
    const keys = await redis.keys('switchyard:rate:*');
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });
  const environment = {
    REDIS_CONN_STRING: REDIS_TEST_URL,
    CRITICAL_RATE_LIMIT_ENABLE: 'true',
    CRITICAL_RATE_LIMIT: '3',
    CRITICAL_RATE_LIMIT_DURATION: '60',
  };
  const { server: first } = setUpSite({ fresh: true, environment });
  const { server: second } = setUpSite({ fresh: true, environment });

  it('counts critical calls of one IP across instances', async () => {
    const statuses = [
      (await anonymousClient(first).login('a', 'b')).status,
      (await anonymousClient(second).login('a', 'b')).status,
      (await anonymousClient(first).login('a', 'b')).status,
      (await anonymousClient(second).login('a', 'b')).status,
    ];
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
