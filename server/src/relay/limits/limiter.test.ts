/**
 * The limiter's rules, the same for both stores: every case runs in memory and, when Redis answers, in
 * Redis (the scripts of ./redis-scripts.ts) with the same injected clock.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, test } from 'vitest';
import type { LimitSet } from '../../../../common/traffic-limits.ts';
import { REDIS_TEST_URL, redisSkipReason } from '../../test-support/redis.ts';
import { EMPTY_GRANT } from './admission-rules.ts';
import { createLimiter } from './limiter.ts';
import type { Demand, Grant, LimitCheck, Limiter, LimitWindows, Refusal } from './types.ts';

const skipReason = await redisSkipReason();
const clients: Redis[] = [];
afterAll(() => {
  for (const client of clients) client.disconnect();
});

interface Clock {
  time: number;
}

type Make = (clock: Clock) => Limiter;

const stores: Array<[string, Make | null]> = [
  ['memory', (clock) => createLimiter({ now: () => clock.time })],
  [
    'redis',
    skipReason
      ? null
      : (clock) => {
          const redis = new Redis(REDIS_TEST_URL);
          clients.push(redis);
          return createLimiter({
            redis,
            keyPrefix: `sy-test-${randomBytes(4).toString('hex')}:`,
            now: () => clock.time,
          });
        },
  ],
];

const demand = (tokens = 0, quota = 0): Demand => ({ tokens, quota });
const check = (limits: LimitSet, scope = 'key:1', windows?: LimitWindows): LimitCheck => ({
  scope,
  limits,
  windows,
});

async function admit(limiter: Limiter, checks: LimitCheck[], asked = demand()): Promise<Grant | Refusal> {
  return await limiter.admit(checks, asked);
}

/** Admits and returns what was refused (kind and Retry-After), or 'ok'. */
async function outcome(limiter: Limiter, checks: LimitCheck[], asked = demand()): Promise<string> {
  const result = await admit(limiter, checks, asked);
  return result.refused ? `${result.scope} ${result.kind} ${result.retryAfterSeconds}s` : 'ok';
}

const used = async (limiter: Limiter, limits: LimitSet, scope = 'key:1') =>
  Object.fromEntries((await limiter.usage(check(limits, scope))).map((entry) => [entry.kind, entry.used]));

/** Lets a fire-and-forget settlement reach Redis (one round trip on the same connection). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 30));

for (const [store, make] of stores) {
  describe.skipIf(make === null)(`the limiter in ${store}`, () => {
    const start = Date.parse('2026-03-10T12:00:00Z');
    const limiter = (time = start) => {
      const clock = { time };
      return { clock, limiter: make!(clock) };
    };

    test('no checks, or checks that limit nothing: the shared empty grant, synchronously', () => {
      const { limiter: subject } = limiter();
      expect(subject.admit([], demand(10, 10))).toBe(EMPTY_GRANT);
      expect(subject.admit([check({}), check({ rpm: 0 }, 'user:1')], demand(10, 10))).toBe(EMPTY_GRANT);
    });

    test('requests per minute slide: the oldest leave 60 s after their second', async () => {
      const { clock, limiter: subject } = limiter();
      const checks = [check({ rpm: 3 })];
      const seen: string[] = [];
      for (const offset of [0, 10_000, 20_500, 30_000]) {
        clock.time = start + offset;
        seen.push(await outcome(subject, checks));
      }
      clock.time = start + 59_999;
      seen.push(await outcome(subject, checks));
      clock.time = start + 60_000;
      seen.push(await outcome(subject, checks));
      expect(seen).toEqual(['ok', 'ok', 'ok', 'key:1 rpm 30s', 'key:1 rpm 1s', 'ok']);
    });

    test('tokens per minute reserve the estimate; a demand above the limit alone waits 60 s', async () => {
      const { clock, limiter: subject } = limiter();
      const checks = [check({ tpm: 100 })];
      const seen = [await outcome(subject, checks, demand(60))];
      clock.time += 15_000;
      seen.push(await outcome(subject, checks, demand(50)));
      seen.push(await outcome(subject, checks, demand(40)));
      seen.push(await outcome(subject, checks, demand(0)));
      seen.push(await outcome(subject, checks, demand(101)));
      expect(seen).toEqual(['ok', 'key:1 tpm 45s', 'ok', 'key:1 tpm 45s', 'key:1 tpm 60s']);
    });

    test('all or nothing: a refusal by one check counts nothing in the others', async () => {
      const { limiter: subject } = limiter();
      const wide = check({ rpm: 10, tpm: 1000, concurrency: 5 }, 'user:1');
      const narrow = check({ rpm: 1 }, 'key:2');
      expect(await outcome(subject, [wide, narrow], demand(100))).toBe('ok');
      expect(await outcome(subject, [wide, narrow], demand(100))).toBe('key:2 rpm 60s');
      expect(await used(subject, wide.limits, 'user:1')).toEqual({ rpm: 1, tpm: 100, concurrency: 1 });
    });

    test('settlement corrects tokens and quota where they were reserved, frees the slot, once', async () => {
      const { clock, limiter: subject } = limiter();
      const limits: LimitSet = { tpm: 100, tpd: 1000, budget: 500, concurrency: 1 };
      const grant = (await admit(subject, [check(limits)], demand(80, 400))) as Grant;
      expect(grant.refused).toBe(false);
      expect(await outcome(subject, [check(limits)], demand(30, 10))).toBe('key:1 tpm 60s');
      clock.time += 5_000;
      subject.settle(grant, demand(20, 100));
      subject.settle(grant, demand(0, 0));
      await settled();
      expect(await used(subject, limits)).toEqual({ tpm: 20, tpd: 20, budget: 100, concurrency: 0 });
      expect(await outcome(subject, [check(limits)], demand(80, 400))).toBe('ok');
    });

    test('a correction never takes a count below zero', async () => {
      const { limiter: subject } = limiter();
      const limits: LimitSet = { tpm: 100, budget: 50 };
      const grant = (await admit(subject, [check(limits)], demand(10, 10))) as Grant;
      subject.settle(grant, demand(0, 0));
      await settled();
      const other = (await admit(subject, [check(limits)], demand(5, 5))) as Grant;
      subject.settle(other, demand(0, 0));
      await settled();
      expect(await used(subject, limits)).toEqual({ tpm: 0, budget: 0 });
    });

    test('concurrency: refused while full (Retry-After 1), admitted once a call ends', async () => {
      const { limiter: subject } = limiter();
      const checks = [check({ concurrency: 2 })];
      const first = (await admit(subject, checks)) as Grant;
      expect(await outcome(subject, checks)).toBe('ok');
      expect(await outcome(subject, checks)).toBe('key:1 concurrency 1s');
      subject.settle(first, demand());
      await settled();
      expect(await outcome(subject, checks)).toBe('ok');
    });

    test('requests per day reset at midnight in the limit’s time zone', async () => {
      // 15:59 UTC is 23:59 in Shanghai.
      const { clock, limiter: subject } = limiter(Date.parse('2026-03-10T15:59:00Z'));
      const checks = [check({ rpd: 2, timezone: 'Asia/Shanghai' })];
      const seen = [
        await outcome(subject, checks),
        await outcome(subject, checks),
        await outcome(subject, checks),
      ];
      clock.time = Date.parse('2026-03-10T16:00:00Z');
      seen.push(await outcome(subject, checks));
      expect(seen).toEqual(['ok', 'ok', 'key:1 rpd 60s', 'ok']);
    });

    test('a weekly budget holds until Monday 00:00 and is corrected by the settlement', async () => {
      // Sunday 2026-03-15 23:00 UTC.
      const { clock, limiter: subject } = limiter(Date.parse('2026-03-15T23:00:00Z'));
      const checks = [check({ budget: 1000, budget_period: 'week' })];
      const grant = (await admit(subject, checks, demand(0, 600))) as Grant;
      expect(await outcome(subject, checks, demand(0, 600))).toBe('key:1 budget 3600s');
      subject.settle(grant, demand(0, 300));
      await settled();
      expect(await outcome(subject, checks, demand(0, 600))).toBe('ok');
      expect(await outcome(subject, checks, demand(0, 200))).toBe('key:1 budget 3600s');
      clock.time = Date.parse('2026-03-16T00:00:00Z');
      expect(await outcome(subject, checks, demand(0, 1000))).toBe('ok');
    });

    test.each([
      // period, zone, the last second of a period, the first of the next
      ['day', 'UTC', '2026-03-10T23:59:59Z', '2026-03-11T00:00:00Z'],
      ['day', 'Asia/Shanghai', '2026-03-10T15:59:59Z', '2026-03-10T16:00:00Z'],
      ['day', 'America/New_York', '2026-03-09T03:59:59Z', '2026-03-09T04:00:00Z'],
      ['week', 'Asia/Shanghai', '2026-03-15T15:59:59Z', '2026-03-15T16:00:00Z'],
      ['month', 'UTC', '2026-02-28T23:59:59Z', '2026-03-01T00:00:00Z'],
    ] as const)('a %s budget in %s resets at its local midnight', async (period, timezone, last, first) => {
      const { clock, limiter: subject } = limiter(Date.parse(last));
      const checks = [check({ budget: 100, budget_period: period, timezone })];
      expect(await outcome(subject, checks, demand(0, 100))).toBe('ok');
      expect(await outcome(subject, checks, demand(0, 1))).toBe('key:1 budget 1s');
      clock.time = Date.parse(first);
      expect(await outcome(subject, checks, demand(0, 100))).toBe('ok');
    });

    test('internal windows: requests per N seconds, successes counted only when completed', async () => {
      const { clock, limiter: subject } = limiter();
      const windows = { requests: { limit: 3, seconds: 120 }, successes: { limit: 1, seconds: 300 } };
      const checks = [check({}, 'mrl:1', windows)];
      const failed = (await admit(subject, checks)) as Grant;
      subject.settle(failed, demand(), false);
      clock.time += 1000;
      const completed = (await admit(subject, checks)) as Grant;
      subject.settle(completed, demand(), true);
      await settled();
      clock.time += 1000;
      expect(await outcome(subject, checks)).toBe('mrl:1 successes 299s');
      clock.time = start + 301_000;
      expect(await outcome(subject, checks)).toBe('ok');
      expect(await outcome(subject, checks)).toBe('ok');
      expect(await outcome(subject, checks)).toBe('ok');
      expect(await outcome(subject, checks)).toBe('mrl:1 requests 120s');
    });

    test('the headers report the request and token limits with the least remaining', async () => {
      const { limiter: subject } = limiter();
      const checks = [check({ rpm: 10, tpm: 1000 }), check({ rpd: 5, tpd: 5000 }, 'user:1')];
      const grant = (await admit(subject, checks, demand(100))) as Grant;
      expect(grant.requests).toEqual({ limit: 5, remaining: 4, resetSeconds: 43_200 });
      expect(grant.tokens).toEqual({ limit: 1000, remaining: 900, resetSeconds: 60 });
    });

    test('a seeded day continues counting from the log', async () => {
      const { limiter: subject } = limiter();
      const day = { start: Date.parse('2026-03-10T00:00:00Z'), end: Date.parse('2026-03-11T00:00:00Z') };
      await subject.seed('key:9', { period: 'day', ...day, requests: 2, tokens: 900, quota: 0 });
      const limits: LimitSet = { rpd: 3, tpd: 1000 };
      expect(await used(subject, limits, 'key:9')).toEqual({ rpd: 2, tpd: 900 });
      expect(await outcome(subject, [check(limits, 'key:9')], demand(200))).toBe('key:9 tpd 43200s');
      expect(await outcome(subject, [check(limits, 'key:9')], demand(100))).toBe('ok');
      expect(await outcome(subject, [check(limits, 'key:9')], demand(0))).toBe('key:9 rpd 43200s');
    });
  });
}
