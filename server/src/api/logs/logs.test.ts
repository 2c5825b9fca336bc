import { beforeAll, describe, expect, it } from 'vitest';
import type { LogView } from '../../../../common/api/logs.ts';
import type { PricingReply } from '../../../../common/api/pricing.ts';
import type { Page } from '../../../../common/api/reply.ts';
import { runRetention } from '../../jobs/retention.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const matrix = await databaseMatrix();

describe.each(matrix)('usage logs, stats and dashboard data on $name', (dialect) => {
  const { fixture, run } = setUpRelayFixture({ dialect });
  let channelId: number;
  beforeAll(async () => {
    if (dialect.skipReason) return;
    channelId = await fixture.addChannel({ key: 'logs-key' });
    for (const model of ['gpt-4o', 'gpt-4o', 'gpt-4o-mini']) {
      await fixture.openai.chat.completions.create({
        model,
        messages: [{ role: 'user', content: 'log me' }],
      });
    }
    await fixture.flush();
  });

  run('lists a user’s own consumption without admin-only fields', async () => {
    const page = (await fixture.user.get<Page<LogView>>('/api/log/self', { type: 2, p: 1, page_size: 10 }))
      .body.data!;
    expect(page.total).toBe(3);
    expect(page.items.map((log) => log.model_name)).toEqual(['gpt-4o-mini', 'gpt-4o', 'gpt-4o']);
    const first = page.items[0]!;
    expect(first).not.toHaveProperty('channel');
    expect(first).not.toHaveProperty('ip');
    expect(JSON.parse(first.other)).not.toHaveProperty('admin_info');
    expect(JSON.parse(first.other)).toMatchObject({ model_ratio: expect.any(Number) });
    const filtered = (await fixture.user.get<Page<LogView>>('/api/log/self', { model_name: 'gpt-4o-mini' }))
      .body.data!;
    expect(filtered.total).toBe(1);
    // A user cannot widen the filter to other users.
    const sneaky = (await fixture.user.get<Page<LogView>>('/api/log/self', { username: 'root' })).body.data!;
    expect(sneaky.items.every((log) => log.user_id === fixture.userId)).toBe(true);
    expect((await fixture.user.get('/api/log/')).status).toBe(403);
  });

  run('shows admins every user with channel, channel name, IP and channels tried', async () => {
    const page = (await fixture.root.get<Page<LogView>>('/api/log/', { type: 2, channel: channelId })).body
      .data!;
    expect(page.total).toBe(3);
    expect(page.items[0]).toMatchObject({
      channel: channelId,
      channel_name: expect.stringMatching(/^fake-/),
      ip: expect.any(String),
    });
    expect(JSON.parse(page.items[0]!.other).admin_info.use_channel).toEqual([channelId]);
    const byUser = (await fixture.root.get<Page<LogView>>('/api/log/', { username: 'root' })).body.data!;
    expect(byUser.items.every((log) => log.username === 'root')).toBe(true);
    const now = Math.floor(Date.now() / 1000);
    const future = (await fixture.root.get<Page<LogView>>('/api/log/', { start_timestamp: now + 3600 })).body
      .data!;
    expect(future.total).toBe(0);
  });

  run('sums quota over the filter and counts RPM and TPM over the last minute', async () => {
    const self = (
      await fixture.user.get<{ quota: number; rpm: number; tpm: number }>('/api/log/self/stat', { type: 2 })
    ).body.data!;
    const logs = (await fixture.user.get<Page<LogView>>('/api/log/self', { type: 2 })).body.data!.items;
    expect(self.quota).toBe(logs.reduce((sum, log) => sum + log.quota, 0));
    expect(self.rpm).toBe(3);
    expect(self.tpm).toBe(logs.reduce((sum, log) => sum + log.prompt_tokens + log.completion_tokens, 0));
    const admin = (await fixture.root.get<{ quota: number }>('/api/log/stat', { model_name: 'gpt-4o' })).body
      .data!;
    expect(admin.quota).toBe(
      logs.filter((log) => log.model_name === 'gpt-4o').reduce((sum, log) => sum + log.quota, 0),
    );
  });

  run('serves the dashboard rollups for the user and for admins', async () => {
    await fixture.server.context.quotaData.flush();
    const mine = (
      await fixture.user.get<{ model_name: string; count: number; quota: number }[]>('/api/data/self')
    ).body.data!;
    const gpt4o = mine.find((row) => row.model_name === 'gpt-4o')!;
    expect(gpt4o.count).toBe(2);
    const everyone = (await fixture.root.get<{ model_name: string; count: number }[]>('/api/data/')).body
      .data!;
    expect(everyone.find((row) => row.model_name === 'gpt-4o-mini')?.count).toBe(1);
    const nobody = (await fixture.root.get<unknown[]>('/api/data/', { username: 'nobody' })).body.data!;
    expect(nobody).toEqual([]);
  });

  run(
    'lets root delete old logs (and only root), and applies the retention option to consumption logs',
    async () => {
      const { db } = fixture.server.context.logDatabase;
      const old = Math.floor(Date.now() / 1000) - 40 * 86_400;
      await db
        .insertInto('logs')
        .values([
          {
            user_id: 1,
            type: 2,
            created_at: old,
            content: 'old consume',
            username: '',
            token_name: '',
            model_name: '',
            group: '',
            ip: '',
          },
          {
            user_id: 1,
            type: 1,
            created_at: old,
            content: 'old topup',
            username: '',
            token_name: '',
            model_name: '',
            group: '',
            ip: '',
          },
        ])
        .execute();
      await fixture.setOption('LogRetentionDays', '30');
      const retention = await runRetention(fixture.server.context);
      expect(retention.logs).toBe(1);
      expect((await fixture.user.delete('/api/log/', { target_timestamp: old + 1 })).status).toBe(403);
      expect((await fixture.root.delete('/api/log/', { target_timestamp: 'soon' })).status).toBe(400);
      const deleted = await fixture.root.delete<number>('/api/log/', { target_timestamp: old + 1 });
      expect(deleted.body.data).toBe(1);
      const remaining = await db
        .selectFrom('logs')
        .select('content')
        .where('created_at', '<=', old)
        .execute();
      expect(remaining).toEqual([]);
      await fixture.setOption('LogRetentionDays', '0');
    },
  );
});

describe('the public price list', () => {
  const { fixture } = setUpRelayFixture();
  beforeAll(async () => {
    await fixture.addChannel({ key: 'pricing-list', models: 'gpt-4o,dall-e-3', group: 'default,vip' });
  });

  it('lists models with their billing type, ratios or price and groups, for visitors and users', async () => {
    const visitor = (await (
      await fetch(`${fixture.server.url}/api/pricing`)
    ).json()) as Required<PricingReply>;
    expect(visitor.success).toBe(true);
    expect(visitor.data.find((model) => model.model_name === 'gpt-4o')).toEqual({
      model_name: 'gpt-4o',
      quota_type: 0,
      model_ratio: 1.25,
      model_price: 0,
      completion_ratio: 4,
      enable_groups: ['default', 'vip'],
      // new-api's default tool prices (USD per 1,000 calls; docs/reference/pricing-tiers.md), gpt-4o's search dearer.
      tool_prices: { file_search: 2.5, google_search: 14, web_search: 10, web_search_preview: 25 },
    });
    expect(visitor.data.find((model) => model.model_name === 'dall-e-3')).toMatchObject({
      quota_type: 1,
      model_price: 0.04,
    });
    expect(visitor.group_ratio).toMatchObject({ default: 1 });
    expect(visitor.usable_group).toHaveProperty('default');
    const mine = await fixture.user.get('/api/pricing');
    expect(mine.body.usable_group).toHaveProperty('default');
    await fixture.setOption('GroupRatio', JSON.stringify({ default: 1, vip: 2 }));
    await fixture.setOption('GroupGroupRatio', JSON.stringify({ default: { vip: 1.5 } }));
    expect((await fixture.user.get('/api/pricing')).body.group_ratio).toEqual({ default: 1, vip: 1.5 });
    const anonymous = (await (
      await fetch(`${fixture.server.url}/api/pricing`)
    ).json()) as Required<PricingReply>;
    expect(anonymous.group_ratio).toEqual({ default: 1, vip: 2 });
  });
});
