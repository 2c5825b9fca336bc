import { describe, expect, test } from 'vitest';
import type { LimitSet } from '../../../../common/traffic-limits.ts';
import { MemoryLimiter } from './memory-limiter.ts';
import type { Grant } from './types.ts';

describe('the memory limiter stays bounded', () => {
  const start = Date.parse('2026-03-10T12:00:00Z');
  const demand = { tokens: 10, quota: 0 };

  test.each<[string, LimitSet, number, number]>([
    // limits, ms later, scopes left of 1000 (+1 admitted then)
    ['a minute window is dropped a minute after its last use', { rpm: 5, tpm: 100 }, 61_000, 1],
    ['a day count is kept until the day ends', { rpd: 5 }, 61_000, 1001],
    ['… and dropped after it', { rpd: 5 }, 12 * 3_600_000 + 1, 1],
  ])('%s', (_name, limits, later, left) => {
    let now = start;
    const limiter = new MemoryLimiter(() => now);
    for (let index = 0; index < 1000; index += 1) limiter.admit([{ scope: `key:${index}`, limits }], demand);
    expect(limiter.size).toBe(1000);
    now += later;
    limiter.admit([{ scope: 'key:new', limits }], demand);
    expect(limiter.size).toBe(left);
  });

  test('a scope with a call in flight is kept until it is settled', () => {
    let now = start;
    const limiter = new MemoryLimiter(() => now);
    const grant = limiter.admit([{ scope: 'key:1', limits: { concurrency: 1 } }], demand) as Grant;
    now += 3_600_000;
    limiter.admit([{ scope: 'key:2', limits: { concurrency: 1 } }], demand);
    expect(limiter.size).toBe(2);
    limiter.settle(grant, demand);
    now += 60_000;
    limiter.admit([{ scope: 'key:3', limits: { concurrency: 1 } }], demand);
    expect(limiter.size).toBe(2);
  });
});
