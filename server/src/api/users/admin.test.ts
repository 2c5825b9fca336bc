import { describe, expect } from 'vitest';
import type { ManageResult, Page, UserView } from '../../../../common/api-types.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import { type ApiClient, anonymousClient, createUserAndLogin } from '../../test-support/test-server.ts';
import { setUpSite } from '../../test-support/test-site.ts';

const matrix = await databaseMatrix();

describe.each(matrix)('user management on $name', (dialect) => {
  const {
    server,
    root,
    users: { admin, otherAdmin, common },
    run,
  } = setUpSite({
    dialect,
    users: {
      admin: { username: 'admin1', role: 'admin' },
      otherAdmin: { username: 'admin2', role: 'admin' },
      common: 'user1',
    },
  });
  const idOf = (client: ApiClient) => client.currentUserId!;

  run('keeps normal users out of admin calls and visitors out of everything', async () => {
    expect((await common.get('/api/user/')).status).toBe(403);
    expect((await common.get('/api/group/')).status).toBe(403);
    expect((await common.post('/api/user/manage', { id: idOf(common), action: 'promote' })).status).toBe(403);
    expect((await anonymousClient(server).get('/api/user/')).status).toBe(401);
  });

  run('enforces read and update rank rules', async () => {
    expect((await admin.get(`/api/user/${idOf(common)}`)).body.success).toBe(true);
    const readRoot = await admin.get(`/api/user/${idOf(root)}`);
    expect(readRoot.status).toBe(403);
    expect(readRoot.body.message).toBe('You cannot read users of the same or higher level');
    expect((await admin.get(`/api/user/${idOf(otherAdmin)}`)).status).toBe(403);
    const updateRoot = await admin.put('/api/user/', { id: idOf(root), display_name: 'hacked' });
    expect(updateRoot.status).toBe(403);
    expect(updateRoot.body.message).toBe('You cannot update users of the same or higher level');
    expect((await root.get<UserView>(`/api/user/${idOf(root)}`)).body.data?.display_name).toBe('Root User');
  });

  run('enforces manage rank rules', async () => {
    const cases: [ApiClient, number, string, number, string][] = [
      [
        admin,
        idOf(common),
        'promote',
        403,
        'A regular administrator cannot promote other users to administrator',
      ],
      [admin, idOf(otherAdmin), 'disable', 403, 'You cannot update users of the same or higher level'],
      [admin, idOf(root), 'delete', 403, 'You cannot update users of the same or higher level'],
      [root, idOf(root), 'disable', 403, 'The super administrator cannot be disabled'],
      [root, idOf(root), 'delete', 403, 'The super administrator cannot be deleted'],
      [root, idOf(root), 'demote', 403, 'The super administrator cannot be demoted'],
      [root, idOf(admin), 'promote', 403, 'This user is already an administrator'],
      [root, idOf(common), 'demote', 403, 'This user is already a normal user'],
    ];
    for (const [actor, id, action, status, message] of cases) {
      const response = await actor.post('/api/user/manage', { id, action });
      expect({ action, status: response.status, message: response.body.message }).toEqual({
        action,
        status,
        message,
      });
    }
  });

  run('only root promotes; demote returns the new role', async () => {
    const promoted = await root.post<ManageResult>('/api/user/manage', {
      id: idOf(common),
      action: 'promote',
    });
    expect(promoted.body.data).toEqual({ role: 10, status: 1 });
    const demoted = await root.post<ManageResult>('/api/user/manage', { id: idOf(common), action: 'demote' });
    expect(demoted.body.data).toEqual({ role: 1, status: 1 });
  });

  run('disabling a user ends their session at once; enabling lets them log in again', async () => {
    const victim = await createUserAndLogin(server, root, 'victim');
    expect((await victim.get('/api/user/self')).status).toBe(200);
    const disabled = await admin.post<ManageResult>('/api/user/manage', {
      id: idOf(victim),
      action: 'disable',
    });
    expect(disabled.body.data).toEqual({ role: 1, status: 2 });
    const refused = await victim.get('/api/user/self');
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('This user has been banned');
    expect((await anonymousClient(server).login('victim', 'password-123')).body.success).toBe(false);
    await admin.post('/api/user/manage', { id: idOf(victim), action: 'enable' });
    // The old session was revoked by the disable; a new login works.
    expect((await victim.get('/api/user/self')).status).toBe(401);
    expect((await victim.login('victim', 'password-123')).body.success).toBe(true);
    expect((await victim.get('/api/user/self')).status).toBe(200);
  });

  run('delete is a soft, irreversible cancel that keeps the username taken', async () => {
    const leaving = await createUserAndLogin(server, root, 'leaving');
    await admin.post('/api/user/manage', { id: idOf(leaving), action: 'delete' });
    const view = (await admin.get<UserView>(`/api/user/${idOf(leaving)}`)).body.data!;
    expect(view.DeletedAt).not.toBeNull();
    expect((await leaving.get('/api/user/self')).status).toBe(401);
    expect((await admin.post('/api/user/manage', { id: idOf(leaving), action: 'enable' })).body.message).toBe(
      'This user has been cancelled',
    );
    expect(
      (await admin.post('/api/user/', { username: 'leaving', password: 'long-enough' })).body.message,
    ).toBe('Username already exists or has been cancelled');
  });

  run('creates users with validation and the rank rule on the new role', async () => {
    expect((await admin.post('/api/user/', { username: '', password: '' })).body.message).toBe(
      'Username and password cannot be empty',
    );
    expect((await admin.post('/api/user/', { username: 'newbie', password: 'short' })).body.message).toBe(
      'Password length must not be less than 8',
    );
    const asAdmin = await admin.post('/api/user/', {
      username: 'newadmin',
      password: 'long-enough',
      role: 10,
    });
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body.message).toBe('You cannot create users of the same or higher level');
    expect(
      (await admin.post('/api/user/', { username: 'newbie', password: 'long-enough' })).body.success,
    ).toBe(true);
  });

  run('updates a user: group checked, quota logged, password rules', async () => {
    const target = await createUserAndLogin(server, root, 'edited');
    const id = idOf(target);
    expect((await admin.put('/api/user/', { id, group: 'no-such-group' })).body.message).toBe(
      'Group "no-such-group" does not exist',
    );
    expect((await admin.put('/api/user/', { id, password: 'short' })).body.message).toBe(
      'Password length must not be less than 8',
    );
    const updated = await admin.put('/api/user/', {
      id,
      group: 'vip',
      quota: '123456',
      display_name: 'Edited',
    });
    expect(updated.body.success).toBe(true);
    expect((await admin.get<UserView>(`/api/user/${id}`)).body.data).toMatchObject({
      group: 'vip',
      quota: 123456,
      display_name: 'Edited',
    });
    await server.context.writer.flush();
    const log = await server.context.logDatabase.db
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', id)
      .where('type', '=', 3)
      .executeTakeFirst();
    expect(log?.content).toBe('管理员 admin1 将用户额度从 $0.00 修改为 $0.25');
    expect(JSON.parse(log?.other ?? '')).toEqual({
      content_key: 'log.admin_quota_changed',
      content_params: { admin: 'admin1', from: 0, to: 123456 },
    });
  });

  run('lists and searches with paging', async () => {
    for (let index = 0; index < 12; index += 1) {
      await root.post('/api/user/', { username: `bulk${index}`, password: 'long-enough' });
    }
    const all = (await admin.get<Page<UserView>>('/api/user/', { p: 1, page_size: 10 })).body.data!;
    expect(all.items).toHaveLength(10);
    expect(all.page).toBe(1);
    expect(all.page_size).toBe(10);
    const total = all.total;
    expect(total).toBeGreaterThanOrEqual(17);
    const last = (await admin.get<Page<UserView>>('/api/user/', { p: Math.ceil(total / 10), page_size: 10 }))
      .body.data!;
    expect(last.items).toHaveLength(total % 10 || 10);
    expect((await admin.get<Page<UserView>>('/api/user/', { p: -5 })).body.data?.page).toBe(1);
    expect((await admin.get<Page<UserView>>('/api/user/', { page_size: 5000 })).body.data?.page_size).toBe(
      100,
    );
    const found = (await admin.get<Page<UserView>>('/api/user/search', { keyword: 'bulk1' })).body.data!;
    expect(found.items.map((user) => user.username).sort()).toEqual(['bulk1', 'bulk10', 'bulk11']);
    expect(found.total).toBe(3);
    const literal = (await admin.get<Page<UserView>>('/api/user/search', { keyword: 'bulk_' })).body.data!;
    expect(literal.total).toBe(0);
    const vip = (await admin.get<Page<UserView>>('/api/user/search', { group: 'vip' })).body.data!;
    expect(vip.items.every((user) => user.group === 'vip')).toBe(true);
    const groups = await admin.get<string[]>('/api/group/');
    expect(groups.body.data).toEqual(expect.arrayContaining(['default', 'vip', 'svip']));
  });

  run('bad input gets a clear 4xx and changes nothing', async () => {
    const wrongType = await admin.post('/api/user/manage', { id: 'x', action: 'disable' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toMatch(/^Invalid request: id: /);
    const badAction = await admin.post('/api/user/manage', { id: idOf(common), action: 'explode' });
    expect(badAction.status).toBe(400);
    expect((await admin.get('/api/user/abc')).status).toBe(400);
    const unknown = await admin.get('/api/user/987654');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('User not found');
    const malformed = await admin.request('POST', '/api/user/', { rawBody: '{"username": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.success).toBe(false);
  });
});
