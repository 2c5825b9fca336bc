import { describe, expect, test } from 'vitest';
import { EMPTY_GRANT } from './admission-rules.ts';
import { openAiDuration, rateLimitHeaders, refusalHeaders } from './headers.ts';
import type { Grant } from './types.ts';

const now = Date.parse('2026-03-10T12:00:00.250Z');

describe('rate-limit headers', () => {
  test.each([
    [0, '0s'],
    [6, '6s'],
    [59.2, '1m0s'],
    [60, '1m0s'],
    [361, '6m1s'],
    [3723, '1h2m3s'],
  ])('%s seconds as OpenAI writes them: %s', (seconds, text) => {
    expect(openAiDuration(seconds)).toBe(text);
  });

  test('no request or token limit: the shared empty list', () => {
    expect(rateLimitHeaders(EMPTY_GRANT, 'claude')).toBe(rateLimitHeaders(EMPTY_GRANT, 'openai-chat'));
    expect(rateLimitHeaders(EMPTY_GRANT, 'claude')).toEqual([]);
  });

  const grant: Grant = {
    refused: false,
    requests: { limit: 60, remaining: 59, resetSeconds: 60 },
    tokens: { limit: 10_000, remaining: 9_000, resetSeconds: 6 },
  };

  test('OpenAI spelling for every format', () => {
    expect(Object.fromEntries(rateLimitHeaders(grant, 'openai-chat', now))).toEqual({
      'x-ratelimit-limit-requests': '60',
      'x-ratelimit-remaining-requests': '59',
      'x-ratelimit-reset-requests': '1m0s',
      'x-ratelimit-limit-tokens': '10000',
      'x-ratelimit-remaining-tokens': '9000',
      'x-ratelimit-reset-tokens': '6s',
    });
  });

  test('Claude-format clients also get Anthropic’s spelling, reset as an RFC 3339 time', () => {
    const headers = Object.fromEntries(rateLimitHeaders(grant, 'claude', now));
    expect(headers).toMatchObject({
      'x-ratelimit-remaining-tokens': '9000',
      'anthropic-ratelimit-requests-limit': '60',
      'anthropic-ratelimit-requests-remaining': '59',
      'anthropic-ratelimit-requests-reset': '2026-03-10T12:01:00Z',
      'anthropic-ratelimit-tokens-limit': '10000',
      'anthropic-ratelimit-tokens-remaining': '9000',
      'anthropic-ratelimit-tokens-reset': '2026-03-10T12:00:06Z',
    });
  });

  test.each([
    ['rpm', { 'x-ratelimit-limit-requests': '60', 'x-ratelimit-remaining-requests': '0' }],
    ['tpd', { 'x-ratelimit-limit-tokens': '60', 'x-ratelimit-remaining-tokens': '0' }],
    ['requests', { 'x-ratelimit-limit-requests': '60', 'x-ratelimit-remaining-requests': '0' }],
    ['budget', {}],
    ['concurrency', {}],
  ] as const)('a %s refusal: retry-after and the limit with nothing remaining', (kind, expected) => {
    const headers = Object.fromEntries(
      refusalHeaders(
        { refused: true, scope: 'key:1', kind, limit: 60, retryAfterSeconds: 12 },
        'openai-chat',
        now,
      ),
    );
    expect(headers).toEqual(
      Object.keys(expected).length === 0
        ? { 'retry-after': '12' }
        : expect.objectContaining({ 'retry-after': '12', ...expected }),
    );
    if (Object.keys(expected).length > 0) expect(Object.values(headers)).toContain('12s');
  });
});
