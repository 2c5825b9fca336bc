/**
 * The rate-limit headers of admitted calls (docs/limits.md "Headers"), on the direct path and on streams
 * that take the response over: OpenAI's `x-ratelimit-*` on every reply of a limited key, Anthropic's
 * `anthropic-ratelimit-*` too for Claude-format clients, and a refusal's `retry-after` with nothing left.
 */
import { describe, expect, it } from 'vitest';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

describe('rate-limit headers', () => {
  const { fixture } = setUpRelayFixture();

  const post = (path: string, key: string, body: object, extra: Record<string, string> = {}) =>
    fetch(`${fixture.server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json', ...extra },
      body: JSON.stringify(body),
    });
  const chat = (key: string, stream = false) =>
    post('/v1/chat/completions', key, {
      model: 'gpt-4o-mini',
      stream,
      max_tokens: 50,
      messages: [{ role: 'user', content: 'hello' }],
    });

  it('a limited key’s replies carry x-ratelimit-* whether streamed or not; a refusal has retry-after', async () => {
    await fixture.addChannel();
    await fixture.setModelRatios({ 'gpt-4o-mini': 1 });
    const token = await fixture.addToken({ name: 'headers', limits: { rpm: 3, tpm: 100_000 } });
    const plain = await chat(token.key);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('x-ratelimit-limit-requests')).toBe('3');
    expect(plain.headers.get('x-ratelimit-remaining-requests')).toBe('2');
    expect(plain.headers.get('x-ratelimit-limit-tokens')).toBe('100000');
    expect(Number(plain.headers.get('x-ratelimit-remaining-tokens'))).toBeLessThan(100_000 - 50);
    expect(plain.headers.get('x-ratelimit-reset-requests')).toMatch(/^(\d+m)?\d+s$/);
    await plain.text();

    const streamed = await chat(token.key, true);
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get('content-type')).toContain('text/event-stream');
    expect(streamed.headers.get('x-ratelimit-remaining-requests')).toBe('1');
    await streamed.text();

    const claude = await post(
      '/v1/messages',
      token.key,
      { model: 'gpt-4o-mini', max_tokens: 20, messages: [{ role: 'user', content: 'hi' }] },
      { 'anthropic-version': '2023-06-01' },
    );
    expect(claude.status).toBe(200);
    expect(claude.headers.get('anthropic-ratelimit-requests-limit')).toBe('3');
    expect(claude.headers.get('anthropic-ratelimit-requests-remaining')).toBe('0');
    expect(claude.headers.get('anthropic-ratelimit-requests-reset')).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/,
    );
    await claude.text();

    const refused = await chat(token.key);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('x-ratelimit-remaining-requests')).toBe('0');
    await refused.text();
  });

  it('a key without limits gets no rate-limit headers', async () => {
    const reply = await chat(fixture.token.key);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-ratelimit-limit-requests')).toBeNull();
    await reply.text();
  });
});
