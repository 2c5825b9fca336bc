import { describe, expect } from 'vitest';
import type { UserView } from '../../../../common/api/users.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import { ApiClient, anonymousClient, createUserAndLogin } from '../../test-support/test-server.ts';
import { setUpSite } from '../../test-support/test-site.ts';

const matrix = await databaseMatrix();

describe.each(matrix)('accounts on $name', (dialect) => {
  const { server, root, run } = setUpSite({ dialect });

  run('login validates input and hides which part was wrong', async () => {
    const client = anonymousClient(server);
    expect((await client.login('', '')).body).toEqual({
      success: false,
      message: 'Please enter username and password',
    });
    const wrong = { success: false, message: 'Username or password is wrong, or the user has been banned' };
    expect((await client.login('root', 'wrong-password')).body).toEqual(wrong);
    expect((await client.login('nobody', 'whatever-123')).body).toEqual(wrong);
  });

  run('login sets an HttpOnly SameSite=Strict session cookie', async () => {
    const response = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'root', password: 'root-password-1' }),
    });
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith('session=')) ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Max-Age=2592000/);
  });

  run('requires the New-Api-User header to match the session user', async () => {
    expect((await anonymousClient(server).get('/api/user/self')).status).toBe(401);
    const missing = await root.withHeaders({ 'New-Api-User': '' }).get('/api/user/self');
    expect(missing.status).toBe(401);
    expect(missing.body.message).toBe('Missing New-Api-User header');
    const other = await root.withHeaders({ 'New-Api-User': '999' }).get('/api/user/self');
    expect(other.status).toBe(401);
    expect(other.body.message).toBe('New-Api-User header does not match the logged-in user');
    const self = await root.get<UserView>('/api/user/self');
    expect(self.body.data).toMatchObject({ username: 'root', role: 100, group: 'default' });
    expect(self.body.data).not.toHaveProperty('password');
    expect(self.body.data).not.toHaveProperty('access_token');
  });

  run('rejects a forged session cookie', async () => {
    const forged = new ApiClient(server.url, 'session=1.1700000000.forgedsignature', 1);
    expect((await forged.get('/api/user/self')).status).toBe(401);
  });

  run('a system access token replaces the cookie, with or without Bearer', async () => {
    const issued = await root.get<string>('/api/user/token');
    const token = issued.body.data!;
    expect(token).toMatch(/^[A-Za-z0-9]{32}$/);
    const userId = String(root.currentUserId);
    for (const authorization of [token, `Bearer ${token}`]) {
      const client = new ApiClient(server.url).withHeaders({
        Authorization: authorization,
        'New-Api-User': userId,
      });
      expect((await client.get('/api/user/self')).body.success).toBe(true);
    }
    const wrongUser = new ApiClient(server.url).withHeaders({
      Authorization: token,
      'New-Api-User': '12345',
    });
    expect((await wrongUser.get('/api/user/self')).status).toBe(401);
    const wrongToken = new ApiClient(server.url).withHeaders({
      Authorization: 'x'.repeat(32),
      'New-Api-User': userId,
    });
    expect((await wrongToken.get('/api/user/self')).status).toBe(401);
    // Regenerating invalidates the previous token.
    await root.get('/api/user/token');
    const stale = new ApiClient(server.url).withHeaders({ Authorization: token, 'New-Api-User': userId });
    expect((await stale.get('/api/user/self')).status).toBe(401);
  });

  run('registers with validation, keeps usernames unique, rewards invitations', async () => {
    const visitor = anonymousClient(server);
    await root.put('/api/option/', { key: 'QuotaForNewUser', value: '1000' });
    await root.put('/api/option/', { key: 'QuotaForInvitee', value: '200' });
    await root.put('/api/option/', { key: 'QuotaForInviter', value: '300' });
    const register = (body: Record<string, string>) => visitor.post('/api/user/register', body);
    expect((await register({ username: 'carol', password: 'short' })).body.message).toBe(
      'Password length must not be less than 8',
    );
    expect(
      (await register({ username: 'carol', password: 'long-enough', password2: 'different' })).body.message,
    ).toBe('The two passwords entered differ');
    expect((await register({ username: '', password: '' })).body.message).toBe(
      'Username and password cannot be empty',
    );
    expect((await register({ username: 'c'.repeat(21), password: 'long-enough' })).body.message).toBe(
      'Username must be at most 20 characters',
    );
    expect((await register({ username: 'carol', password: 'long-enough' })).body.success).toBe(true);
    expect((await register({ username: 'carol', password: 'long-enough' })).body.message).toBe(
      'Username already exists or has been cancelled',
    );
    const carol = new ApiClient(server.url);
    await carol.login('carol', 'long-enough');
    const carolView = (await carol.get<UserView>('/api/user/self')).body.data!;
    expect(carolView.quota).toBe(1000);
    const affCode = (await carol.get<string>('/api/user/aff')).body.data!;
    expect(affCode).toMatch(/^[A-Za-z0-9]{4,}$/);
    expect(
      (await register({ username: 'dave', password: 'long-enough', aff_code: affCode })).body.success,
    ).toBe(true);
    const dave = new ApiClient(server.url);
    await dave.login('dave', 'long-enough');
    const daveView = (await dave.get<UserView>('/api/user/self')).body.data!;
    expect(daveView.quota).toBe(1200);
    expect(daveView.inviter_id).toBe(carolView.id);
    const carolAfter = (await carol.get<UserView>('/api/user/self')).body.data!;
    expect(carolAfter).toMatchObject({ aff_count: 1, aff_quota: 300, aff_history_quota: 300 });
  });

  run('honours RegisterEnabled, PasswordRegisterEnabled and PasswordLoginEnabled', async () => {
    const visitor = anonymousClient(server);
    await root.put('/api/option/', { key: 'RegisterEnabled', value: 'false' });
    expect(
      (await visitor.post('/api/user/register', { username: 'erin', password: 'long-enough' })).body.message,
    ).toBe('The administrator has turned off new user registration');
    await root.put('/api/option/', { key: 'RegisterEnabled', value: 'true' });
    await root.put('/api/option/', { key: 'PasswordRegisterEnabled', value: 'false' });
    expect(
      (await visitor.post('/api/user/register', { username: 'erin', password: 'long-enough' })).body.success,
    ).toBe(false);
    await root.put('/api/option/', { key: 'PasswordRegisterEnabled', value: 'true' });
    await root.put('/api/option/', { key: 'PasswordLoginEnabled', value: 'false' });
    expect((await visitor.login('root', 'root-password-1')).body.message).toBe(
      'The administrator has turned off password login',
    );
    await root.put('/api/option/', { key: 'PasswordLoginEnabled', value: 'true' });
  });

  run('self-service: profile, password change with the current password, groups, logout', async () => {
    const frank = await createUserAndLogin(server, root, 'frank');
    expect((await frank.put('/api/user/self', { display_name: 'Frank F.' })).body.success).toBe(true);
    expect((await frank.get<UserView>('/api/user/self')).body.data?.display_name).toBe('Frank F.');
    expect((await frank.put('/api/user/self', { password: 'new-password-1' })).body.message).toBe(
      'The current password is wrong',
    );
    expect(
      (await frank.put('/api/user/self', { password: 'short', original_password: 'password-123' })).body
        .message,
    ).toBe('Password length must not be less than 8');
    const changed = await frank.put('/api/user/self', {
      password: 'new-password-1',
      original_password: 'password-123',
    });
    expect(changed.body.success).toBe(true);
    expect((await anonymousClient(server).login('frank', 'new-password-1')).body.success).toBe(true);
    expect((await frank.put('/api/user/self', { username: 'root' })).body.message).toBe(
      'Username already exists or has been cancelled',
    );
    const groups = await frank.get<Record<string, { desc: string; ratio: number }>>('/api/user/self/groups');
    expect(groups.body.data?.default).toEqual({ desc: '默认分组', ratio: 1 });
    await frank.get('/api/user/logout');
    expect(frank.sessionCookie).toBe('session=');
    expect((await frank.get('/api/user/self')).status).toBe(401);
  });

  run('deleting your own account cancels it; root cannot', async () => {
    expect((await root.delete('/api/user/self')).body.message).toBe(
      'The super administrator cannot be deleted',
    );
    const gina = await createUserAndLogin(server, root, 'gina');
    expect((await gina.delete('/api/user/self')).body.success).toBe(true);
    expect((await anonymousClient(server).login('gina', 'password-123')).body.success).toBe(false);
    expect(
      (
        await anonymousClient(server).post('/api/user/register', {
          username: 'gina',
          password: 'long-enough',
        })
      ).body.message,
    ).toBe('Username already exists or has been cancelled');
  });
});
