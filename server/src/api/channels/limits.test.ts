import { describe, expect } from 'vitest';
import type { CreateChannelsResult } from '../../../../common/api/channels.ts';
import type { Page } from '../../../../common/api/reply.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import { setUpSite } from '../../test-support/test-site.ts';
import type { ChannelView } from './view.ts';

const matrix = await databaseMatrix();

describe.each(matrix)('channel caps on $name', (dialect) => {
  const { server, root, run } = setUpSite({ dialect });
  const base = { type: 1, models: 'gpt-4o-mini', group: 'default' };
  const caps = { concurrency: 8, rpm: 300, key_limits: { concurrency: 2, tpm: 90000 } };

  run(
    'a multi-key channel’s caps and per-key caps are saved, shown and shared by every key’s view',
    async () => {
      const reply = await root.post<CreateChannelsResult>('/api/channel/', {
        mode: 'multi_to_single',
        multi_key_mode: 'polling',
        channel: { ...base, name: 'capped', key: 'sk-a\nsk-b', limits: caps, tag: 'team' },
      });
      expect(reply.body.message).toBe('');
      const id = reply.body.data!.ids[0]!;
      expect((await root.get<ChannelView>(`/api/channel/${id}`)).body.data?.limits).toEqual(caps);
      const cached = server.context.channelCache.get(id)!;
      expect(cached.limits).toEqual(caps);
      for (const view of cached.keySet?.views ?? []) expect(view.limits).toBe(cached.limits);
      expect(cached.keySet?.views).toHaveLength(2);
    },
  );

  run('refuses invalid caps with 400 naming the field, creating nothing', async () => {
    const cases: [unknown, string | RegExp][] = [
      [{ key_limits: { rpm: -1 } }, 'key_limits.rpm must be a whole number of at least 0 (0 means no limit)'],
      [
        { key_limits: 'x' },
        'key_limits must be an object of limits (rpm, tpm, rpd, tpd, concurrency, budget, budget_period, timezone)',
      ],
      [{ key_limits: { key_limits: { rpm: 1 } } }, /^key_limits\.key_limits is not a limit/],
      [{ concurrency: 2.5 }, 'concurrency must be a whole number of at least 0 (0 means no limit)'],
    ];
    for (const [limits, message] of cases) {
      const created = await root.post('/api/channel/', { ...base, name: 'bad', key: 'sk-bad', limits });
      expect(created.status).toBe(400);
      expect(created.body.message).toMatch(message);
    }
    const listed = (await root.get<Page<ChannelView>>('/api/channel/')).body.data!;
    expect(listed.items.map((channel) => channel.name)).toEqual(['capped']);
  });

  run('updates change caps only when sent; tag and batch edits keep them', async () => {
    const single = (
      await root.post<CreateChannelsResult>('/api/channel/', {
        ...base,
        name: 'single',
        key: 'sk-single',
        tag: 'team',
        limits: '{"rpd": 10000}',
      })
    ).body.data!.ids[0]!;
    expect((await root.get<ChannelView>(`/api/channel/${single}`)).body.data?.limits).toEqual({ rpd: 10000 });
    expect((await root.put('/api/channel/', { id: single, priority: 3 })).body.success).toBe(true);
    expect((await root.put('/api/channel/tag', { tag: 'team', priority: 5, weight: 2 })).body.success).toBe(
      true,
    );
    expect((await root.post('/api/channel/batch/tag', { ids: [single], tag: 'crew' })).body.success).toBe(
      true,
    );
    const kept = (await root.get<ChannelView>(`/api/channel/${single}`)).body.data!;
    expect(kept).toMatchObject({ priority: 5, tag: 'crew', limits: { rpd: 10000 } });
    const capped = (await root.get<Page<ChannelView>>('/api/channel/')).body.data!.items.find(
      (channel) => channel.name === 'capped',
    )!;
    expect(capped.limits).toEqual(caps);
    const refused = await root.put('/api/channel/', { id: single, priority: 9, limits: { rpd: -1 } });
    expect(refused.status).toBe(400);
    expect((await root.get<ChannelView>(`/api/channel/${single}`)).body.data?.priority).toBe(5);
    const cleared = await root.put<ChannelView>('/api/channel/', { id: single, limits: {} });
    expect(cleared.body.data?.limits).toEqual({});
    expect(server.context.channelCache.get(single)?.limits).toBeNull();
  });
});
