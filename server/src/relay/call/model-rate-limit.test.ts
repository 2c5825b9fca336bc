import { describe, expect, it } from 'vitest';
import { ModelRateLimiter } from './model-rate-limit.ts';
import { findSensitiveWord } from './sensitive.ts';

function options(values: Record<string, number | boolean>) {
  return {
    getBoolean: (key: string) => Boolean(values[key]),
    getNumber: (key: string) => Number(values[key] ?? 0),
  };
}

describe('ModelRateLimiter', () => {
  it('limits total requests per window, failed ones included', () => {
    let now = 0;
    const limiter = new ModelRateLimiter(
      options({
        ModelRequestRateLimitEnabled: true,
        ModelRequestRateLimitDurationMinutes: 1,
        ModelRequestRateLimitCount: 2,
      }),
      () => now,
    );
    expect([limiter.admit(1), limiter.admit(1), limiter.admit(1)]).toEqual([
      null,
      null,
      'at most 2 requests per 1 minute(s)',
    ]);
    expect(limiter.admit(2)).toBeNull();
    now += 60_001;
    expect(limiter.admit(1)).toBeNull();
  });

  it('limits successful requests separately', () => {
    const limiter = new ModelRateLimiter(
      options({
        ModelRequestRateLimitEnabled: true,
        ModelRequestRateLimitDurationMinutes: 1,
        ModelRequestRateLimitSuccessCount: 1,
      }),
    );
    expect(limiter.admit(1)).toBeNull();
    limiter.recordSuccess(1);
    expect(limiter.admit(1)).toBe('at most 1 successful requests per 1 minute(s)');
  });

  it('does nothing when disabled', () => {
    const limiter = new ModelRateLimiter(
      options({ ModelRequestRateLimitCount: 1, ModelRequestRateLimitDurationMinutes: 1 }),
    );
    expect([limiter.admit(1), limiter.admit(1)]).toEqual([null, null]);
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
