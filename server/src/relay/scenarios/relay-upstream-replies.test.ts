/**
 * Upstream replies are not trusted (docs/decisions/0010-relay-admission-and-usage-bounds.md): absurd
 * usage is billed at a bound, redirects and unreadable 200 replies become 502s that cost nothing, and keys
 * an upstream echoes never reach the client.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { failureOf, type RelayFixture } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';
import { MAX_REPORTED_TOKENS } from '../billing/usage-bounds.ts';

describe('replies an upstream should not have sent', () => {
  const { fixture } = setUpRelayFixture({ userQuota: 4_000_000 });
  const key = 'replies-key';

  beforeAll(async () => {
    await fixture.addChannel({ key, models: 'gpt-4o-mini' });
  });

  const behave = (behavior: Parameters<RelayFixture['upstream']['setBehaviorForKey']>[1]) =>
    fixture.upstream.setBehaviorForKey(key, behavior);

  const lastLog = async () => {
    await fixture.flush();
    return fixture.server.context.logDatabase.db
      .selectFrom('logs')
      .selectAll()
      .where('type', '=', 2)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  };

  it.each([false, true])('bills reported usage of 1e15 tokens at the bound (stream: %s)', async (stream) => {
    behave({ promptTokens: 1e15 });
    await fixture.root.put('/api/user/', { id: fixture.userId, quota: Number.MAX_SAFE_INTEGER - 1 });
    const before = await fixture.userQuota();
    if (stream) {
      const chunks = await fixture.openai.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'x' }],
        stream: true,
      });
      for await (const _chunk of chunks) {
        // drain
      }
    } else {
      await fixture.openai.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'x' }],
      });
    }
    const log = await lastLog();
    expect(log?.prompt_tokens).toBe(MAX_REPORTED_TOKENS);
    expect(Number.isSafeInteger(log?.quota)).toBe(true);
    expect(before - (await fixture.userQuota())).toBe(log?.quota);
    behave(undefined);
    await fixture.root.put('/api/user/', { id: fixture.userId, quota: 4_000_000 });
  });

  it('turns an upstream redirect into a 502 and charges nothing', async () => {
    behave({ status: 307, rawBody: '' });
    const before = await fixture.userQuota();
    const failure = await failureOf(
      fixture.openai.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'x' }],
      }),
    );
    expect(failure.status).toBe(502);
    expect(failure.message).toMatch(/redirect \(HTTP 307\)/);
    expect(await fixture.userQuota()).toBe(before);
    behave(undefined);
  });

  it('turns an unreadable 200 reply into a 502 and charges nothing', async () => {
    behave({ status: 200, rawBody: '<html><body>Welcome to nginx!</body></html>' });
    const before = await fixture.userQuota();
    const logged = await lastLog();
    const failure = await failureOf(
      fixture.openai.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'x' }],
      }),
    );
    expect(failure.status).toBe(502);
    expect(failure.code).toBe('bad_upstream_reply');
    expect(await fixture.userQuota()).toBe(before);
    expect((await lastLog())?.id).toBe(logged?.id);
    behave(undefined);
  });

  it('masks a composite key that the upstream echoes in an error', async () => {
    const composite = 'AKIAIOSFODNN7EXAMPLE|wJalrXUtnFEMIK7MDENGbPxRfiCY|us-east-1';
    await fixture.addChannel({ key: composite, models: 'echo-model', model_mapping: '' });
    await fixture.setOption('ModelRatio', JSON.stringify({ 'echo-model': 1 }));
    fixture.upstream.setBehaviorForKey(composite, {
      status: 400,
      errorBody: {
        error: {
          message: 'The security token AKIAIOSFODNN7EXAMPLE is invalid',
          type: 'invalid_request_error',
        },
      },
    });
    const failure = await failureOf(
      fixture.openai.chat.completions.create({
        model: 'echo-model',
        messages: [{ role: 'user', content: 'x' }],
      }),
    );
    expect(failure.status).toBe(400);
    expect(failure.message).not.toContain('AKIAIOSFODNN7EXAMPLE');
    expect(failure.message).toContain('***');
  });
});
