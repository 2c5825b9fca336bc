/**
 * Keys in the group `auto` (server/src/relay/routing/auto-group.ts): the first AutoGroups entry the user
 * may use and that serves the model prices the call, chooses its channel and is logged — through the
 * OpenAI, Claude and task surfaces alike — and /v1/models lists what the auto groups serve.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { failureOf } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

describe('the auto group', () => {
  const { fixture } = setUpRelayFixture();
  let vipChannel = 0;
  let defaultChannel = 0;
  let autoKey = '';

  beforeAll(async () => {
    await fixture.setModelRatios({ 'auto-a': 1, 'auto-b': 1, 'auto-c': 1 }, { 'auto-a': 1, 'auto-b': 1 });
    await fixture.setOption('GroupRatio', JSON.stringify({ default: 1, vip: 2, svip: 3 }));
    await fixture.setOption('UserUsableGroups', JSON.stringify({ default: 'default', vip: 'vip' }));
    // svip first, but this user may not use it: it is passed over.
    await fixture.setOption('AutoGroups', JSON.stringify(['svip', 'vip', 'default']));
    await fixture.setOption('DefaultUseAutoGroup', 'true');
    await fixture.addChannel({ key: 'svip-key', models: 'auto-a,auto-b', group: 'svip' });
    vipChannel = await fixture.addChannel({ key: 'vip-key', models: 'auto-a', group: 'vip' });
    defaultChannel = await fixture.addChannel({
      key: 'default-key',
      models: 'auto-a,auto-b',
      group: 'default',
    });
    const token = await fixture.addToken({ name: 'auto-key', group: 'auto' });
    autoKey = `sk-${token.key}`;
    fixture.upstream.setBehaviorForKey('vip-key', { promptTokens: 100, replyText: 'a b c d' });
    fixture.upstream.setBehaviorForKey('default-key', { promptTokens: 100, replyText: 'a b c d' });
  });

  const ask = async (model: string) => {
    const before = await fixture.userQuota();
    await fixture
      .clientFor(autoKey)
      .chat.completions.create({ model, messages: [{ role: 'user', content: 'x' }] });
    return { charged: before - (await fixture.userQuota()), log: await fixture.lastConsumeLog() };
  };

  it('serves a model from the first usable auto group that has it, at that group’s ratio', async () => {
    const { charged, log } = await ask('auto-a');
    expect(log.group).toBe('vip');
    expect(log.channel_id).toBe(vipChannel);
    expect(charged).toBe((100 + 4) * 2);
    expect(JSON.parse(log.other!)).toMatchObject({ group_ratio: 2 });
  });

  it('goes on to the next auto group when an earlier one lacks the model', async () => {
    const { charged, log } = await ask('auto-b');
    expect(log.group).toBe('default');
    expect(log.channel_id).toBe(defaultChannel);
    expect(charged).toBe(100 + 4);
  });

  it('refuses a model no auto group serves, naming the groups it tried', async () => {
    const failure = await failureOf(
      fixture.clientFor(autoKey).chat.completions.create({
        model: 'auto-c',
        messages: [{ role: 'user', content: 'x' }],
      }),
    );
    expect(failure.status).toBe(503);
    expect(failure.message).toContain(
      'no available channel for model auto-c in the auto groups (vip, default)',
    );
  });

  it('serves the Claude surface the same way', async () => {
    const before = await fixture.userQuota();
    const reply = await fetch(`${fixture.server.url}/v1/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': autoKey,
        'anthropic-version': '2023-06-01',
      },
      body: JSON.stringify({ model: 'auto-b', max_tokens: 16, messages: [{ role: 'user', content: 'x' }] }),
    });
    expect(reply.status).toBe(200);
    const log = await fixture.lastConsumeLog();
    expect(log.group).toBe('default');
    expect(before - (await fixture.userQuota())).toBe(log.quota);
  });

  it('lists the models of every usable auto group on /v1/models', async () => {
    const list = await fixture.clientFor(autoKey).models.list();
    const ids = list.data.map((model) => model.id);
    expect(ids).toEqual(expect.arrayContaining(['auto-a', 'auto-b']));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('refuses every model when AutoGroups names no group the user may use', async () => {
    await fixture.setOption('AutoGroups', JSON.stringify(['svip']));
    const failure = await failureOf(
      fixture.clientFor(autoKey).chat.completions.create({
        model: 'auto-a',
        messages: [{ role: 'user', content: 'x' }],
      }),
    );
    expect(failure.status).toBe(503);
    expect(failure.message).toContain('AutoGroups lists no group this user may use');
    await fixture.setOption('AutoGroups', JSON.stringify(['svip', 'vip', 'default']));
  });
});
