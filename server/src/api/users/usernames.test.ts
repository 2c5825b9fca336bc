/** Usernames and roles take only sane values (issue: NUL, newline, `@`, `ROOT` beside `root`, role 55). */
import { describe, expect } from 'vitest';
import { hashPassword } from '../../auth/passwords.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import { anonymousClient, createUserAndLogin } from '../../test-support/test-server.ts';
import { setUpSite } from '../../test-support/test-site.ts';

const matrix = await databaseMatrix();

describe.each(matrix)('usernames and roles on $name', (dialect) => {
  const { server, root, run: it } = setUpSite({ dialect });

  it.each([-5, 0, 9, 55, 101])('refuses role %i at user creation', async (role) => {
    const reply = await root.post('/api/user/', {
      username: `role${role + 10}`,
      password: 'password-123',
      role,
    });
    expect(reply.body.success).toBe(false);
    expect(reply.body.message).toMatch(/Role must be 1/);
  });

  it.each(['bad\u0000name', 'two\nlines', 'tab\there', 'me@example.com', 'rtl\u202eoverride'])(
    'refuses the username %j everywhere',
    async (username) => {
      const created = await root.post('/api/user/', { username, password: 'password-123' });
      expect(created.body.success).toBe(false);
      expect(created.body.message).toMatch(/may not contain/);
      const registered = await anonymousClient(server).post('/api/user/register', {
        username,
        password: 'password-123',
      });
      expect(registered.body.success).toBe(false);
    },
  );

  it('refuses such usernames on profile and admin updates, and keeps them unchanged', async () => {
    const user = await createUserAndLogin(server, root, 'renamer');
    for (const username of ['me@example.com', 'line\nbreak', 'nul\u0000']) {
      const own = await user.put('/api/user/self', { username });
      expect(own.body.success, username).toBe(false);
      expect(own.body.message, username).toMatch(/may not contain/);
      const byRoot = await root.put('/api/user/', { id: user.currentUserId, username });
      expect(byRoot.body.success, username).toBe(false);
    }
    expect((await user.get<{ username: string }>('/api/user/self')).body.data?.username).toBe('renamer');
  });

  it('treats usernames case-insensitively (ROOT is root) on creation, registration and renames', async () => {
    const reply = await root.post('/api/user/', { username: 'ROOT', password: 'password-123' });
    expect(reply.body.success).toBe(false);
    expect(reply.body.message).toMatch(/taken|exists/i);
    const registered = await anonymousClient(server).post('/api/user/register', {
      username: 'Root',
      password: 'password-123',
    });
    expect(registered.body.message).toMatch(/taken|exists/i);
    const user = await createUserAndLogin(server, root, 'caser');
    expect((await user.put('/api/user/self', { username: 'rOOt' })).body.message).toMatch(/taken|exists/i);
    expect((await root.put('/api/user/', { id: user.currentUserId, username: 'CASER2' })).body.success).toBe(
      true,
    );
    // A change of case of one's own name is no clash with oneself.
    expect((await user.put('/api/user/self', { username: 'Caser2' })).body.success).toBe(true);
  });

  it('ignores a role in a user update (roles change by promote and demote only)', async () => {
    const user = await createUserAndLogin(server, root, 'climber');
    expect(
      (await root.put('/api/user/', { id: user.currentUserId, role: 100, remark: 'r' })).body.success,
    ).toBe(true);
    const view = await root.get<{ role: number }>(`/api/user/${user.currentUserId}`);
    expect(view.body.data?.role).toBe(1);
  });

  it('keeps the rank rules at creation: an admin creates only ordinary users', async () => {
    const admin = await createUserAndLogin(server, root, 'creator', { role: 'admin' });
    for (const role of [10, 100]) {
      const reply = await admin.post('/api/user/', {
        username: `made${role}`,
        password: 'password-123',
        role,
      });
      expect(reply.body.success, String(role)).toBe(false);
    }
    expect(
      (await admin.post('/api/user/', { username: 'made1', password: 'password-123', role: 1 })).body.success,
    ).toBe(true);
  });

  it('logs an email in as its owner even if an older legacy username equals that email', async () => {
    const db = server.context.database.db;
    // The squatter's row comes first (a lower id), as a legacy account made before the rule would.
    await db
      .insertInto('users')
      .values([
        {
          username: 'owner@example.com',
          password: await hashPassword('squatter-pass-1'),
          email: '',
          aff_code: 'sqt1',
        },
        {
          username: 'owner',
          password: await hashPassword('owner-password-1'),
          email: 'owner@example.com',
          aff_code: 'own1',
        },
      ])
      .execute();
    const login = await anonymousClient(server).login('owner@example.com', 'owner-password-1');
    expect(login.body.success).toBe(true);
    expect((login.body.data as { username?: string }).username).toBe('owner');
  });
});
