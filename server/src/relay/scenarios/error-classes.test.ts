/**
 * Retries decided by the error class (docs/reference/routing.md, "Retries"): each vendor's error replies,
 * sent by a scripted upstream (./test-error-upstream.ts), are classified, and the class's policy retries
 * on another channel, returns the error at once, cools the channel down for its Retry-After or disables it;
 * the operator changes the policy per class through the option; the error reply names the channels tried.
 * Each test uses its own model, served by a failing channel (priority 10) and a healthy one (priority 0).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { failureOf } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';
import { type ErrorUpstream, startErrorUpstream, vendorErrors } from './test-error-upstream.ts';

const { openAi, claude, gemini } = vendorErrors;

describe('relay retries by error class', () => {
  const { fixture } = setUpRelayFixture();
  let errors: ErrorUpstream;
  beforeAll(async () => {
    errors = fixture.adopt(await startErrorUpstream());
    await fixture.setOption('RetryTimes', '2');
    await fixture.setOption('AutomaticDisableChannelEnabled', 'true');
    await fixture.setModelRatios(
      Object.fromEntries(
        [
          'ec-rate',
          'ec-quota',
          'ec-claude',
          'ec-gemini',
          'ec-timeout',
          'ec-context',
          'ec-policy',
          'ec-override',
          'ec-trail',
        ].map((model) => [model, 1]),
      ),
    );
  });

  /** A failing channel of `model` (scripted with `key`) and a healthy one; returns both ids. */
  async function channelsOf(model: string, key: string, failing: Record<string, unknown> = {}) {
    const bad = await fixture.addChannel({
      key,
      models: model,
      priority: 10,
      base_url: errors.url,
      ...failing,
    });
    const good = await fixture.addChannel({ key: `${key}-healthy`, models: model, priority: 0 });
    return { bad, good };
  }

  const ask = (model: string) =>
    fixture.openai.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });

  async function lastAttempts() {
    const log = await fixture.lastConsumeLog();
    return { log, other: JSON.parse(log.other ?? '{}') };
  }

  it('moves on after an OpenAI rate limit and skips the channel for its Retry-After', async () => {
    const { bad, good } = await channelsOf('ec-rate', 'ec-rate-key');
    errors.script('ec-rate-key', {
      status: 429,
      headers: { 'retry-after': '30' },
      body: openAi('Rate limit reached for requests', 'requests', 'rate_limit_exceeded'),
    });
    const first = await ask('ec-rate');
    expect(first.choices[0]?.message.content).toBe('Hello from fake upstream');
    expect((await fixture.lastConsumeLog()).channel_id).toBe(good);
    expect(fixture.server.context.cooldowns.isCooling(bad)).toBe(true);
    await ask('ec-rate');
    expect(errors.count('ec-rate-key')).toBe(1);
    const { log } = await lastAttempts();
    expect(JSON.parse(log.other!).admin_info.use_channel).toEqual([good]);
  });

  it('disables a channel whose OpenAI quota is spent (insufficient_quota) and serves from another', async () => {
    const { bad, good } = await channelsOf('ec-quota', 'ec-quota-key');
    errors.script('ec-quota-key', {
      status: 429,
      body: openAi('You exceeded your current quota', 'insufficient_quota', 'insufficient_quota'),
    });
    await ask('ec-quota');
    expect((await fixture.lastConsumeLog()).channel_id).toBe(good);
    await expect
      .poll(async () => {
        const row = await fixture.server.context.database.db
          .selectFrom('channels')
          .select(['status', 'other_info'])
          .where('id', '=', bad)
          .executeTakeFirstOrThrow();
        return [row.status, JSON.parse(row.other_info ?? '{}').status_reason];
      })
      .toEqual([3, expect.stringContaining('insufficient_quota')]);
  });

  it('moves a Claude call on after 529 overloaded and cools that channel down', async () => {
    const { bad, good } = await channelsOf('ec-claude', 'ec-claude-key', { type: 14 });
    errors.script('ec-claude-key', { status: 529, body: claude('overloaded_error', 'Overloaded') });
    const message = await fixture.anthropic().messages.create({
      model: 'ec-claude',
      max_tokens: 64,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(message.model).toBe('ec-claude');
    expect(fixture.server.context.cooldowns.isCooling(bad)).toBe(true);
    const { log, other } = await lastAttempts();
    expect(log.channel_id).toBe(good);
    expect(other.attempts).toEqual([
      expect.objectContaining({ channel_id: bad, status: 529, class: 'overloaded', action: 'next_channel' }),
    ]);
  });

  it('cools a Gemini channel for its RESOURCE_EXHAUSTED RetryInfo delay', async () => {
    const { bad } = await channelsOf('ec-gemini', 'ec-gemini-key', { type: 24 });
    errors.script('ec-gemini-key', {
      status: 429,
      body: gemini(429, 'RESOURCE_EXHAUSTED', 'You exceeded your current quota. Please retry in 37.5s.', [
        { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '37s' },
      ]),
    });
    await ask('ec-gemini');
    const { other } = await lastAttempts();
    expect(fixture.server.context.cooldowns.isCooling(bad)).toBe(true);
    await ask('ec-gemini');
    expect(errors.count('ec-gemini-key')).toBe(1);
    expect(other.attempts).toEqual([expect.objectContaining({ channel_id: bad, class: 'rate_limited' })]);
  });

  it('retries a gateway timeout (504) at another channel: nothing was delivered or charged there', async () => {
    const { good } = await channelsOf('ec-timeout', 'ec-timeout-key');
    errors.script('ec-timeout-key', { status: 504, body: '<html>504 Gateway Time-out</html>' });
    await ask('ec-timeout');
    const { log, other } = await lastAttempts();
    expect(log.channel_id).toBe(good);
    expect(other.attempts).toEqual([expect.objectContaining({ status: 504, class: 'timeout' })]);
  });

  it('returns a prompt too long at once, without trying another channel', async () => {
    await channelsOf('ec-context', 'ec-context-key');
    errors.script('ec-context-key', {
      status: 400,
      body: openAi(
        "This model's maximum context length is 8192 tokens",
        'invalid_request_error',
        'context_length_exceeded',
      ),
    });
    const failure = await failureOf(ask('ec-context'));
    expect(failure.status).toBe(400);
    expect(failure.code).toBe('context_length_exceeded');
    expect(failure.message).not.toContain('tried channel');
    expect(
      fixture.upstream.requests.filter((request) => request.apiKey === 'ec-context-key-healthy'),
    ).toHaveLength(0);
  });

  it('returns a content-policy refusal in the client format (Claude), without trying another channel', async () => {
    await channelsOf('ec-policy', 'ec-policy-key', { type: 14 });
    errors.script('ec-policy-key', {
      status: 400,
      body: claude('invalid_request_error', 'Output blocked by content filtering policy'),
    });
    const failure = await failureOf(
      fixture.anthropic().messages.create({
        model: 'ec-policy',
        max_tokens: 64,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    );
    expect(failure.status).toBe(400);
    expect(failure.message).toContain('content filtering policy');
    expect(
      fixture.upstream.requests.filter((request) => request.apiKey === 'ec-policy-key-healthy'),
    ).toHaveLength(0);
  });

  it("follows the operator's policy per class (PUT /api/option/): timeouts returned at once", async () => {
    await channelsOf('ec-override', 'ec-override-key');
    errors.script('ec-override-key', { status: 524, body: 'A timeout occurred' });
    await fixture.setOption(
      'traffic_setting.error_policy',
      JSON.stringify({ timeout: { action: 'return', cooldown_seconds: 0, disable: false } }),
    );
    try {
      const failure = await failureOf(ask('ec-override'));
      expect(failure.status).toBe(524);
      expect(
        fixture.upstream.requests.filter((request) => request.apiKey === 'ec-override-key-healthy'),
      ).toHaveLength(0);
    } finally {
      await fixture.setOption('traffic_setting.error_policy', '{}');
    }
    await ask('ec-override');
    expect(errors.count('ec-override-key')).toBe(2);
  });

  it('cools only the key of a multi-key channel, and serves from its other key', async () => {
    const id = await fixture.addChannel({ key: 'ec-keys-placeholder', models: 'ec-keys' });
    await fixture.server.context.database.db
      .updateTable('channels')
      .set({
        key: 'ec-keys-1\nec-keys-2',
        channel_info: JSON.stringify({ is_multi_key: true, multi_key_size: 2, multi_key_mode: 'polling' }),
      })
      .where('id', '=', id)
      .execute();
    await fixture.server.context.channelCache.changed();
    await fixture.setModelRatios({ 'ec-keys': 1 });
    fixture.upstream.setBehaviorForKey('ec-keys-1', { status: 429 });
    await fixture.setOption(
      'traffic_setting.error_policy',
      JSON.stringify({ rate_limited: { action: 'retry', cooldown_seconds: 30, disable: false } }),
    );
    try {
      const sentWith = (key: string) => fixture.upstream.requests.filter((request) => request.apiKey === key);
      for (let call = 0; call < 3; call += 1) await ask('ec-keys');
      expect(sentWith('ec-keys-1')).toHaveLength(1);
      expect(sentWith('ec-keys-2')).toHaveLength(3);
      const { cooldowns } = fixture.server.context;
      expect([cooldowns.isCooling(id, 0), cooldowns.isCooling(id, 1), cooldowns.isCooling(id)]).toEqual([
        true,
        false,
        false,
      ]);
    } finally {
      await fixture.setOption('traffic_setting.error_policy', '{}');
    }
  });

  it('names every channel tried and why it was left in the error reply', async () => {
    const first = await fixture.addChannel({
      key: 'ec-trail-1',
      models: 'ec-trail',
      priority: 10,
      base_url: errors.url,
    });
    const second = await fixture.addChannel({
      key: 'ec-trail-2',
      models: 'ec-trail',
      priority: 5,
      base_url: errors.url,
    });
    errors.script('ec-trail-1', { status: 500, body: openAi('boom', 'server_error', null) });
    errors.script('ec-trail-2', { status: 502, body: 'Bad Gateway' });
    const failure = await failureOf(ask('ec-trail'));
    expect(failure.status).toBe(502);
    expect(failure.message).toContain(
      `tried channel #${first} (ec-trail: server_error, 500), channel #${second} (ec-trail: server_error, 502)`,
    );
    expect(failure.message).not.toContain('ec-trail-1');
  });
});
