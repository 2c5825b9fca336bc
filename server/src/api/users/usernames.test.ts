/** Usernames and roles take only sane values (issue: NUL, newline, `@`, `ROOT` beside `root`, role 55). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../auth/passwords.ts';
import {
  type ApiClient,
  anonymousClient,
  loginAsRoot,
  startTestServer,
  type TestServer,
} from '../../test-support/test-server.ts';

describe('usernames and roles', () => {
  let server: TestServer;
  let root: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    root = await loginAsRoot(server);
  });
  afterAll(async () => server?.close());

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

  it('treats usernames case-insensitively (ROOT is root)', async () => {
    const reply = await root.post('/api/user/', { username: 'ROOT', password: 'password-123' });
    expect(reply.body.success).toBe(false);
    expect(reply.body.message).toMatch(/taken|exists/i);
  });

  it('logs an email in as its owner even if a legacy username equals that email', async () => {
    const db = server.context.database.db;
    await db
      .insertInto('users')
      .values([
        {
          username: 'owner',
          password: await hashPassword('owner-password-1'),
          email: 'owner@example.com',
          aff_code: 'own1',
        },
        {
          username: 'owner@example.com',
          password: await hashPassword('squatter-pass-1'),
          email: '',
          aff_code: 'sqt1',
        },
      ])
      .execute();
    const login = await anonymousClient(server).login('owner@example.com', 'owner-password-1');
    expect(login.body.success).toBe(true);
    expect((login.body.data as { username?: string }).username).toBe('owner');
  });
});
