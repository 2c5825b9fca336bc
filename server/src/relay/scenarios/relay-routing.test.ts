import { beforeAll, describe, expect, it } from 'vitest';
import { failureOf } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

/** Each test uses its own model name so channels of other tests never serve it. */
describe('relay routing: retries, health, mapping, overrides', () => {
  const { fixture } = setUpRelayFixture();
  beforeAll(async () => {
    await fixture.setOption(
      'ModelRatio',
      JSON.stringify({
        ...(fixture.server.context.options.getJson('ModelRatio') as object),
        'retry-model': 1,
        'no-retry-model': 1,
        'dead-model': 1,
        'mapped-model': 1,
        'override-model': 1,
      }),
    );
  });

  const ask = (model: string) =>
    fixture.openai.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
  it('retries a failing channel on the next tier and logs both channels', async () => {
    await fixture.setOption('RetryTimes', '2');
    const failing = await fixture.addChannel({ key: 'failing-key', models: 'retry-model', priority: 10 });
    const healthy = await fixture.addChannel({ key: 'healthy-key', models: 'retry-model', priority: 0 });
    fixture.upstream.setBehaviorForKey('failing-key', { status: 500 });
    const reply = await ask('retry-model');
    expect(reply.choices[0]?.message.content).toBe('Hello from fake upstream');
    const log = await fixture.lastConsumeLog();
    expect(log.channel_id).toBe(healthy);
    expect(JSON.parse(log.other!).admin_info.use_channel).toEqual([failing, healthy]);
  });

  it('does not retry 4xx errors or when RetryTimes is 0, and passes the upstream error on', async () => {
    await fixture.setOption('RetryTimes', '0');
    await fixture.addChannel({ key: 'bad-request-key', models: 'no-retry-model', priority: 10 });
    await fixture.addChannel({ key: 'unused-key', models: 'no-retry-model', priority: 0 });
    fixture.upstream.setBehaviorForKey('bad-request-key', {
      status: 400,
      errorBody: {
        error: {
          message: 'context too long',
          type: 'invalid_request_error',
          code: 'context_length_exceeded',
        },
      },
    });
    const failure = await failureOf(ask('no-retry-model'));
    expect(failure.status).toBe(400);
    expect(failure.message).toMatch(/context too long \(request id: /);
    expect(failure.code).toBe('context_length_exceeded');
    expect(fixture.upstream.requests.filter((request) => request.apiKey === 'unused-key')).toHaveLength(0);
  });

  it('disables a channel whose key is dead, notifies root, and serves from another', async () => {
    await fixture.setOption('RetryTimes', '1');
    await fixture.setOption('AutomaticDisableChannelEnabled', 'true');
    const dead = await fixture.addChannel({ key: 'dead-key', models: 'dead-model', priority: 10 });
    await fixture.addChannel({ key: 'live-key', models: 'dead-model', priority: 0 });
    fixture.upstream.setBehaviorForKey('dead-key', { requiredApiKey: 'something-else' });
    // 401 is class `auth` (docs/reference/routing.md): the call moves to another channel and the dead
    // channel is disabled for the next ones.
    const first = await ask('dead-model');
    expect(first.choices).toHaveLength(1);
    await expect
      .poll(async () => {
        const row = await fixture.server.context.database.db
          .selectFrom('channels')
          .select(['status', 'other_info'])
          .where('id', '=', dead)
          .executeTakeFirstOrThrow();
        return row.status;
      })
      .toBe(3);
    const row = await fixture.server.context.database.db
      .selectFrom('channels')
      .select('other_info')
      .where('id', '=', dead)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.other_info!)).toMatchObject({
      status_reason: expect.stringMatching(/401/),
      status_time: expect.any(Number),
    });
    const second = await ask('dead-model');
    expect(second.choices).toHaveLength(1);
    await fixture.flush();
    const notice = await fixture.server.context.logDatabase.db
      .selectFrom('logs')
      .select(['content', 'other'])
      .where('type', '=', 4)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(notice?.content).toMatch(new RegExp(`^渠道「fake-\\d+」（#${dead}）已被自动禁用：status 401`));
    expect(JSON.parse(notice?.other ?? '{}')).toMatchObject({
      content_key: 'log.channel_auto_disabled',
      content_params: { channel_id: dead, reason: expect.stringMatching(/^status 401/) },
    });
  });

  it('maps models as a chain, bills and logs the requested one', async () => {
    await fixture.addChannel({
      key: 'mapping-key',
      models: 'mapped-model',
      model_mapping: JSON.stringify({ 'mapped-model': 'step-two', 'step-two': 'final-model' }),
    });
    await ask('mapped-model');
    const sent = fixture.upstream.requests.filter((request) => request.apiKey === 'mapping-key').at(-1)!;
    expect((sent.body as { model: string }).model).toBe('final-model');
    const log = await fixture.lastConsumeLog();
    expect(log.model_name).toBe('mapped-model');
    expect(JSON.parse(log.other!)).toMatchObject({
      is_model_mapped: true,
      upstream_model_name: 'final-model',
    });
  });

  it('applies param_override and the channel system prompt', async () => {
    await fixture.addChannel({
      key: 'override-key',
      models: 'override-model',
      param_override: JSON.stringify({ temperature: 0.1, user: 'gateway' }),
      setting: JSON.stringify({ system_prompt: 'You are terse.' }),
    });
    await fixture.openai.chat.completions.create({
      model: 'override-model',
      temperature: 0.9,
      messages: [{ role: 'user', content: 'hi' }],
    });
    const sent = fixture.upstream.requests.filter((request) => request.apiKey === 'override-key').at(-1)!
      .body as {
      temperature: number;
      user: string;
      messages: { role: string; content: string }[];
    };
    expect(sent.temperature).toBe(0.1);
    expect(sent.user).toBe('gateway');
    expect(sent.messages[0]).toEqual({ role: 'system', content: 'You are terse.' });
  });

  it('speaks to Azure deployments with api-key and api-version', async () => {
    await fixture.addChannel({
      type: 3,
      key: 'azure-key',
      models: 'gpt-4o-mini',
      other: '2024-06-01',
      priority: 50,
    });
    await fixture.openai.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hi' }],
    });
    const sent = fixture.upstream.requests.filter((request) => request.apiKey === 'azure-key').at(-1)!;
    expect(sent.path).toBe('/openai/deployments/gpt-4o-mini/chat/completions');
    expect(sent.query).toMatchObject({ 'api-version': '2024-06-01' });
    expect(sent.headers['api-key']).toBe('azure-key');
  });

  it('lets an administrator pin a channel with sk-<key>-<channel id>, never a normal user', async () => {
    const pinned = await fixture.addChannel({ key: 'pinned-key', models: 'gpt-4o', priority: -5 });
    const refused = await failureOf(
      fixture
        .clientFor(`sk-${fixture.token.key}-${pinned}`)
        .chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }),
    );
    expect(refused.status).toBe(403);
    await fixture.root.post('/api/user/manage', { id: fixture.userId, action: 'promote' });
    await fixture
      .clientFor(`sk-${fixture.token.key}-${pinned}`)
      .chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] });
    expect(fixture.upstream.requests.at(-1)!.apiKey).toBe('pinned-key');
    await fixture.root.post('/api/user/manage', { id: fixture.userId, action: 'demote' });
  });
});
