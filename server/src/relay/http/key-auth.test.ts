import { beforeAll, describe, expect, it } from 'vitest';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

describe('relay key authentication (docs/reference/relay.md)', () => {
  const { fixture } = setUpRelayFixture();
  beforeAll(async () => {
    await fixture.addChannel();
  });

  const call = async (headers: Record<string, string>, model = 'gpt-4o') => {
    const response = await fetch(`${fixture.server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
    });
    return {
      status: response.status,
      body: (await response.json()) as { error?: { code: string; type: string } },
    };
  };
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

  it('accepts the key with or without sk- and refuses missing or unknown keys with 401', async () => {
    expect((await call(bearer(`sk-${fixture.token.key}`))).status).toBe(200);
    expect((await call(bearer(fixture.token.key))).status).toBe(200);
    const missing = await call({});
    expect(missing.status).toBe(401);
    expect(missing.body.error).toMatchObject({ code: 'missing_api_key', type: 'new_api_error' });
    expect((await call(bearer('sk-unknown'))).body.error?.code).toBe('invalid_api_key');
  });

  it('refuses disabled, expired and used-up keys with 401 and records the status', async () => {
    const disabled = await fixture.addToken({ name: 'disabled' });
    await fixture.user.put('/api/token/?status_only=true', { id: disabled.id, status: 2 });
    expect((await call(bearer(`sk-${disabled.key}`))).body.error?.code).toBe('token_disabled');

    const expiring = await fixture.addToken({
      name: 'expiring',
      expired_time: Math.floor(Date.now() / 1000) + 1,
    });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await call(bearer(`sk-${expiring.key}`));
    expect(expired).toMatchObject({ status: 401, body: { error: { code: 'token_expired' } } });
    await fixture.flush();
    const expiredRow = await fixture.server.context.database.db
      .selectFrom('tokens')
      .select('status')
      .where('id', '=', expiring.id)
      .executeTakeFirstOrThrow();
    expect(expiredRow.status).toBe(3);

    const empty = await fixture.addToken({ name: 'empty', unlimited_quota: false, remain_quota: 0 });
    expect((await call(bearer(`sk-${empty.key}`))).body.error?.code).toBe('token_exhausted');
  });

  it('enforces the IP allow-list, model limits and group rules with 403', async () => {
    const remote = await fixture.addToken({ name: 'remote-only', allow_ips: '10.9.8.7\n192.168.0.0/16' });
    expect((await call(bearer(`sk-${remote.key}`))).body.error?.code).toBe('ip_not_allowed');
    const local = await fixture.addToken({ name: 'local', allow_ips: '127.0.0.0/8\n::1' });
    expect((await call(bearer(`sk-${local.key}`))).status).toBe(200);

    const limited = await fixture.addToken({
      name: 'mini-only',
      model_limits_enabled: true,
      model_limits: 'gpt-4o-mini',
    });
    expect((await call(bearer(`sk-${limited.key}`), 'gpt-4o')).body.error?.code).toBe('model_not_allowed');
    expect((await call(bearer(`sk-${limited.key}`), 'gpt-4o-mini')).status).toBe(200);
    const models = await fixture.clientFor(`sk-${limited.key}`).models.list();
    expect(models.data.map((model) => model.id)).toEqual(['gpt-4o-mini']);
  });

  it('refuses keys of disabled users with 403, and again serves them once re-enabled', async () => {
    await fixture.root.post('/api/user/manage', { id: fixture.userId, action: 'disable' });
    expect((await call(bearer(`sk-${fixture.token.key}`))).body.error?.code).toBe('user_banned');
    await fixture.root.post('/api/user/manage', { id: fixture.userId, action: 'enable' });
    expect((await call(bearer(`sk-${fixture.token.key}`))).status).toBe(200);
  });

  it('refuses a user without quota with 403', async () => {
    await fixture.root.put('/api/user/', { id: fixture.userId, quota: 0 });
    expect((await call(bearer(`sk-${fixture.token.key}`))).body.error?.code).toBe('insufficient_user_quota');
    await fixture.root.put('/api/user/', { id: fixture.userId, quota: 100_000_000 });
  });

  it('refuses prompts with sensitive words when the check is on', async () => {
    await fixture.setOption('SensitiveWords', 'forbidden-thing');
    const response = await fetch(`${fixture.server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(`sk-${fixture.token.key}`) },
      body: JSON.stringify({
        model: 'gpt-4o',
        messages: [{ role: 'user', content: 'tell me about FORBIDDEN-THING' }],
      }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'sensitive_words_detected',
    );
  });

  it('applies the per-user model request rate limit', async () => {
    await fixture.setOption('ModelRequestRateLimitCount', '2');
    await fixture.setOption('ModelRequestRateLimitDurationMinutes', '1');
    await fixture.setOption('ModelRequestRateLimitEnabled', 'true');
    const statuses = [];
    for (let index = 0; index < 3; index += 1)
      statuses.push((await call(bearer(`sk-${fixture.token.key}`))).status);
    expect(statuses).toEqual([200, 200, 429]);
    await fixture.setOption('ModelRequestRateLimitEnabled', 'false');
  });

  it('rejects malformed requests with 400 in OpenAI format', async () => {
    const key = bearer(`sk-${fixture.token.key}`);
    const noModel = await fetch(`${fixture.server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...key },
      body: '{"messages":[{"role":"user","content":"x"}]}',
    });
    expect(noModel.status).toBe(400);
    const badJson = await fetch(`${fixture.server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...key },
      body: '{"model":',
    });
    expect(badJson.status).toBe(400);
    expect(((await badJson.json()) as { error: { type: string } }).error.type).toBe('new_api_error');
    const noMessages = await fetch(`${fixture.server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...key },
      body: '{"model":"gpt-4o","messages":[]}',
    });
    expect(noMessages.status).toBe(400);
  });
});
