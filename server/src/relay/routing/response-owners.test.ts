import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_TEST_URL, redisSkipReason } from '../../test-support/redis.ts';
import { RESPONSE_OWNER_TTL_MS, ResponseOwners } from './response-owners.ts';

describe('response owners in memory', () => {
  it('knows the responses it was told of, until they expire', async () => {
    let now = 1_000;
    const owners = new ResponseOwners({ now: () => now });
    owners.remember('resp_a', { userId: 7, channelId: 3 });
    expect(await owners.ownerOf('resp_a')).toEqual({ userId: 7, channelId: 3 });
    expect(await owners.ownerOf('resp_b')).toBeUndefined();
    now += RESPONSE_OWNER_TTL_MS - 1;
    expect(await owners.ownerOf('resp_a')).toEqual({ userId: 7, channelId: 3 });
    now += 1;
    expect(await owners.ownerOf('resp_a')).toBeUndefined();
  });

  it('keeps at most its limit, forgetting the oldest first', async () => {
    const owners = new ResponseOwners({ limit: 3 });
    for (const id of ['r1', 'r2', 'r3']) owners.remember(id, { userId: 1, channelId: 1 });
    // Told again, r1 is the newest.
    owners.remember('r1', { userId: 1, channelId: 2 });
    owners.remember('r4', { userId: 1, channelId: 1 });
    expect(await owners.ownerOf('r2')).toBeUndefined();
    expect(await owners.ownerOf('r1')).toEqual({ userId: 1, channelId: 2 });
    expect(await owners.ownerOf('r3')).toBeDefined();
    expect(await owners.ownerOf('r4')).toBeDefined();
  });
});

const skipReason = await redisSkipReason();

describe.skipIf(skipReason !== null)('response owners shared through Redis', () => {
  let redis: Redis;
  const keyPrefix = `sy-test-${randomBytes(4).toString('hex')}:`;

  beforeAll(() => {
    redis = new Redis(REDIS_TEST_URL);
  });

  afterAll(async () => {
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('lets another instance find a response one instance relayed, with the expiry in Redis', async () => {
    const here = new ResponseOwners({ redis, keyPrefix });
    const there = new ResponseOwners({ redis, keyPrefix });
    here.remember('resp_shared', { userId: 9, channelId: 4 });
    await redis.ping();
    expect(await there.ownerOf('resp_shared')).toEqual({ userId: 9, channelId: 4 });
    const ttl = await redis.pttl(`${keyPrefix}response-owner:resp_shared`);
    expect(ttl).toBeGreaterThan(RESPONSE_OWNER_TTL_MS - 60_000);
    expect(await there.ownerOf('resp_missing')).toBeUndefined();
  });

  it('finds nothing in what is not an owner record', async () => {
    await redis.set(`${keyPrefix}response-owner:resp_junk`, '{"userId":"x"}');
    expect(await new ResponseOwners({ redis, keyPrefix }).ownerOf('resp_junk')).toBeUndefined();
  });
});
