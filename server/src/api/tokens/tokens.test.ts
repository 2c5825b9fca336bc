import { describe, expect } from 'vitest';
import type { Page } from '../../../../common/api/reply.ts';
import type { TokenView } from '../../../../common/api/tokens.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import type { ApiClient } from '../../test-support/test-server.ts';
import { setUpSite } from '../../test-support/test-site.ts';

const matrix = await databaseMatrix();

describe.each(matrix)('token API on $name', (dialect) => {
  const {
    server,
    users: { alice, bob },
    run,
  } = setUpSite({ dialect, users: ['alice', 'bob'] });
  const createToken = async (client: ApiClient, body: Record<string, unknown>) =>
    (await client.post<TokenView>('/api/token/', { remain_quota: 500000, expired_time: -1, ...body })).body;

  run('creates tokens with a 48-character key, defaults and the relay cache updated', async () => {
    const reply = await createToken(alice, { name: 'first', unlimited_quota: false });
    expect(reply.success).toBe(true);
    const token = reply.data!;
    expect(token.key).toMatch(/^[A-Za-z0-9]{48}$/);
    expect(token).toMatchObject({
      name: 'first',
      status: 1,
      remain_quota: 500000,
      expired_time: -1,
      unlimited_quota: false,
      group: '',
    });
    expect(server.context.accounts.tokenByKey(token.key)).toMatchObject({
      id: token.id,
      remainQuota: 500000,
    });
  });

  run('validates input with clear messages and creates nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'Token name cannot be empty'],
      [{ name: 'x'.repeat(51) }, 'Token name is too long (at most 50 characters)'],
      [{ name: 'q', remain_quota: -1 }, 'Quota must be a whole number of at least 0'],
      [{ name: 'e', expired_time: 0 }, 'Expiry time format error!'],
      [{ name: 'g', group: 'svip' }, 'You cannot use group "svip"'],
      [
        { name: 'i', allow_ips: '10.0.0.1\nnope\n10.0.0.0/99' },
        'Not an IP address or CIDR: nope, 10.0.0.0/99',
      ],
    ];
    for (const [body, message] of cases) expect((await createToken(alice, body)).message).toBe(message);
    const wrongType = await alice.post('/api/token/', { name: 'x', unlimited_quota: 'yes' });
    expect(wrongType.status).toBe(400);
    expect((await alice.get<Page<TokenView>>('/api/token/')).body.data?.total).toBe(1);
  });

  run('lists with paging (p=0 means the first page) and searches by name or key', async () => {
    for (const name of ['alpha', 'beta', 'gamma']) await createToken(alice, { name });
    const page = (await alice.get<Page<TokenView>>('/api/token/', { p: 0, size: 2 })).body.data!;
    expect(page).toMatchObject({ page: 1, page_size: 2, total: 4 });
    expect(page.items.map((token) => token.name)).toEqual(['gamma', 'beta']);
    const byName = (await alice.get<Page<TokenView>>('/api/token/search', { keyword: 'alp' })).body.data!;
    expect(byName.items.map((token) => token.name)).toEqual(['alpha']);
    const key = byName.items[0]!.key;
    const byKey = (await alice.get<Page<TokenView>>('/api/token/search', { token: `sk-${key.slice(0, 10)}` }))
      .body.data!;
    expect(byKey.items.map((token) => token.name)).toEqual(['alpha']);
  });

  run('keeps users to their own tokens', async () => {
    const mine = (await alice.get<Page<TokenView>>('/api/token/')).body.data!.items[0]!;
    expect((await bob.get(`/api/token/${mine.id}`)).status).toBe(404);
    expect((await bob.put('/api/token/', { id: mine.id, name: 'stolen' })).status).toBe(404);
    expect((await bob.delete(`/api/token/${mine.id}/`)).status).toBe(404);
    expect((await bob.get<Page<TokenView>>('/api/token/')).body.data?.total).toBe(0);
  });

  run('updates fields and status; refuses to enable expired or used-up tokens', async () => {
    const token = (await createToken(alice, { name: 'edit-me' })).data!;
    const updated = await alice.put<TokenView>('/api/token/', {
      id: token.id,
      name: 'edited',
      model_limits_enabled: true,
      model_limits: 'gpt-4o, gpt-4o-mini,gpt-4o',
      allow_ips: '127.0.0.1\n10.0.0.0/8',
    });
    expect(updated.body.message).toBe('');
    expect(updated.body.data).toMatchObject({
      name: 'edited',
      model_limits_enabled: true,
      model_limits: 'gpt-4o,gpt-4o-mini',
    });
    const cached = server.context.accounts.token(token.id)!;
    expect([...(cached.modelLimits ?? [])]).toEqual(['gpt-4o', 'gpt-4o-mini']);
    expect(cached.allowIps?.allows('10.1.2.3')).toBe(true);
    await alice.put('/api/token/?status_only=true', { id: token.id, status: 2 });
    expect(server.context.accounts.token(token.id)?.status).toBe(2);
    await alice.put('/api/token/?status_only=true', { id: token.id, status: 1 });
    const expiredSave = await alice.put<TokenView>('/api/token/', {
      id: token.id,
      expired_time: Math.floor(Date.now() / 1000) - 10,
    });
    expect(expiredSave.body.data?.status).toBe(3);
    const enableExpired = await alice.put('/api/token/?status_only=true', { id: token.id, status: 1 });
    expect(enableExpired.body.message).toMatch(/^The token has expired and cannot be enabled/);
    await alice.put('/api/token/', { id: token.id, expired_time: -1, remain_quota: 0 });
    const enableEmpty = await alice.put('/api/token/?status_only=true', { id: token.id, status: 1 });
    expect(enableEmpty.body.message).toMatch(/^The token quota is used up and it cannot be enabled/);
    await alice.put('/api/token/', { id: token.id, unlimited_quota: true });
    expect((await alice.put('/api/token/?status_only=true', { id: token.id, status: 1 })).body.success).toBe(
      true,
    );
    expect((await alice.put('/api/token/?status_only=true', { id: token.id, status: 4 })).body.message).toBe(
      'Status must be 1 (enabled) or 2 (disabled)',
    );
  });

  run('deletes softly and removes the key from the relay cache', async () => {
    const token = (await createToken(alice, { name: 'short-lived' })).data!;
    expect((await alice.delete(`/api/token/${token.id}/`)).body.success).toBe(true);
    expect(server.context.accounts.tokenByKey(token.key)).toBeUndefined();
    expect((await alice.get(`/api/token/${token.id}`)).status).toBe(404);
    const row = await server.context.database.db
      .selectFrom('tokens')
      .select('deleted_at')
      .where('id', '=', token.id)
      .executeTakeFirst();
    expect(row?.deleted_at).not.toBeNull();
    // As new-api's GORM writes it (and as users and redemptions are deleted): text on SQLite, a timestamp elsewhere.
    if (dialect.name === 'sqlite')
      expect(String(row?.deleted_at)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\+00:00$/);
    else expect(row?.deleted_at).toBeInstanceOf(Date);
  });
});
