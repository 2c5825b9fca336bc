import { describe, expect, it } from 'vitest';
import type { ChannelListItem, ChannelView } from '../../../../common/api/channels.ts';
import type { Page } from '../../../../common/api/reply.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

describe('channel operations', () => {
  const { fixture } = setUpRelayFixture();

  const channel = async (id: number) =>
    (await fixture.root.get<ChannelView>(`/api/channel/${id}`)).body.data!;
  const db = () => fixture.server.context.database.db;

  it('tests a channel: records the response time, reports failures with the upstream message', async () => {
    const id = await fixture.addChannel({ key: 'test-ok' });
    // The fake upstream answers this key after 250 ms, so the measured time cannot be much less (a timer
    // may fire a millisecond early) and, on a machine under test load, is well below 10 s.
    fixture.upstream.setBehaviorForKey('test-ok', { latencyMs: 250 });
    const startedAt = Math.floor(Date.now() / 1000);
    const reply = await fixture.root.get(`/api/channel/test/${id}`, { model: 'gpt-4o-mini' });
    expect(reply.body).toMatchObject({ success: true, message: '' });
    const tested = await channel(id);
    expect(tested.test_time).toBeGreaterThanOrEqual(startedAt);
    expect(tested.test_time).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    // response_time is in milliseconds, the reply's time the same measurement in seconds.
    expect(tested.response_time).toBeGreaterThanOrEqual(245);
    expect(tested.response_time).toBeLessThan(10_000);
    expect(Math.round((reply.body.time as number) * 1000)).toBe(tested.response_time);
    const sent = fixture.upstream.requests.at(-1)!;
    expect((sent.body as { model: string; max_tokens: number }).model).toBe('gpt-4o-mini');

    fixture.upstream.setBehaviorForKey('test-ok', {
      status: 500,
      errorBody: { error: { message: 'upstream exploded' } },
    });
    const failed = await fixture.root.get(`/api/channel/test/${id}`);
    expect(failed.body.success).toBe(false);
    expect(failed.body.message).toBe('Channel test failed: upstream exploded');
    fixture.upstream.setBehaviorForKey('test-ok', undefined);
    expect((await fixture.root.get('/api/channel/test/99999')).status).toBe(404);
  });

  it('disables a slow or dead channel when automatic disabling is on, and enables it again after a good test', async () => {
    await fixture.setOption('AutomaticDisableChannelEnabled', 'true');
    await fixture.setOption('AutomaticEnableChannelEnabled', 'true');
    await fixture.setOption('ChannelDisableThreshold', '1');
    const id = await fixture.addChannel({ key: 'slow-key' });
    fixture.upstream.setBehaviorForKey('slow-key', { latencyMs: 1300 });
    const slow = await fixture.root.get(`/api/channel/test/${id}`);
    expect(slow.body.success).toBe(false);
    expect(slow.body.message).toMatch(/exceeds the threshold 1s/);
    const disabled = await channel(id);
    expect(disabled.status).toBe(3);
    expect(JSON.parse(disabled.other_info!).status_reason).toMatch(/threshold/);
    fixture.upstream.setBehaviorForKey('slow-key', undefined);
    expect((await fixture.root.get(`/api/channel/test/${id}`)).body.success).toBe(true);
    expect((await channel(id)).status).toBe(1);
    expect(fixture.server.context.channelCache.get(id)?.status).toBe(1);
    await fixture.setOption('ChannelDisableThreshold', '0');
  });

  it('reads balances from OpenAI-style billing endpoints, refuses unsupported types clearly', async () => {
    const id = await fixture.addChannel({ key: 'balance-key' });
    fixture.upstream.setBehaviorForKey('balance-key', { billingHardLimitUsd: 100, billingUsedUsd: 12.5 });
    const reply = await fixture.root.get(`/api/channel/update_balance/${id}/`);
    expect(reply.body).toMatchObject({ success: true, balance: 87.5 });
    const stored = await channel(id);
    expect(stored.balance).toBe(87.5);
    expect(stored.balance_updated_time).toBeGreaterThan(0);
    const claude = await fixture.addChannel({
      type: 14,
      key: 'claude-key',
      base_url: fixture.upstream.url,
      models: 'claude-3-5-sonnet',
    });
    const unsupported = await fixture.root.get(`/api/channel/update_balance/${claude}/`);
    expect(unsupported.body).toEqual({
      success: false,
      message: 'Balance query is not supported for channel type Anthropic Claude',
    });
    expect((await fixture.root.get('/api/channel/update_balance')).body.success).toBe(true);
  });

  it('fetches the upstream model list for a saved channel and for unsaved form values', async () => {
    const id = await fixture.addChannel({ key: 'models-key' });
    fixture.upstream.setBehaviorForKey('models-key', { models: ['model-b', 'model-a', 'model-a'] });
    expect((await fixture.root.get<string[]>(`/api/channel/fetch_models/${id}`)).body.data).toEqual([
      'model-a',
      'model-b',
    ]);
    const preview = await fixture.root.post<string[]>('/api/channel/fetch_models', {
      base_url: `${fixture.upstream.url}/`,
      type: 1,
      key: 'models-key',
    });
    expect(preview.body.data).toEqual(['model-a', 'model-b']);
    const refused = await fixture.root.post('/api/channel/fetch_models', {
      base_url: 'http://169.254.169.254',
      type: 1,
      key: 'x',
    });
    expect(refused.body.message).toMatch(/not allowed as an upstream/);
  });

  it('refuses link-local and metadata base URLs (SSRF guard)', async () => {
    for (const base_url of [
      'http://169.254.169.254/latest',
      'http://metadata.google.internal',
      'http://[fe80::1]:8080',
    ]) {
      const reply = await fixture.root.post('/api/channel/', {
        type: 1,
        name: 'x',
        key: 'k',
        models: 'gpt-4o',
        base_url,
      });
      expect(reply.body.message, base_url).toMatch(/is not allowed as an upstream/);
    }
  });

  it('tags channels, edits and dissolves a tag, enables and disables it, lists by tag', async () => {
    const first = await fixture.addChannel({ key: 'tag-1', models: 'tag-model', priority: 1 });
    const second = await fixture.addChannel({ key: 'tag-2', models: 'tag-model', priority: 1 });
    expect((await fixture.root.post('/api/channel/batch/tag', { ids: [], tag: 'team' })).body.message).toBe(
      'Please select the channels first',
    );
    expect(
      (await fixture.root.post('/api/channel/batch/tag', { ids: [first], tag: '  ' })).body.message,
    ).toBe('Tag cannot be empty');
    expect(
      (await fixture.root.post<number>('/api/channel/batch/tag', { ids: [first, second], tag: 'team' })).body
        .data,
    ).toBe(2);
    expect((await fixture.root.put('/api/channel/tag', { tag: 'team' })).body.message).toBe(
      'No modification',
    );
    expect(
      (await fixture.root.put('/api/channel/tag', { tag: 'team', model_mapping: '{bad' })).body.message,
    ).toBe('Model mapping must be valid JSON format!');
    expect(
      (await fixture.root.put('/api/channel/tag', { tag: 'team', header_override: '{"Host":"a"}' })).body
        .message,
    ).toBe('Header override may not set "Host": the HTTP connection sets it');
    expect(
      (await fixture.root.put<number>('/api/channel/tag', { tag: 'team', header_override: '{"X-Team":"t"}' }))
        .body.data,
    ).toBe(2);
    expect((await channel(first)).header_override).toBe('{"X-Team":"t"}');
    const edited = await fixture.root.put<number>('/api/channel/tag', {
      tag: 'team',
      priority: 9,
      models: 'tag-model,tag-model-2',
      groups: ['default', 'vip'],
    });
    expect(edited.body.data).toBe(2);
    const abilities = await db()
      .selectFrom('abilities')
      .selectAll()
      .where('channel_id', '=', first)
      .execute();
    expect(abilities.map((row) => `${row.group}/${row.model}/${Number(row.priority)}`).sort()).toEqual([
      'default/tag-model-2/9',
      'default/tag-model/9',
      'vip/tag-model-2/9',
      'vip/tag-model/9',
    ]);
    const listed = (
      await fixture.root.get<Page<ChannelListItem>>('/api/channel/', { tag_mode: 'true', page_size: 100 })
    ).body.data!;
    const tagRow = listed.items.find((row) => 'is_tag' in row && row.tag === 'team') as Extract<
      ChannelListItem,
      { is_tag: true }
    >;
    expect(tagRow.children.map((child) => child.id).sort()).toEqual([first, second].sort());
    expect(tagRow.priority).toBe(9);
    expect((await fixture.root.post<number>('/api/channel/tag/disabled', { tag: 'team' })).body.data).toBe(2);
    expect(fixture.server.context.channelCache.hasModel('vip', 'tag-model-2')).toBe(false);
    expect((await fixture.root.post<number>('/api/channel/tag/enabled', { tag: 'team' })).body.data).toBe(2);
    expect(fixture.server.context.channelCache.hasModel('vip', 'tag-model-2')).toBe(true);
    expect((await fixture.root.put('/api/channel/tag', { tag: 'team', new_tag: 'crew' })).body.success).toBe(
      true,
    );
    expect((await channel(first)).tag).toBe('crew');
    expect((await fixture.root.put('/api/channel/tag', { tag: 'crew', new_tag: '' })).body.success).toBe(
      true,
    );
    expect((await channel(first)).tag).toBeNull();
    expect((await fixture.root.post('/api/channel/tag/enabled', { tag: 'nobody' })).body.message).toBe(
      'No channel has the tag "nobody"',
    );
  });

  it('deletes disabled channels, deletes in batch, fixes abilities', async () => {
    const keep = await fixture.addChannel({ key: 'keep' });
    const off = await fixture.addChannel({ key: 'off' });
    const gone = await fixture.addChannel({ key: 'gone' });
    await fixture.root.put('/api/channel/', { id: off, status: 2 });
    expect((await fixture.root.delete<number>('/api/channel/disabled')).body.data).toBeGreaterThanOrEqual(1);
    expect((await fixture.root.get(`/api/channel/${off}`)).status).toBe(404);
    expect((await fixture.root.post('/api/channel/batch', { ids: [] })).body.message).toBe(
      'Please select the channels first',
    );
    expect((await fixture.root.post<number>('/api/channel/batch', { ids: [gone, 987654] })).body.data).toBe(
      1,
    );
    await db().deleteFrom('abilities').where('channel_id', '=', keep).execute();
    const fixed = await fixture.root.post<number>('/api/channel/fix');
    expect(fixed.body.data).toBeGreaterThanOrEqual(1);
    expect(
      (await db().selectFrom('abilities').select('model').where('channel_id', '=', keep).execute()).length,
    ).toBeGreaterThan(0);
  });

  it('shows which groups and clients used a channel recently (upstream detection)', async () => {
    const id = await fixture.addChannel({ key: 'detect-key', models: 'detect-model' });
    await fixture.setOption(
      'ModelRatio',
      JSON.stringify({
        ...(fixture.server.context.options.getJson('ModelRatio') as object),
        'detect-model': 1,
      }),
    );
    await fixture.openai.chat.completions.create({
      model: 'detect-model',
      messages: [{ role: 'user', content: 'x' }],
    });
    await fetch(`${fixture.server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer sk-${fixture.token.key}`,
        'content-type': 'application/json',
        'user-agent': 'curl/8.5.0',
      },
      body: JSON.stringify({ model: 'detect-model', messages: [{ role: 'user', content: 'x' }] }),
    });
    await fixture.flush();
    const reply = await fixture.root.get<{
      groups: { group: string; client_types: { client_type: string; count: number }[] }[];
    }>(`/api/channel/test_upstream/${id}`);
    const group = reply.body.data!.groups[0]!;
    expect(group.group).toBe('default');
    expect(group.client_types.map((type) => type.client_type).sort()).toEqual(['curl', 'openai-node']);
  });

  it('tests all channels in the background and refuses a second run while one is going', async () => {
    const first = await fixture.root.get('/api/channel/test');
    expect(first.body.success).toBe(true);
    const second = await fixture.root.get('/api/channel/test');
    expect(second.body).toEqual({ success: false, message: 'A test of all channels is already running' });
    await expect
      .poll(async () => (await fixture.root.get('/api/channel/test')).body.success, {
        timeout: 20_000,
        interval: 200,
      })
      .toBe(true);
  });
});
