/**
 * The one limiter (./types.ts, docs/limits.md "The limiter"): in memory with one instance
 * (./memory-limiter.ts), in Redis with several (./redis-limiter.ts). server/src/main.ts creates it, and
 * seeds it at boot from the log (./seed.ts, exported from here with it).
 */
import type { Redis } from 'ioredis';
import { MemoryLimiter } from './memory-limiter.ts';
import { DEFAULT_LEASE_MS, RedisLimiter } from './redis-limiter.ts';
import type { Limiter } from './types.ts';

export { type SeedColumn, type SeedTarget, seedLimiter } from './seed.ts';

export interface LimiterOptions {
  redis?: Redis | null;
  /** Start of every Redis key (REDIS_KEY_PREFIX); the limiter's keys are `${keyPrefix}limit:…`. */
  keyPrefix?: string;
  /** Redis failures (admissions let through, settlements lost); never called in memory. */
  onError?: (error: Error) => void;
  /**
   * A clock (ms) for tests. In memory it replaces Date.now; with Redis it replaces Redis TIME, which is
   * otherwise the one clock every instance counts by.
   */
  now?: () => number;
  /** The longest a call holds a concurrency slot in Redis when never settled (its instance died); 15 min. */
  leaseMs?: number;
}

export function createLimiter(options: LimiterOptions = {}): Limiter {
  if (!options.redis) return new MemoryLimiter(options.now);
  return new RedisLimiter({
    redis: options.redis,
    keyPrefix: options.keyPrefix ?? 'switchyard:',
    onError: options.onError ?? (() => undefined),
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    now: options.now,
  });
}
