import { describe, expect } from 'vitest';
import { databaseMatrix } from '../../test-support/databases.ts';
import { startFakePriceSource } from '../../test-support/fake-price-source.ts';
import { type ApiClient, anonymousClient } from '../../test-support/test-server.ts';
import { setUpResource, setUpSite } from '../../test-support/test-site.ts';

const matrix = await databaseMatrix();

interface Preview {
  differences: Record<string, Record<string, { current: number | null; upstreams: Record<string, unknown> }>>;
  prices: Record<string, unknown>;
  test_results: { name: string; status: string; format?: string; error?: string }[];
}

async function optionMap(root: ApiClient, key: string): Promise<Record<string, number>> {
  const options = (await root.get<{ key: string; value: string }[]>('/api/option/')).body.data!;
  return JSON.parse(options.find((option) => option.key === key)?.value ?? '{}');
}

describe.each(matrix)('price sync on $name', (dialect) => {
  const source = setUpResource(
    () =>
      startFakePriceSource({
        pricing: [
          // Another gateway prices sync-a higher, adds sync-new, and lists sync-b at the same ratio.
          {
            model_name: 'sync-a',
            quota_type: 0,
            model_ratio: 1.5,
            model_price: 0,
            completion_ratio: 4,
            enable_groups: ['default'],
          },
          {
            model_name: 'sync-b',
            quota_type: 0,
            model_ratio: 2,
            model_price: 0,
            completion_ratio: 1,
            enable_groups: ['default'],
          },
          {
            model_name: 'sync-new',
            quota_type: 0,
            model_ratio: 0.075,
            model_price: 0,
            completion_ratio: 3,
            enable_groups: ['default'],
          },
          {
            model_name: 'sync-call',
            quota_type: 1,
            model_ratio: 0,
            model_price: 0.04,
            completion_ratio: 0,
            enable_groups: ['default'],
          },
        ],
        openRouter: [
          {
            id: 'sync-a',
            pricing: { prompt: '0.0000025', completion: '0.00001', input_cache_read: '0.00000125' },
          },
        ],
        modelsDev: {
          vendor: {
            id: 'vendor',
            name: 'Vendor',
            models: { 'sync-b': { id: 'sync-b', name: 'B', cost: { input: 3, output: 15 } } },
          },
        },
      }),
    dialect,
  );
  const {
    server,
    root,
    users: { admin },
    run,
  } = setUpSite({
    dialect,
    users: { admin: { username: 'syncadmin', role: 'admin' } },
    options: {
      ModelRatio: JSON.stringify({ 'sync-a': 1, 'sync-b': 2, 'sync-call': 3 }),
      CompletionRatio: JSON.stringify({ 'sync-a': 4, 'sync-b': 1 }),
      ModelPrice: JSON.stringify({ 'sync-call': 0.02 }),
    },
  });

  run('is root only: administrators get 403, visitors 401, and nothing is fetched or written', async () => {
    const before = source.requests.length;
    for (const client of [admin, anonymousClient(server)]) {
      const expected = client === admin ? 403 : 401;
      expect((await client.get('/api/ratio_sync/channels')).status).toBe(expected);
      expect(
        (await client.post('/api/ratio_sync/fetch', { upstreams: [{ name: 'x', base_url: source.url }] }))
          .status,
      ).toBe(expected);
      expect(
        (await client.post('/api/ratio_sync/apply', { changes: { 'sync-a': { model_ratio: 9 } } })).status,
      ).toBe(expected);
    }
    expect(source.requests.length).toBe(before);
    expect((await optionMap(root, 'ModelRatio'))['sync-a']).toBe(1);
  });

  run('previews the differences of each source, then applies only the chosen rows, exactly', async () => {
    const preview = await root.post<Preview>('/api/ratio_sync/fetch', {
      upstreams: [
        { name: 'gateway', base_url: source.url },
        { name: 'openrouter', base_url: `${source.url}/api`, endpoint: 'openrouter' },
        { name: 'models.dev', base_url: source.url, endpoint: `${source.url}/api.json` },
        { name: 'down', base_url: source.url, endpoint: '/missing' },
      ],
    });
    expect(preview.status).toBe(200);
    const { differences, test_results } = preview.body.data!;
    expect(test_results).toEqual([
      { name: 'gateway', status: 'success', format: 'pricing' },
      { name: 'openrouter', status: 'success', format: 'openrouter' },
      { name: 'models.dev', status: 'success', format: 'models.dev' },
      { name: 'down', status: 'error', error: expect.stringContaining('404') },
    ]);
    expect(differences['sync-a']).toEqual({
      model_ratio: {
        current: 1,
        upstreams: { gateway: 1.5, openrouter: 1.25, 'models.dev': null },
        confidence: { gateway: true, openrouter: true, 'models.dev': true },
      },
      cache_ratio: {
        current: null,
        upstreams: { gateway: null, openrouter: 0.5, 'models.dev': null },
        confidence: { gateway: true, openrouter: true, 'models.dev': true },
      },
    });
    expect(differences['sync-b']).toMatchObject({
      model_ratio: { current: 2, upstreams: { gateway: 'same', openrouter: null, 'models.dev': 1.5 } },
      completion_ratio: { current: 1, upstreams: { gateway: 'same', 'models.dev': 5 } },
    });
    expect(differences['sync-new']).toMatchObject({
      model_ratio: { current: null, upstreams: { gateway: 0.075 } },
      completion_ratio: { current: null, upstreams: { gateway: 3 } },
    });
    expect(differences['sync-call']).toEqual({
      model_price: {
        current: 0.02,
        upstreams: { gateway: 0.04, openrouter: null, 'models.dev': null },
        confidence: { gateway: true, openrouter: true, 'models.dev': true },
      },
    });
    // The preview changed nothing.
    expect((await optionMap(root, 'ModelRatio'))['sync-a']).toBe(1);

    const applied = await root.post<{ applied: number; options: string[] }>('/api/ratio_sync/apply', {
      changes: {
        'sync-a': { model_ratio: 1.25, cache_ratio: 0.5 },
        'sync-new': { model_ratio: 0.075, completion_ratio: 3 },
      },
    });
    expect(applied.body.data).toEqual({
      applied: 4,
      options: ['ModelRatio', 'CompletionRatio', 'CacheRatio'],
    });
    const ratios = await optionMap(root, 'ModelRatio');
    expect([ratios['sync-a'], ratios['sync-b'], ratios['sync-new'], ratios['sync-call']]).toEqual([
      1.25, 2, 0.075, 3,
    ]);
    expect((await optionMap(root, 'CompletionRatio'))['sync-new']).toBe(3);
    expect((await optionMap(root, 'CacheRatio'))['sync-a']).toBe(0.5);
    expect((await optionMap(root, 'ModelPrice'))['sync-call']).toBe(0.02);

    // The next preview no longer shows what was applied.
    const after = (
      await root.post<Preview>('/api/ratio_sync/fetch', {
        upstreams: [{ name: 'gateway', base_url: source.url }],
      })
    ).body.data!;
    expect(after.differences['sync-new']).toBeUndefined();
    expect(after.differences['sync-a']?.model_ratio).toMatchObject({
      current: 1.25,
      upstreams: { gateway: 1.5 },
    });

    // A ratio chosen for a per-call model turns it into a per-token model.
    await root.post('/api/ratio_sync/apply', { changes: { 'sync-call': { model_ratio: 0.5 } } });
    expect((await optionMap(root, 'ModelPrice'))['sync-call']).toBeUndefined();
    expect((await optionMap(root, 'ModelRatio'))['sync-call']).toBe(0.5);
  });

  run('refuses bad input with 400 and its own message, and changes nothing', async () => {
    const before = await optionMap(root, 'ModelRatio');
    const refused = [
      ['/api/ratio_sync/fetch', {}, 'Choose at least one price source'],
      [
        '/api/ratio_sync/fetch',
        { upstreams: [{ name: 'ftp', base_url: 'ftp://127.0.0.1/x' }] },
        'Price source "ftp" must be an http(s) address',
      ],
      [
        '/api/ratio_sync/fetch',
        { upstreams: [{ name: 'words', base_url: 'not an address' }] },
        'Price source "words" is not a valid address',
      ],
      [
        '/api/ratio_sync/fetch',
        { upstreams: [{ name: 'meta', base_url: 'http://169.254.169.254' }] },
        /^Price source "meta" is refused: ./,
      ],
      ['/api/ratio_sync/apply', { changes: {} }, 'Choose at least one change to apply'],
      ['/api/ratio_sync/apply', { changes: { 'sync-a': { model_ratio: -1 } } }, null],
      ['/api/ratio_sync/apply', { changes: { 'sync-a': { model_ratio: 'x' } } }, null],
      ['/api/ratio_sync/apply', { changes: { 'sync-a': { image_ratio: 2 } } }, null],
    ] as const;
    for (const [path, body, message] of refused) {
      const reply = await root.post(path, body);
      expect([path, body, reply.status]).toEqual([path, body, 400]);
      if (typeof message === 'string') expect(reply.body.message).toBe(message);
      else if (message) expect(reply.body.message).toMatch(message);
    }
    const chinese = root.withHeaders({ 'Accept-Language': 'zh-CN' });
    const zhTexts = [
      [{}, '请至少选择一个价格来源'],
      [{ upstreams: [{ name: 'ftp', base_url: 'ftp://127.0.0.1/x' }] }, '价格来源「ftp」必须是 http(s) 地址'],
      [{ upstreams: [{ name: 'words', base_url: 'not an address' }] }, '价格来源「words」不是有效的地址'],
    ] as const;
    for (const [body, message] of zhTexts)
      expect((await chinese.post('/api/ratio_sync/fetch', body)).body.message).toBe(message);
    expect((await chinese.post('/api/ratio_sync/apply', { changes: {} })).body.message).toBe(
      '请至少选择一项要应用的更改',
    );
    expect(await optionMap(root, 'ModelRatio')).toEqual(before);
  });

  run('offers new-api presets, saved sources and channels with an http(s) address', async () => {
    await root.put('/api/option/', {
      key: 'PriceSyncSources',
      value: JSON.stringify([`${source.url}/api/ratio_config`]),
    });
    const offered = (
      await root.get<{ id: number; name: string; base_url: string }[]>('/api/ratio_sync/channels')
    ).body.data!;
    expect(offered.map((entry) => entry.id).slice(0, 3)).toEqual([-100, -101, -200]);
    expect(offered[2]).toMatchObject({ base_url: `${source.url}/api/ratio_config` });
  });

  run('serves /api/ratio_config only while ExposeRatioEnabled is on', async () => {
    const visitor = anonymousClient(server);
    expect((await visitor.get('/api/ratio_config')).status).toBe(403);
    await root.put('/api/option/', { key: 'ExposeRatioEnabled', value: 'true' });
    const exposed = await visitor.get<{ model_ratio: Record<string, number> }>('/api/ratio_config');
    expect(exposed.body.data?.model_ratio['sync-b']).toBe(2);
    await root.put('/api/option/', { key: 'ExposeRatioEnabled', value: 'false' });
  });
});
