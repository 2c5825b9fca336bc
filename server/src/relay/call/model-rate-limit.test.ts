import { describe, expect, it, test } from 'vitest';
import { createLimiter } from '../limits/limiter.ts';
import type { Grant, Refusal } from '../limits/types.ts';
import { modelRequestLimitChecks, modelRequestRefusalText } from './model-rate-limit.ts';
import { findSensitiveWord } from './sensitive.ts';

function options(values: Record<string, number | boolean>) {
  return {
    getBoolean: (key: string) => Boolean(values[key]),
    getNumber: (key: string) => Number(values[key] ?? 0),
  };
}

describe('ModelRequestRateLimit* on the one limiter', () => {
  const enabled = { ModelRequestRateLimitEnabled: true, ModelRequestRateLimitDurationMinutes: 1 };

  test.each([
    ['disabled', { ModelRequestRateLimitCount: 2, ModelRequestRateLimitDurationMinutes: 1 }, null],
    [
      'no duration',
      { ...enabled, ModelRequestRateLimitDurationMinutes: 0, ModelRequestRateLimitCount: 2 },
      null,
    ],
    ['no count', enabled, null],
    ['requests only', { ...enabled, ModelRequestRateLimitCount: 2 }, { requests: { limit: 2, seconds: 60 } }],
    [
      'both, over 5 minutes',
      {
        ...enabled,
        ModelRequestRateLimitDurationMinutes: 5,
        ModelRequestRateLimitCount: 20,
        ModelRequestRateLimitSuccessCount: 10,
      },
      { requests: { limit: 20, seconds: 300 }, successes: { limit: 10, seconds: 300 } },
    ],
  ] as const)('%s', (_name, values, windows) => {
    const checks = modelRequestLimitChecks(options(values), 7);
    expect(checks).toEqual(windows ? [{ scope: 'mrl:7', limits: {}, windows }] : []);
  });

  it('counts every request, failed ones included, and only completed calls as successes', async () => {
    let now = Date.parse('2026-03-10T12:00:00Z');
    const limiter = createLimiter({ now: () => now });
    const settings = options({
      ...enabled,
      ModelRequestRateLimitCount: 3,
      ModelRequestRateLimitSuccessCount: 1,
    });
    const admit = async (userId: number) => {
      const result = await limiter.admit(modelRequestLimitChecks(settings, userId), { tokens: 0, quota: 0 });
      return result.refused ? modelRequestRefusalText(result as Refusal, settings) : (result as Grant);
    };
    const failed = (await admit(1)) as Grant;
    limiter.settle(failed, { tokens: 0, quota: 0 }, false);
    const completed = (await admit(1)) as Grant;
    limiter.settle(completed, { tokens: 0, quota: 0 }, true);
    expect(await admit(1)).toBe('at most 1 successful requests per 1 minute(s)');
    expect(typeof (await admit(2))).toBe('object');
    now += 60_001;
    expect(typeof (await admit(1))).toBe('object');
    expect(typeof (await admit(1))).toBe('object');
    expect(typeof (await admit(1))).toBe('object');
    expect(await admit(1)).toBe('at most 3 requests per 1 minute(s)');
  });
});

describe('findSensitiveWord', () => {
  it.each([
    ['hello world', 'bad\nWORLD', 'world'],
    ['hello', 'bad\n\n', null],
    ['', 'bad', null],
    ['anything', '', null],
  ])('%s in %j', (text, list, expected) => {
    expect(findSensitiveWord(text, list)).toBe(expected);
  });
});
