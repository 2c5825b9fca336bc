/** Fixed-window rate limits shared by every instance through Redis (one atomic script per hit). */
import type { Redis } from 'ioredis';
import type { RateLimitStore, RateLimitVerdict } from './rate-limit.ts';

const hitScript = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'switchyard:rate:',
  ) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitVerdict> {
    const [count, ttl] = (await this.redis.eval(hitScript, 1, `${this.prefix}${key}`, windowSeconds)) as [
      number,
      number,
    ];
    return { allowed: count <= limit, remaining: Math.max(0, limit - count), resetSeconds: ttl };
  }
}
