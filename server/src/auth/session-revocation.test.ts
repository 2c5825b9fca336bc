/**
 * Sessions can be revoked (docs/decisions/0003-sessions-and-console-auth.md): a cookie captured before
 * logout, a password change, a password reset (by root or by email), a disable or a delete stops working.
 */
import { describe, expect } from 'vitest';
import { databaseMatrix } from '../test-support/databases.ts';
import { ApiClient, anonymousClient, createUserAndLogin } from '../test-support/test-server.ts';
import { setUpSite } from '../test-support/test-site.ts';
import { issueSecret } from './one-time-secrets.ts';

const matrix = await databaseMatrix();

describe.each(matrix)('session revocation on $name', (dialect) => {
  const { server, root, run: it } = setUpSite({ dialect });
  let counter = 0;

  /** A fresh user logged in, and a thief holding a copy of their session cookie. */
  async function victim(): Promise<{ user: ApiClient; thief: ApiClient; username: string }> {
    counter += 1;
    const username = `victim${counter}`;
    const user = await createUserAndLogin(server, root, username);
    const thief = new ApiClient(server.url, user.sessionCookie, user.currentUserId);
    expect((await thief.get('/api/user/self')).status).toBe(200);
    return { user, thief, username };
  }

  it('logout ends the session everywhere', async () => {
    const { user, thief } = await victim();
    await user.get('/api/user/logout');
    expect((await thief.get('/api/user/self')).status).toBe(401);
  });

  it('a password change ends older sessions and keeps the one that made it', async () => {
    const { user, thief } = await victim();
    const changed = await user.put('/api/user/self', {
      password: 'new-password-9',
      original_password: 'password-123',
    });
    expect(changed.body.success).toBe(true);
    expect((await thief.get('/api/user/self')).status).toBe(401);
    expect((await user.get('/api/user/self')).status).toBe(200);
  });

  it('a password reset by root ends the sessions', async () => {
    const { user, thief } = await victim();
    expect(
      (await root.put('/api/user/', { id: user.currentUserId, password: 'reset-by-root-1' })).body.success,
    ).toBe(true);
    expect((await thief.get('/api/user/self')).status).toBe(401);
  });

  it('a password reset by email ends the sessions', async () => {
    const { user, thief, username } = await victim();
    const email = `${username}@example.com`;
    await server.context.database.db
      .updateTable('users')
      .set({ email })
      .where('id', '=', user.currentUserId!)
      .execute();
    await issueSecret(server.context.database.db, 'password_reset', email, 'reset-token-123', 600);
    const reset = await anonymousClient(server).post<string>('/api/user/reset', {
      email,
      token: 'reset-token-123',
    });
    expect(reset.body.success).toBe(true);
    expect((await thief.get('/api/user/self')).status).toBe(401);
  });

  it('disabling ends the sessions for good, even after the user is enabled again', async () => {
    const { user, thief } = await victim();
    expect(
      (await root.post('/api/user/manage', { id: user.currentUserId, action: 'disable' })).body.success,
    ).toBe(true);
    expect(
      (await root.post('/api/user/manage', { id: user.currentUserId, action: 'enable' })).body.success,
    ).toBe(true);
    expect((await thief.get('/api/user/self')).status).toBe(401);
  });

  it('deleting ends the sessions', async () => {
    const { user, thief } = await victim();
    expect(
      (await root.post('/api/user/manage', { id: user.currentUserId, action: 'delete' })).body.success,
    ).toBe(true);
    expect((await thief.get('/api/user/self')).status).toBe(401);
  });

  it('leaves system access tokens working: they are rotated explicitly, not by logout or a new password', async () => {
    const { user } = await victim();
    const token = (await user.get<string>('/api/user/token')).body.data!;
    const byToken = new ApiClient(server.url).withHeaders({
      Authorization: token,
      'New-Api-User': String(user.currentUserId),
    });
    expect(
      (await user.put('/api/user/self', { password: 'new-password-9', original_password: 'password-123' }))
        .body.success,
    ).toBe(true);
    await user.get('/api/user/logout');
    expect((await user.get('/api/user/self')).status).toBe(401);
    expect((await byToken.get('/api/user/self')).status).toBe(200);
  });

  it('a logout with an already revoked cookie does not end the newer sessions', async () => {
    const { user, thief, username } = await victim();
    await user.get('/api/user/logout');
    expect((await user.login(username, 'password-123')).body.success).toBe(true);
    await thief.get('/api/user/logout');
    expect((await user.get('/api/user/self')).status).toBe(200);
  });

  it('accepts a cookie of the earlier form while nothing has revoked it (drop-in)', async () => {
    const { user, username } = await victim();
    // Cookies of that form were issued before users had versions: their users were given version 0
    // (migration 0004), where new users start at new-api's 1.
    await server.context.database.db
      .updateTable('users')
      .set({ auth_version: 0 })
      .where('id', '=', user.currentUserId!)
      .execute();
    expect((await user.login(username, 'password-123')).body.success).toBe(true);
    const legacy = `session=${encodeURIComponent(server.app.signCookie(`${user.currentUserId}.${Math.floor(Date.now() / 1000)}`))}`;
    const client = new ApiClient(server.url, legacy, user.currentUserId);
    expect((await client.get('/api/user/self')).status).toBe(200);
    await user.get('/api/user/logout');
    expect((await client.get('/api/user/self')).status).toBe(401);
  });
});
