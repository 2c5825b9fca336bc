import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from '../../db/connect.ts';
import { createSqliteDatabase, databaseMatrix } from '../../test-support/databases.ts';
import { type ApiClient, anonymousClient, startTestSite } from '../../test-support/test-server.ts';
import { setUpSite } from '../../test-support/test-site.ts';

const matrix = await databaseMatrix();

/** A channel serving `models` (never called: the price list only needs it to exist). */
async function addChannel(root: ApiClient, models: string, group = 'default'): Promise<void> {
  const reply = await root.post('/api/channel/', {
    type: 1,
    name: `catalogue-${models}`,
    key: 'sk-catalogue',
    base_url: 'http://127.0.0.1:9',
    models,
    group,
  });
  expect(reply.body.success).toBe(true);
}

interface PricingEntry {
  model_name: string;
  vendor_id?: number;
  description?: string;
  icon?: string;
  tags?: string;
  context_length?: number;
  supported_endpoint_types?: string[];
  enable_groups: string[];
}
interface PricingBody {
  success: boolean;
  data: PricingEntry[];
  vendors?: { id: number; name: string; icon?: string }[];
}

async function pricing(client: ApiClient, query: Record<string, string> = {}): Promise<PricingBody> {
  return (await client.get('/api/pricing', query)).body as unknown as PricingBody;
}

describe.each(matrix)('model catalogue API on $name', (dialect) => {
  const {
    server,
    root,
    users: { admin, alice },
    run,
  } = setUpSite({ dialect, users: { admin: { username: 'catadmin', role: 'admin' }, alice: 'alice' } });

  run(
    'refuses normal users (403) and visitors (401) on every catalogue route, and changes nothing',
    async () => {
      const anonymous = anonymousClient(server);
      const calls: [string, (client: ApiClient) => ReturnType<ApiClient['get']>][] = [
        ['vendors', (client) => client.get('/api/vendors/')],
        ['vendor search', (client) => client.get('/api/vendors/search', { keyword: 'x' })],
        ['vendor', (client) => client.get('/api/vendors/1')],
        ['vendor create', (client) => client.post('/api/vendors/', { name: 'Evil' })],
        ['vendor update', (client) => client.put('/api/vendors/', { id: 1, name: 'Evil' })],
        ['vendor delete', (client) => client.delete('/api/vendors/1')],
        ['models', (client) => client.get('/api/models/search')],
        ['missing', (client) => client.get('/api/models/missing')],
        ['model', (client) => client.get('/api/models/1')],
        ['model create', (client) => client.post('/api/models/', { model_name: 'evil' })],
        ['model update', (client) => client.put('/api/models/', { id: 1, model_name: 'evil' })],
        ['model delete', (client) => client.delete('/api/models/1')],
      ];
      for (const [name, call] of calls) {
        expect([name, (await call(alice)).status]).toEqual([name, 403]);
        expect([name, (await call(anonymous)).status]).toEqual([name, 401]);
      }
      expect((await admin.get<{ total: number }>('/api/vendors/')).body.data?.total).toBe(0);
      expect((await admin.get<{ total: number }>('/api/models/search')).body.data?.total).toBe(0);
    },
  );

  run('creates, reads, searches, updates and deletes vendors and models; names stay unique', async () => {
    const vendor = await admin.post<{ id: number; name: string; status: number }>('/api/vendors/', {
      name: 'OpenAI',
      description: 'GPT models',
      icon: 'OpenAI',
    });
    expect(vendor.body).toMatchObject({ success: true, data: { name: 'OpenAI', status: 1 } });
    const vendorId = vendor.body.data!.id;
    const duplicate = await admin.post('/api/vendors/', { name: 'OpenAI' });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.message).toBe('A vendor named "OpenAI" already exists');
    expect(
      (await admin.withHeaders({ 'Accept-Language': 'zh-CN' }).post('/api/vendors/', { name: 'OpenAI' })).body
        .message,
    ).toBe('供应商名称「OpenAI」已存在');

    const model = await admin.post<{ id: number; model_name: string; vendor_id: number; tags: string }>(
      '/api/models/',
      {
        model_name: 'gpt-4o',
        vendor_id: vendorId,
        description: 'Omni model',
        icon: 'OpenAI',
        tags: 'vision,tools',
        endpoints: '["openai"]',
        context_length: 128000,
        max_output_tokens: 16384,
      },
    );
    expect(model.body).toMatchObject({
      success: true,
      data: {
        model_name: 'gpt-4o',
        vendor_id: vendorId,
        tags: 'vision,tools',
        context_length: 128000,
        name_rule: 0,
      },
    });
    const modelId = model.body.data!.id;
    // Refused input changes nothing.
    const taken = await admin.post('/api/models/', { model_name: 'gpt-4o' });
    expect([taken.status, taken.body.message]).toEqual([400, 'A model named "gpt-4o" already exists']);
    expect((await admin.post('/api/models/', { model_name: 'x', endpoints: '{not json' })).status).toBe(400);
    const noVendor = await admin.post('/api/models/', { model_name: 'x', vendor_id: 999_999 });
    expect([noVendor.status, noVendor.body.message]).toEqual([400, 'Vendor 999999 does not exist']);
    const noVendorZh = await admin
      .withHeaders({ 'Accept-Language': 'zh' })
      .post('/api/models/', { model_name: 'x', vendor_id: 999_999 });
    expect(noVendorZh.body.message).toBe('供应商 999999 不存在');
    const noId = await admin.put('/api/models/', { model_name: 'x' });
    expect([noId.status, noId.body.message]).toEqual([400, 'The id is required']);
    const noVendorId = await admin
      .withHeaders({ 'Accept-Language': 'zh' })
      .put('/api/vendors/', { name: 'x' });
    expect([noVendorId.status, noVendorId.body.message]).toEqual([400, '缺少 id']);
    expect((await admin.post('/api/models/', { model_name: 'x', name_rule: 7 })).status).toBe(400);
    expect((await admin.post('/api/models/', { model_name: 'x', surprise: 1 })).status).toBe(400);

    const list = await admin.get<{
      items: { model_name: string }[];
      total: number;
      vendor_counts: Record<string, number>;
    }>('/api/models/search', { vendor: 'openai' });
    expect(list.body.data).toMatchObject({ total: 1, vendor_counts: { [vendorId]: 1 } });
    expect(list.body.data!.items.map((item) => item.model_name)).toEqual(['gpt-4o']);
    expect(
      (await admin.get<{ total: number }>('/api/models/search', { keyword: 'Omni' })).body.data?.total,
    ).toBe(1);
    expect(
      (await admin.get<{ total: number }>('/api/models/search', { keyword: 'nothing' })).body.data?.total,
    ).toBe(0);
    expect(
      (await admin.get<{ items: { model_count: number }[] }>('/api/vendors/search', { keyword: 'GPT' })).body
        .data?.items,
    ).toEqual([expect.objectContaining({ id: vendorId, model_count: 1 })]);

    const updated = await admin.put<{ description: string; status: number }>('/api/models/', {
      id: modelId,
      model_name: 'gpt-4o',
      vendor_id: vendorId,
      description: 'Updated',
      tags: 'vision',
    });
    expect(updated.body.data).toMatchObject({ description: 'Updated', status: 1 });
    const disabled = await admin.put<{ status: number }>('/api/models/?status_only=true', {
      id: modelId,
      status: 0,
    });
    expect(disabled.body.data?.status).toBe(0);
    expect((await admin.get<{ description: string }>(`/api/models/${modelId}`)).body.data?.description).toBe(
      'Updated',
    );

    expect((await admin.put('/api/vendors/', { id: vendorId, name: 'OpenAI Inc.' })).body.success).toBe(true);
    expect((await admin.get<{ name: string }>(`/api/vendors/${vendorId}`)).body.data?.name).toBe(
      'OpenAI Inc.',
    );

    expect((await admin.delete(`/api/models/${modelId}`)).body.success).toBe(true);
    const gone = await admin.get(`/api/models/${modelId}`);
    expect([gone.status, gone.body.message]).toEqual([404, 'Model not found']);
    const goneZh = await admin.withHeaders({ 'Accept-Language': 'zh' }).get(`/api/models/${modelId}`);
    expect(goneZh.body.message).toBe('模型不存在');
    const noVendorRow = await admin.get('/api/vendors/999999');
    expect([noVendorRow.status, noVendorRow.body.message]).toEqual([404, 'Vendor not found']);
    // A deleted name can be used again (new-api's unique index includes deleted_at).
    const again = await admin.post<{ id: number }>('/api/models/', { model_name: 'gpt-4o' });
    expect(again.body.success).toBe(true);
    await admin.delete(`/api/models/${again.body.data!.id}`);
    expect((await admin.delete(`/api/vendors/${vendorId}`)).body.success).toBe(true);
    expect((await admin.get<{ total: number }>('/api/vendors/')).body.data?.total).toBe(0);
  });

  run(
    'the price list shows vendor, icon, description and tags, and filters by vendor, tag and group',
    async () => {
      await addChannel(root, 'claude-sonnet-4,claude-haiku-4,gpt-4o-mini', 'default');
      await addChannel(root, 'gpt-4o-mini', 'vip');
      const anthropic = (
        await admin.post<{ id: number }>('/api/vendors/', { name: 'Anthropic', icon: 'Claude' })
      ).body.data!.id;
      const openai = (await admin.post<{ id: number }>('/api/vendors/', { name: 'OpenAI', icon: 'OpenAI' }))
        .body.data!.id;
      // A prefix rule describes every claude-* model; an exact entry wins over it.
      await admin.post('/api/models/', {
        model_name: 'claude-',
        name_rule: 1,
        vendor_id: anthropic,
        description: 'Claude family',
        tags: 'reasoning,tools',
        context_length: 200000,
      });
      await admin.post('/api/models/', {
        model_name: 'claude-haiku-4',
        vendor_id: anthropic,
        description: 'Fast Claude',
        tags: 'Tools',
        endpoints: '{"anthropic":{"path":"/v1/messages"}}',
      });
      await admin.post('/api/models/', {
        model_name: 'gpt-4o-mini',
        vendor_id: openai,
        icon: 'OpenAI',
        tags: 'vision',
      });

      const visitor = anonymousClient(server);
      const all = await pricing(visitor);
      const byName = Object.fromEntries(all.data.map((entry) => [entry.model_name, entry]));
      expect(byName['claude-sonnet-4']).toMatchObject({
        vendor_id: anthropic,
        description: 'Claude family',
        tags: 'reasoning,tools',
        context_length: 200000,
      });
      expect(byName['claude-haiku-4']).toMatchObject({
        vendor_id: anthropic,
        description: 'Fast Claude',
        supported_endpoint_types: ['anthropic'],
      });
      expect(byName['gpt-4o-mini']).toMatchObject({
        vendor_id: openai,
        icon: 'OpenAI',
        enable_groups: ['default', 'vip'],
      });
      expect(all.vendors).toEqual([
        { id: anthropic, name: 'Anthropic', icon: 'Claude' },
        { id: openai, name: 'OpenAI', icon: 'OpenAI' },
      ]);

      const names = (body: PricingBody) => body.data.map((entry) => entry.model_name).sort();
      expect(names(await pricing(visitor, { vendor: 'anthropic' }))).toEqual([
        'claude-haiku-4',
        'claude-sonnet-4',
      ]);
      expect(names(await pricing(visitor, { vendor: String(openai) }))).toEqual(['gpt-4o-mini']);
      expect(names(await pricing(visitor, { vendor: 'nobody' }))).toEqual([]);
      expect(names(await pricing(visitor, { tag: 'tools' }))).toEqual(['claude-haiku-4', 'claude-sonnet-4']);
      expect(names(await pricing(visitor, { tag: 'vision', group: 'vip' }))).toEqual(['gpt-4o-mini']);
      expect(names(await pricing(visitor, { vendor: 'anthropic', group: 'vip' }))).toEqual([]);

      // A disabled entry no longer describes its model; the list answers at once after a change here.
      const entries = (await admin.get<{ items: { id: number; model_name: string }[] }>('/api/models/search'))
        .body.data!.items;
      const haiku = entries.find((entry) => entry.model_name === 'claude-haiku-4')!;
      await admin.put('/api/models/?status_only=true', { id: haiku.id, status: 0 });
      expect(
        (await pricing(visitor)).data.find((entry) => entry.model_name === 'claude-haiku-4'),
      ).toMatchObject({
        description: 'Claude family',
      });
      expect((await admin.get<string[]>('/api/models/missing')).body.data).not.toContain('claude-haiku-4');
    },
  );
});

describe('an adopted new-api database', () => {
  it("reads its vendors and models rows as new-api's GORM wrote them, soft deletes included", async () => {
    const database = await createSqliteDatabase();
    const handle = connectDatabase(database.target);
    // new-api's tables as GORM creates them on SQLite (an older release: no context_length and later columns).
    await sql`CREATE TABLE vendors (id integer PRIMARY KEY AUTOINCREMENT, name text NOT NULL, description text,
      icon varchar(128), status integer DEFAULT 1, created_time bigint, updated_time bigint, deleted_at datetime)`.execute(
      handle.db,
    );
    await sql`CREATE UNIQUE INDEX uk_vendor_name_delete_at ON vendors(name, deleted_at)`.execute(handle.db);
    await sql`CREATE TABLE models (id integer PRIMARY KEY AUTOINCREMENT, model_name text NOT NULL, description text,
      icon varchar(128), tags varchar(255), vendor_id integer, endpoints text, status integer DEFAULT 1,
      sync_official integer DEFAULT 1, created_time bigint, updated_time bigint, deleted_at datetime,
      name_rule integer DEFAULT 0)`.execute(handle.db);
    await sql`INSERT INTO vendors (id, name, description, icon, status, created_time, updated_time)
      VALUES (7, 'DeepSeek', 'DeepSeek AI', 'DeepSeek.Color', 1, 1750000000, 1750000000)`.execute(handle.db);
    await sql`INSERT INTO models (id, model_name, description, icon, tags, vendor_id, endpoints, status, name_rule,
      created_time, updated_time, deleted_at) VALUES
      (3, 'deepseek-chat', 'Chat model', 'DeepSeek.Color', 'tools,chat', 7, '["openai"]', 1, 0, 1750000000, 1750000000, NULL),
      (4, 'deepseek-reasoner', 'Old entry', '', 'reasoning', 7, '', 1, 0, 1750000000, 1750000000,
       '2025-06-01 10:00:00.000+00:00')`.execute(handle.db);
    await handle.close();

    const site = await startTestSite({ database });
    try {
      await addChannel(site.root, 'deepseek-chat,deepseek-reasoner');
      const list = await site.root.get<{
        items: { id: number; model_name: string; vendor_id: number }[];
        total: number;
      }>('/api/models/search');
      expect(list.body.data).toMatchObject({
        total: 1,
        items: [{ id: 3, model_name: 'deepseek-chat', vendor_id: 7 }],
      });
      const body = await pricing(anonymousClient(site.server));
      expect(body.vendors).toEqual([
        { id: 7, name: 'DeepSeek', description: 'DeepSeek AI', icon: 'DeepSeek.Color' },
      ]);
      expect(body.data.find((entry) => entry.model_name === 'deepseek-chat')).toMatchObject({
        vendor_id: 7,
        description: 'Chat model',
        tags: 'tools,chat',
        supported_endpoint_types: ['openai'],
      });
      // The soft-deleted row describes nothing.
      expect(body.data.find((entry) => entry.model_name === 'deepseek-reasoner')).not.toHaveProperty(
        'description',
      );
      // Columns of later releases were added; editing the adopted row keeps its id.
      const edited = await site.root.put<{ id: number; context_length: number }>('/api/models/', {
        id: 3,
        model_name: 'deepseek-chat',
        vendor_id: 7,
        context_length: 64000,
      });
      expect(edited.body.data).toMatchObject({ id: 3, context_length: 64000 });
    } finally {
      await site.close();
    }
  });
});
