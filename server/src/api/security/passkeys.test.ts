/**
 * Passkeys through real HTTP with a software authenticator (./test-authenticator.ts): the option that turns them
 * on, registration, the list (no keys in it), passwordless sign-in, replayed and foreign responses refused,
 * deletion limited to one's own passkeys, and the admin reset.
 */
import { describe, expect } from 'vitest';
import { databaseMatrix } from '../../test-support/databases.ts';
import { setUpSite } from '../../test-support/test-site.ts';
import { CookieJarClient, TestAuthenticator } from './test-authenticator.ts';

const matrix = await databaseMatrix();

interface CreationOptions {
  challenge: string;
  rp: { id: string; name: string };
  user: { id: string; name: string };
  excludeCredentials: { id: string }[];
}
interface PasskeyList {
  enabled: boolean;
  passkeys: { id: number; credential_id: string; last_used_at: string | null }[];
}

describe.each(matrix)('passkeys on $name', (dialect) => {
  const { server, root, run } = setUpSite({ dialect, users: { bob: 'bob' } });

  async function signedIn(username: string) {
    const client = new CookieJarClient(server.url);
    const reply = await client.login(username, 'password-123');
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    return client;
  }

  async function register(client: CookieJarClient, authenticator: TestAuthenticator) {
    const begin = await client.post<{ options: CreationOptions }>('/api/user/passkey/register/begin');
    expect(begin.body.success, JSON.stringify(begin.body)).toBe(true);
    const response = authenticator.create(begin.body.data!.options);
    return {
      begin: begin.body.data!.options,
      response,
      finish: await client.post('/api/user/passkey/register/finish', response),
    };
  }

  async function passkeyLogin(authenticator: TestAuthenticator, origin?: string) {
    const client = new CookieJarClient(server.url);
    const begin = await client.post<{ options: { challenge: string; rpId: string } }>(
      '/api/user/passkey/login/begin',
    );
    expect(begin.body.success, JSON.stringify(begin.body)).toBe(true);
    const assertion = authenticator.get(begin.body.data!.options, origin);
    const finish = await client.post<{ id: number; username: string }>(
      '/api/user/passkey/login/finish',
      assertion,
    );
    if (finish.body.data?.id) client.userId = finish.body.data.id;
    return { client, assertion, finish };
  }

  run('are refused until the administrator turns them on', async () => {
    const bob = await signedIn('bob');
    const off = { success: false, message: 'The administrator has not turned on passkeys' };
    expect((await bob.post('/api/user/passkey/register/begin')).body).toEqual(off);
    expect((await new CookieJarClient(server.url).post('/api/user/passkey/login/begin')).body).toEqual(off);
  });

  run('register, sign in without a password, once per response', async () => {
    expect((await root.put('/api/option/', { key: 'passkey.enabled', value: 'true' })).body.success).toBe(
      true,
    );
    const bob = await signedIn('bob');
    const authenticator = new TestAuthenticator(server.url);
    const { begin, response, finish } = await register(bob, authenticator);
    expect(begin.rp).toEqual({ id: new URL(server.url).hostname, name: 'Switchyard' });
    expect(begin.user.name).toBe('bob');
    expect(finish.body).toEqual({ success: true, message: '' });
    // The same response again: its challenge is spent.
    expect((await bob.post('/api/user/passkey/register/finish', response)).body).toMatchObject({
      success: false,
    });

    const list = await bob.get<PasskeyList>('/api/user/passkey');
    expect(list.body.data!.enabled).toBe(true);
    expect(list.body.data!.passkeys).toHaveLength(1);
    expect(list.body.data!.passkeys[0]!.credential_id).toBe(
      Buffer.from(response.id, 'base64url').toString('base64'),
    );
    expect(JSON.stringify(list.body)).not.toMatch(/public_key/);
    // A second registration excludes the first credential.
    const again = await bob.post<{ options: CreationOptions }>('/api/user/passkey/register/begin');
    expect(again.body.data!.options.excludeCredentials.map((item) => item.id)).toEqual([response.id]);

    // Asking again before a sensitive action: the passkey verifies this browser for a while, not another one.
    const required = {
      success: false,
      message: 'Confirm it is you first: enter a two-factor code or use a passkey',
    };
    expect((await bob.post('/api/verify', { method: 'passkey' })).body).toEqual(required);
    const verifyBegin = await bob.post<{ options: { challenge: string; rpId: string } }>(
      '/api/user/passkey/verify/begin',
    );
    const verifyFinish = await bob.post(
      '/api/user/passkey/verify/finish',
      authenticator.get(verifyBegin.body.data!.options),
    );
    expect(verifyFinish.body).toMatchObject({ success: true, data: { verified: true } });
    expect((await bob.post('/api/verify', { method: 'passkey' })).body).toMatchObject({ success: true });
    const otherBrowser = await signedIn('bob');
    expect((await otherBrowser.post('/api/verify', { method: 'passkey' })).body).toEqual(required);

    const { client, assertion, finish: loggedIn } = await passkeyLogin(authenticator);
    expect(loggedIn.body).toMatchObject({ success: true, data: { username: 'bob' } });
    expect((await client.get('/api/user/self')).body).toMatchObject({
      success: true,
      data: { username: 'bob' },
    });
    const used = await bob.get<PasskeyList>('/api/user/passkey');
    expect(used.body.data!.passkeys[0]!.last_used_at).not.toBeNull();

    // Replaying the assertion with a new challenge cookie fails: the signature covers the old challenge.
    const replay = new CookieJarClient(server.url);
    await replay.post('/api/user/passkey/login/begin');
    expect((await replay.post('/api/user/passkey/login/finish', assertion)).body).toEqual({
      success: false,
      message: 'Passkey verification failed, try again or contact the administrator',
    });
    // An assertion made for another site is refused.
    const foreign = await passkeyLogin(authenticator, 'http://evil.example');
    expect(foreign.finish.body).toMatchObject({ success: false });
    // A second console address counts once listed in passkey.origins, plain http only when allowed.
    await root.put('/api/option/', { key: 'passkey.origins', value: 'http://second.example' });
    expect((await passkeyLogin(authenticator, 'http://second.example')).finish.body).toMatchObject({
      success: false,
    });
    await root.put('/api/option/', { key: 'passkey.allow_insecure_origin', value: 'true' });
    expect((await passkeyLogin(authenticator, 'http://second.example')).finish.body).toMatchObject({
      success: true,
      data: { username: 'bob' },
    });
    await root.put('/api/option/', { key: 'passkey.allow_insecure_origin', value: 'false' });
    await root.put('/api/option/', { key: 'passkey.origins', value: '' });
  });

  run("nobody deletes another user's passkey; the owner and an admin do", async () => {
    const bob = await signedIn('bob');
    const list = await bob.get<PasskeyList>('/api/user/passkey');
    const bobsPasskey = list.body.data!.passkeys[0]!;
    // Root tries to delete Bob's through the self route: not found, Bob's stays.
    expect((await root.delete(`/api/user/passkey/${bobsPasskey.id}`)).body).toEqual({
      success: false,
      message: 'No such passkey',
    });
    expect((await bob.get<PasskeyList>('/api/user/passkey')).body.data!.passkeys).toHaveLength(1);
    // Bob cannot reset anyone (admins only).
    expect((await bob.delete(`/api/user/${root.currentUserId}/reset_passkey`)).status).toBe(403);

    // Root resets Bob's passkeys: gone, his sessions ended, the authenticator no longer signs in.
    expect((await root.delete(`/api/user/${bob.userId}/reset_passkey`)).body).toEqual({
      success: true,
      message: '',
    });
    expect((await bob.get('/api/user/self')).status).toBe(401);
    const bobAgain = await signedIn('bob');
    expect((await bobAgain.get<PasskeyList>('/api/user/passkey')).body.data).toEqual({
      enabled: false,
      last_used_at: null,
      passkeys: [],
    });

    // Bob registers again and deletes it himself.
    const authenticator = new TestAuthenticator(server.url);
    expect((await register(bobAgain, authenticator)).finish.body.success).toBe(true);
    const mine = (await bobAgain.get<PasskeyList>('/api/user/passkey')).body.data!.passkeys[0]!;
    expect((await bobAgain.delete(`/api/user/passkey/${mine.id}`)).body).toEqual({
      success: true,
      message: '',
    });
    expect((await passkeyLogin(authenticator)).finish.body).toMatchObject({ success: false });
  });
});
