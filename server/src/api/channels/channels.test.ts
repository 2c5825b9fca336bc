import { describe, expect } from 'vitest';
import type { ChannelView } from '../../../../common/api/channels.ts';
import type { Page } from '../../../../common/api/reply.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import { setUpSite } from '../../test-support/test-site.ts';

const matrix = await databaseMatrix();

describe.each(matrix)('channel API on $name', (dialect) => {
  const {
    server,
    root,
    users: { admin, user },
    run,
  } = setUpSite({ dialect, users: { admin: { username: 'chanadmin', role: 'admin' }, user: 'chanuser' } });
  const base = {
    type: 1,
    key: 'sk-upstream-1',
    name: 'openai-main',
    models: 'gpt-4o, gpt-4o-mini',
    group: 'default,vip',
  };

  /** The key as stored: no reply carries it (root reads it through POST /api/channel/:id/key after asking again). */
  const storedKey = async (channelId: number) =>
    (
      await server.context.database.db
        .selectFrom('channels')
        .select('key')
        .where('id', '=', channelId)
        .executeTakeFirstOrThrow()
    ).key;

  const abilities = (channelId: number) =>
    server.context.database.db
      .selectFrom('abilities')
      .selectAll()
      .where('channel_id', '=', channelId)
      .orderBy('group')
      .orderBy('model')
      .execute();

  run('validates the form rules with the console’s messages and changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, name: '' }, 'Please fill in channel name and channel key!'],
      [{ ...base, key: '  ' }, 'Please fill in channel name and channel key!'],
      [{ ...base, models: ' , ' }, 'Please select at least one model!'],
      [{ ...base, model_mapping: '{bad' }, 'Model mapping must be valid JSON format!'],
      [{ ...base, model_mapping: '{"a":"b","b":"a"}' }, 'Model mapping has a cycle: a → b → a'],
      [{ ...base, type: 9999 }, 'Unknown channel type 9999'],
      [{ ...base, priority: -1000 }, 'Priority must be at least -999'],
      [{ ...base, base_url: 'ftp://x' }, 'Base URL must be an http(s) URL'],
      [{ ...base, param_override: '[1]' }, 'param_override must be a JSON object'],
    ];
    for (const [body, message] of cases) {
      const response = await admin.post('/api/channel/', body);
      expect({ body, message: response.body.message }).toEqual({ body, message });
    }
    expect((await admin.get<Page<ChannelView>>('/api/channel/')).body.data?.total).toBe(0);
  });

  run('creates a channel with abilities per group × model, trims the base URL, hides the key', async () => {
    const created = await admin.post<{ ids: number[] }>('/api/channel/', {
      ...base,
      base_url: 'https://api.example.com/',
      weight: -5,
      priority: '3',
    });
    expect(created.body.success).toBe(true);
    const id = created.body.data!.ids[0]!;
    const view = (await admin.get<ChannelView>(`/api/channel/${id}`)).body.data!;
    expect(view).toMatchObject({
      base_url: 'https://api.example.com',
      weight: 0,
      priority: 3,
      status: 1,
      group: 'default,vip',
    });
    expect(view).not.toHaveProperty('key');
    expect((await root.get<ChannelView>(`/api/channel/${id}`)).body.data).not.toHaveProperty('key');
    expect(await storedKey(id)).toBe('sk-upstream-1');
    const listed = (await admin.get<Page<ChannelView>>('/api/channel/')).body.data!;
    expect(listed.items.every((channel) => !('key' in channel))).toBe(true);
    expect((await abilities(id)).map((row) => `${row.group}/${row.model}/${Number(row.priority)}`)).toEqual([
      'default/gpt-4o/3',
      'default/gpt-4o-mini/3',
      'vip/gpt-4o/3',
      'vip/gpt-4o-mini/3',
    ]);
    expect(
      server.context.channelCache.candidates('vip', 'gpt-4o').map((candidate) => candidate.channel.id),
    ).toEqual([id]);
  });

  run('batch mode creates one channel per key line', async () => {
    const created = await admin.post<{ ids: number[] }>('/api/channel/', {
      mode: 'batch',
      channel: { ...base, name: 'batch', key: 'k1\n\n k2 \nk3\n' },
    });
    expect(created.body.data?.ids).toHaveLength(3);
    const keys = await Promise.all(created.body.data!.ids.map(storedKey));
    expect(keys).toEqual(['k1', 'k2', 'k3']);
  });

  run('quick edits rewrite abilities and the cache; disabled channels leave the index', async () => {
    const id = (
      await admin.post<{ ids: number[] }>('/api/channel/', { ...base, name: 'quick', models: 'm-quick' })
    ).body.data!.ids[0]!;
    await admin.put('/api/channel/', { id, priority: 7 });
    expect((await abilities(id)).every((row) => Number(row.priority) === 7)).toBe(true);
    await admin.put('/api/channel/', { id, weight: 9 });
    expect((await abilities(id)).every((row) => row.weight === 9)).toBe(true);
    await admin.put('/api/channel/', { id, status: 2 });
    expect((await abilities(id)).every((row) => !row.enabled)).toBe(true);
    expect(server.context.channelCache.hasModel('default', 'm-quick')).toBe(false);
    await admin.put('/api/channel/', { id, status: 1, models: 'm-quick,m-quick-2', group: 'svip' });
    expect((await abilities(id)).map((row) => `${row.group}/${row.model}`)).toEqual([
      'svip/m-quick',
      'svip/m-quick-2',
    ]);
    expect(server.context.channelCache.hasModel('svip', 'm-quick-2')).toBe(true);
    expect((await admin.put('/api/channel/', { id, status: 3 })).body.message).toBe(
      'Status must be 1 (enabled) or 2 (disabled)',
    );
  });

  run('searches, lists enabled models, deletes', async () => {
    const found = (await admin.get<Page<ChannelView>>('/api/channel/search', { keyword: 'quick' })).body
      .data!;
    expect(found.items.map((channel) => channel.name)).toEqual(['quick']);
    const byModel = (await admin.get<Page<ChannelView>>('/api/channel/search', { model: 'gpt-4o-mini' })).body
      .data!;
    expect(byModel.total).toBeGreaterThanOrEqual(4);
    const enabled = (await admin.get<string[]>('/api/channel/models_enabled')).body.data!;
    expect(enabled).toEqual(expect.arrayContaining(['gpt-4o', 'gpt-4o-mini', 'm-quick-2']));
    const id = found.items[0]!.id;
    expect((await admin.delete(`/api/channel/${id}/`)).body.success).toBe(true);
    expect(await abilities(id)).toEqual([]);
    expect((await admin.get(`/api/channel/${id}`)).status).toBe(404);
    expect((await admin.delete(`/api/channel/${id}`)).status).toBe(404);
  });

  run('model lists: by channel type, known models, the user’s models', async () => {
    const byType = (await user.get<Record<string, string[]>>('/api/models')).body.data!;
    expect(byType['1']).toContain('gpt-4o');
    const known = (await admin.get<{ id: string }[]>('/api/channel/models')).body.data!;
    expect(known.map((model) => model.id)).toContain('deepseek-chat');
    const mine = (await user.get<string[]>('/api/user/models')).body.data!;
    expect(mine).toEqual(expect.arrayContaining(['gpt-4o', 'gpt-4o-mini']));
    expect(mine).not.toContain('m-quick-2');
  });

  run('is for administrators only', async () => {
    expect((await user.get('/api/channel/')).status).toBe(403);
    expect((await user.post('/api/channel/', base)).status).toBe(403);
  });
});
