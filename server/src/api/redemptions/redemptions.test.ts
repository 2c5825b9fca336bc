import { describe, expect } from 'vitest';
import type { RedemptionView } from '../../../../common/api/redemptions.ts';
import type { Page } from '../../../../common/api/reply.ts';
import type { AuthUser } from '../../auth/types.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import { type ApiClient, anonymousClient } from '../../test-support/test-server.ts';
import { setUpSite } from '../../test-support/test-site.ts';
import { createRedemptions, randomRedemptionKey } from './service.ts';

const matrix = await databaseMatrix();

describe.each(matrix)('redemption API on $name', (dialect) => {
  const {
    server,
    root,
    users: { admin, alice },
    run,
  } = setUpSite({ dialect, users: { admin: { username: 'admin1', role: 'admin' }, alice: 'alice' } });

  const createCodes = async (body: Record<string, unknown>) =>
    (await admin.post<string[]>('/api/redemption/', { name: 'gift', quota: 1000, count: 1, ...body })).body;
  const listAll = async () =>
    (await admin.get<Page<RedemptionView>>('/api/redemption/', { page_size: 100 })).body.data!;
  const codeByKey = async (key: string) => (await listAll()).items.find((item) => item.key === key)!;

  run('refuses normal users (403) and anonymous callers (401) on every management call', async () => {
    const anonymous = anonymousClient(server);
    const calls: [string, (client: ApiClient) => ReturnType<ApiClient['get']>][] = [
      ['list', (client) => client.get('/api/redemption/')],
      ['search', (client) => client.get('/api/redemption/search', { keyword: 'x' })],
      ['get', (client) => client.get('/api/redemption/1')],
      ['create', (client) => client.post('/api/redemption/', { name: 'x', quota: 1, count: 1 })],
      ['update', (client) => client.put('/api/redemption/', { id: 1, name: 'x', quota: 1 })],
      ['status', (client) => client.put('/api/redemption/?status_only=true', { id: 1, status: 2 })],
      ['delete', (client) => client.delete('/api/redemption/1/')],
      ['delete invalid', (client) => client.delete('/api/redemption/invalid')],
    ];
    for (const [name, call] of calls) {
      expect([name, (await call(alice)).status]).toEqual([name, 403]);
      expect([name, (await call(anonymous)).status]).toEqual([name, 401]);
    }
    expect((await anonymous.post('/api/user/topup', { key: 'x' })).status).toBe(401);
    expect((await listAll()).total).toBe(0);
  });

  run('creates a batch of distinct 32-character keys in one call, newest first', async () => {
    const reply = await createCodes({ name: '  batch  ', quota: 250000, count: 5 });
    expect(reply.message).toBe('');
    const keys = reply.data!;
    expect(keys).toHaveLength(5);
    expect(new Set(keys).size).toBe(5);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
    const page = await listAll();
    expect(page).toMatchObject({ page: 1, page_size: 100, total: 5 });
    expect(page.items.map((item) => item.key)).toEqual([...keys].reverse());
    const now = Math.floor(Date.now() / 1000);
    for (const item of page.items) {
      expect(item).toMatchObject({
        user_id: admin.currentUserId,
        status: 1,
        name: 'batch',
        quota: 250000,
        redeemed_time: 0,
        used_user_id: 0,
        expired_time: 0,
      });
      expect(Math.abs(item.created_time - now)).toBeLessThan(60);
    }
    const hundred = await createCodes({ name: 'hundred', count: 100 });
    expect(hundred.data).toHaveLength(100);
  });

  run('validates name, quota and count with clear messages and creates nothing', async () => {
    const before = (await listAll()).total;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'The redemption code name must be 1 to 20 characters long'],
      [{ name: '   ' }, 'The redemption code name must be 1 to 20 characters long'],
      [{ name: 'x'.repeat(21) }, 'The redemption code name must be 1 to 20 characters long'],
      [{ quota: 0 }, 'The quota must be a positive whole number'],
      [{ quota: -5 }, 'The quota must be a positive whole number'],
      [{ quota: 1.5 }, 'The quota must be a positive whole number'],
      [{ count: 0 }, 'The number of codes must be a whole number from 1 to 100'],
      [{ count: 101 }, 'The number of codes must be a whole number from 1 to 100'],
      [{ count: 2.5 }, 'The number of codes must be a whole number from 1 to 100'],
    ];
    for (const [body, message] of cases) {
      const reply = await createCodes(body);
      expect([body, reply.success, reply.message]).toEqual([body, false, message]);
    }
    expect((await createCodes({ name: '二十个字以内的中文名称也可以用' })).success).toBe(true);
    expect((await createCodes({ name: '兑'.repeat(21) })).success).toBe(false);
    const chinese = await admin
      .withHeaders({ 'Accept-Language': 'zh-CN' })
      .post('/api/redemption/', { name: 'x', quota: 0, count: 1 });
    expect(chinese.body.message).toBe('额度必须是正整数');
    expect((await admin.post('/api/redemption/', { name: 'x', quota: 'lots' })).status).toBe(400);
    expect((await listAll()).total).toBe(before + 1);
  });

  run('draws a fresh batch when a generated key collides with a stored one', async () => {
    const [existing] = (await createCodes({ name: 'existing' })).data!;
    const actor: AuthUser = {
      id: root.currentUserId!,
      username: 'root',
      displayName: 'root',
      role: 100,
      status: 1,
      group: 'default',
    };
    let calls = 0;
    const collidingFirst = () => {
      calls += 1;
      return calls === 2 ? existing! : randomRedemptionKey();
    };
    const keys = await createRedemptions(
      server.context,
      actor,
      { name: 'retry', quota: 10, count: 3 },
      collidingFirst,
    );
    expect(keys).toHaveLength(3);
    expect(keys).not.toContain(existing);
    expect(calls).toBe(6);
    const retried = (await admin.get<Page<RedemptionView>>('/api/redemption/search', { keyword: 'retry' }))
      .body.data!;
    expect(retried.items.map((item) => item.key).sort()).toEqual([...keys].sort());
    await expect(
      createRedemptions(server.context, actor, { name: 'never', quota: 10, count: 1 }, () => existing!),
    ).rejects.toThrow();
    const never = (await admin.get<Page<RedemptionView>>('/api/redemption/search', { keyword: 'never' })).body
      .data!;
    expect(never.total).toBe(0);
  });

  run('pages, searches by name or id, and reads one code', async () => {
    const page = (await admin.get<Page<RedemptionView>>('/api/redemption/', { p: 2, page_size: 3 })).body
      .data!;
    const all = await listAll();
    expect(page).toMatchObject({ page: 2, page_size: 3, total: all.total });
    expect(page.items.map((item) => item.id)).toEqual(all.items.slice(3, 6).map((item) => item.id));
    const byName = (await admin.get<Page<RedemptionView>>('/api/redemption/search', { keyword: 'atc' })).body
      .data!;
    expect(byName.total).toBe(5);
    expect(byName.items.every((item) => item.name === 'batch')).toBe(true);
    const target = all.items.find((item) => item.name === 'existing')!;
    const byId = (
      await admin.get<Page<RedemptionView>>('/api/redemption/search', { keyword: String(target.id) })
    ).body.data!;
    expect(byId.items.map((item) => item.id)).toContain(target.id);
    expect(byId.items.every((item) => item.id === target.id || item.name.includes(String(target.id)))).toBe(
      true,
    );
    const literal = (await admin.get<Page<RedemptionView>>('/api/redemption/search', { keyword: '%' })).body
      .data!;
    expect(literal.total).toBe(0);
    const one = await admin.get<RedemptionView>(`/api/redemption/${target.id}`);
    expect(one.body.data).toEqual(target);
    expect((await admin.get('/api/redemption/999999')).status).toBe(404);
    expect((await admin.get('/api/redemption/abc')).status).toBe(400);
  });

  run('edits name and quota only while unused', async () => {
    const [key] = (await createCodes({ name: 'editable', quota: 100 })).data!;
    const code = await codeByKey(key!);
    const edited = await admin.put<RedemptionView>('/api/redemption/', {
      id: code.id,
      name: 'edited',
      quota: 777,
    });
    expect(edited.body.message).toBe('');
    expect(edited.body.data).toMatchObject({ id: code.id, name: 'edited', quota: 777, status: 1, key });
    const invalid = await admin.put('/api/redemption/', { id: code.id, name: '', quota: 1 });
    expect(invalid.body.message).toBe('The redemption code name must be 1 to 20 characters long');
    const badQuota = await admin.put('/api/redemption/', { id: code.id, name: 'ok', quota: 0 });
    expect(badQuota.body.message).toBe('The quota must be a positive whole number');

    await admin.put('/api/redemption/?status_only=true', { id: code.id, status: 2 });
    const editDisabled = await admin.put('/api/redemption/', { id: code.id, name: 'nope', quota: 1 });
    expect(editDisabled.body).toMatchObject({
      success: false,
      message: 'Only unused redemption codes can be edited',
    });
    await admin.put('/api/redemption/?status_only=true', { id: code.id, status: 1 });
    expect((await alice.post('/api/user/topup', { key })).body.success).toBe(true);
    const editUsed = await admin.put('/api/redemption/', { id: code.id, name: 'nope', quota: 1 });
    expect(editUsed.body).toMatchObject({
      success: false,
      message: 'Only unused redemption codes can be edited',
    });
    expect(await codeByKey(key!)).toMatchObject({ name: 'edited', quota: 777, status: 3 });
    expect((await admin.put('/api/redemption/', { id: 999999, name: 'x', quota: 1 })).status).toBe(404);
  });

  run('toggles between unused and disabled; a used code keeps its status', async () => {
    const [key] = (await createCodes({ name: 'toggle' })).data!;
    const code = await codeByKey(key!);
    const disabled = await admin.put<RedemptionView>('/api/redemption/?status_only=true', {
      id: code.id,
      status: 2,
    });
    expect(disabled.body.data?.status).toBe(2);
    const refused = await alice.post('/api/user/topup', { key });
    expect(refused.body).toMatchObject({ success: false, message: 'Invalid redemption code' });
    const enabled = await admin.put<RedemptionView>('/api/redemption/?status_only=true', {
      id: code.id,
      status: 1,
    });
    expect(enabled.body.data?.status).toBe(1);
    for (const status of [0, 3, 4]) {
      const reply = await admin.put('/api/redemption/?status_only=true', { id: code.id, status });
      expect(reply.body.message).toBe('Status must be 1 (unused) or 2 (disabled)');
    }
    expect((await alice.post('/api/user/topup', { key })).body.success).toBe(true);
    for (const status of [1, 2]) {
      const reply = await admin.put('/api/redemption/?status_only=true', { id: code.id, status });
      expect(reply.body).toMatchObject({
        success: false,
        message: 'This redemption code has already been used: it cannot be enabled or disabled',
      });
    }
    expect((await codeByKey(key!)).status).toBe(3);
    expect((await admin.put('/api/redemption/?status_only=true', { status: 1 })).status).toBe(400);
  });

  run('deletes softly: gone from list, search and reads, kept in the table', async () => {
    const [key] = (await createCodes({ name: 'doomed' })).data!;
    const code = await codeByKey(key!);
    expect((await admin.delete(`/api/redemption/${code.id}/`)).body.success).toBe(true);
    expect((await admin.get(`/api/redemption/${code.id}`)).status).toBe(404);
    expect((await admin.delete(`/api/redemption/${code.id}/`)).status).toBe(404);
    expect((await listAll()).items.some((item) => item.id === code.id)).toBe(false);
    const search = (await admin.get<Page<RedemptionView>>('/api/redemption/search', { keyword: 'doomed' }))
      .body.data!;
    expect(search.total).toBe(0);
    const row = await server.context.database.db
      .selectFrom('redemptions')
      .select('deleted_at')
      .where('id', '=', code.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect((await alice.post('/api/user/topup', { key })).body.message).toBe('Invalid redemption code');
  });

  run('deletes every used, disabled or expired code at once and returns the count', async () => {
    const [used, disabled, expired, fresh] = (await createCodes({ name: 'sweep', count: 4 })).data!;
    expect((await alice.post('/api/user/topup', { key: used })).body.success).toBe(true);
    await admin.put('/api/redemption/?status_only=true', { id: (await codeByKey(disabled!)).id, status: 2 });
    const { db } = server.context.database;
    await db
      .updateTable('redemptions')
      .set({ expired_time: Math.floor(Date.now() / 1000) - 60 })
      .where('key', '=', expired!)
      .execute();
    const before = await listAll();
    const now = Math.floor(Date.now() / 1000);
    const invalidCount = before.items.filter(
      (item) => item.status !== 1 || (item.expired_time !== 0 && item.expired_time < now),
    ).length;
    expect(invalidCount).toBeGreaterThanOrEqual(3);
    const reply = await admin.delete<number>('/api/redemption/invalid');
    expect(reply.body).toMatchObject({ success: true, data: invalidCount });
    const after = await listAll();
    expect(after.total).toBe(before.total - invalidCount);
    expect(after.items.every((item) => item.status === 1 && item.expired_time === 0)).toBe(true);
    expect(after.items.map((item) => item.key)).toContain(fresh);
    expect((await admin.delete<number>('/api/redemption/invalid')).body.data).toBe(0);
  });
});
