/**
 * GET /api/data/channel_cache (./channel-cache.ts) through real relay calls: the fake upstream reports
 * cached prompt tokens per channel key, the log rows carry them, and the report sums them per channel on
 * each database.
 */
import { beforeAll, describe, expect } from 'vitest';
import { databaseMatrix } from '../../test-support/databases.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';
import type { ChannelCacheReport } from './channel-cache.ts';

const matrix = await databaseMatrix();

describe.each(matrix)('cache hits per channel on $name', (dialect) => {
  const { fixture, run } = setUpRelayFixture({ dialect });
  let warm: number;
  let cold: number;
  const started = Math.floor(Date.now() / 1000) - 1;

  beforeAll(async () => {
    if (dialect.skipReason) return;
    warm = await fixture.addChannel({ key: 'cache-warm', models: 'gpt-4o', name: 'warm' });
    cold = await fixture.addChannel({ key: 'cache-cold', models: 'gpt-4o-mini', name: 'cold' });
    fixture.upstream.setBehaviorForKey('cache-warm', {
      promptTokens: 1000,
      cachedTokens: 750,
      replyText: 'x',
    });
    fixture.upstream.setBehaviorForKey('cache-cold', { promptTokens: 200, cachedTokens: 0, replyText: 'x' });
    for (const model of ['gpt-4o', 'gpt-4o', 'gpt-4o-mini']) {
      await fixture.openai.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
    }
    await fixture.flush();
  });

  run('sums requests, prompt and cache-read tokens per channel, with the hit rate', async () => {
    const reply = await fixture.root.get<ChannelCacheReport>('/api/data/channel_cache', {
      start_timestamp: started,
      end_timestamp: started + 3600,
    });
    expect(reply.status).toBe(200);
    const report = reply.body.data!;
    expect(report.channels).toEqual([
      {
        channel_id: warm,
        channel_name: 'warm',
        requests: 2,
        prompt_tokens: 2000,
        cache_tokens: 1500,
        hit_rate: 0.75,
      },
      {
        channel_id: cold,
        channel_name: 'cold',
        requests: 1,
        prompt_tokens: 200,
        cache_tokens: 0,
        hit_rate: 0,
      },
    ]);
    expect(report).toMatchObject({ rows_read: 3, truncated: false });
  });

  run('counts only the range asked for', async () => {
    const report = (
      await fixture.root.get<ChannelCacheReport>('/api/data/channel_cache', {
        start_timestamp: started - 7200,
        end_timestamp: started - 3600,
      })
    ).body.data!;
    expect(report.channels).toEqual([]);
  });

  run.each([
    ['longer than 31 days', { start_timestamp: 0, end_timestamp: 32 * 86_400 }, '31'],
    ['ending before it starts', { start_timestamp: 100, end_timestamp: 50 }, '31'],
    ['not numbers', { start_timestamp: 'yesterday' }, '31'],
  ])('refuses a range %s with a message in both languages', async (_name, query, days) => {
    const en = await fixture.root.get('/api/data/channel_cache', query);
    expect(en.status).toBe(400);
    expect(en.body.message).toContain(`${days} days`);
    const zh = await fixture.root
      .withHeaders({ 'Accept-Language': 'zh-CN' })
      .get('/api/data/channel_cache', query);
    expect(zh.body.message).toContain(`${days} 天`);
  });

  run('is for admins only', async () => {
    expect((await fixture.user.get('/api/data/channel_cache')).status).toBe(403);
  });
});
