/**
 * Asking again before sensitive actions, through real HTTP (docs/security.md "Asking again"): a channel's key
 * (POST /api/channel/:id/key) only for root, only with a second factor and only after a current TOTP code or a
 * passkey assertion in this browser; GET /api/channel/:id never carries it; a password change asks again when
 * the user has a second factor; AdminTwoFactorRequired keeps administrators without one to enrolment.
 */
import { Secret, TOTP } from 'otpauth';
import { describe, expect } from 'vitest';
import type { ChannelView } from '../../../../common/api/channels.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import { ROOT_PASSWORD, ROOT_USERNAME } from '../../test-support/test-server.ts';
import { setUpSite } from '../../test-support/test-site.ts';
import { CookieJarClient, TestAuthenticator } from './test-authenticator.ts';

const matrix = await databaseMatrix();
const PASSWORD = 'password-123';
const UPSTREAM_KEY = 'sk-upstream-secret-4711';
const REQUIRED = {
  success: false,
  message: 'Confirm it is you first: enter a two-factor code or use a passkey',
};
const NO_FACTOR = {
  success: false,
  message: 'Turn on two-factor authentication or add a passkey first (Personal settings → Security)',
};
const ADMIN_REQUIRED = {
  success: false,
  message:
    'Administrators must turn on two-factor authentication or add a passkey first (Personal settings → Security)',
};

function codeOf(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

/** Turns two-factor on for the signed-in client with the current step's code; returns the secret. */
async function enrol(client: CookieJarClient): Promise<string> {
  const setup = await client.post<{ secret: string }>('/api/user/2fa/setup');
  expect(setup.body.success, JSON.stringify(setup.body)).toBe(true);
  const secret = setup.body.data!.secret;
  const enabled = await client.post('/api/user/2fa/enable', { code: codeOf(secret) });
  expect(enabled.body, JSON.stringify(enabled.body)).toEqual({ success: true, message: '' });
  return secret;
}

describe.each(matrix)('asking again on $name', (dialect) => {
  const { server, root, run } = setUpSite({
    dialect,
    users: {
      bob: 'bob',
      alice: 'alice',
      carol: 'carol',
      admin: { username: 'admin1', role: 'admin' },
      gated: { username: 'admin2', role: 'admin' },
    },
  });

  async function signedIn(username: string, password = PASSWORD) {
    const client = new CookieJarClient(server.url);
    const reply = await client.login(username, password);
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    return { client, reply };
  }

  /** Root's own browser: turning two-factor on ends root's other sessions (the suite's client), not this one. */
  let rootBrowser: CookieJarClient | undefined;
  const asRoot = async () => {
    rootBrowser ??= (await signedIn(ROOT_USERNAME, ROOT_PASSWORD)).client;
    return rootBrowser;
  };
  const setOption = async (key: string, value: string) => {
    const reply = await (await asRoot()).request('PUT', '/api/option/', { key, value });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
  };

  async function newChannel(): Promise<number> {
    const created = await (await asRoot()).post<{ ids: number[] }>('/api/channel/', {
      type: 1,
      name: `kept-${Math.random().toString(36).slice(2, 8)}`,
      key: UPSTREAM_KEY,
      models: 'gpt-4o',
      group: 'default',
    });
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    return created.body.data!.ids[0]!;
  }

  run('a channel key needs root, a second factor and a fresh code or passkey in this browser', async () => {
    const id = await newChannel();
    const rootBrowser = await asRoot();
    // The plain read never carries the key, not even to root.
    const view = await rootBrowser.get<ChannelView>(`/api/channel/${id}`);
    expect(view.body.success).toBe(true);
    expect(view.body.data).not.toHaveProperty('key');
    expect(JSON.stringify(view.body)).not.toContain(UPSTREAM_KEY);
    // Root with neither two-factor nor a passkey is told to set one up (as new-api).
    const bare = await rootBrowser.post(`/api/channel/${id}/key`);
    expect(bare.status).toBe(403);
    expect(bare.body).toEqual(NO_FACTOR);

    // A passkey: refused until asserted in this browser, then the key.
    await setOption('passkey.enabled', 'true');
    const authenticator = new TestAuthenticator(server.url);
    const begin = await rootBrowser.post<{ options: never }>('/api/user/passkey/register/begin');
    const finish = await rootBrowser.post(
      '/api/user/passkey/register/finish',
      authenticator.create(begin.body.data!.options),
    );
    expect(finish.body.success, JSON.stringify(finish.body)).toBe(true);
    const asked = await rootBrowser.post(`/api/channel/${id}/key`);
    expect(asked.status).toBe(403);
    expect(asked.body).toEqual(REQUIRED);
    const verifyBegin = await rootBrowser.post<{ options: never }>('/api/user/passkey/verify/begin');
    const verified = await rootBrowser.post(
      '/api/user/passkey/verify/finish',
      authenticator.get(verifyBegin.body.data!.options),
    );
    expect(verified.body.success, JSON.stringify(verified.body)).toBe(true);
    expect((await rootBrowser.post(`/api/channel/${id}/key`)).body).toEqual({
      success: true,
      message: '',
      data: { key: UPSTREAM_KEY },
    });
    // Root's other clients (another browser, the suite's session) did not verify.
    expect((await root.post(`/api/channel/${id}/key`)).body).toEqual(REQUIRED);

    // A TOTP code: root turns two-factor on; a new browser (passkey sign-in) verifies with a code.
    const secret = await enrol(rootBrowser);
    const other = new CookieJarClient(server.url);
    const loginBegin = await other.post<{ options: never }>('/api/user/passkey/login/begin');
    const signed = await other.post<{ id: number }>(
      '/api/user/passkey/login/finish',
      authenticator.get(loginBegin.body.data!.options),
    );
    expect(signed.body.success, JSON.stringify(signed.body)).toBe(true);
    other.userId = signed.body.data!.id;
    expect((await other.post(`/api/channel/${id}/key`)).body).toEqual(REQUIRED);
    const wrong = await other.post('/api/verify', { method: '2fa', code: '12345' });
    expect(wrong.body.success).toBe(false);
    expect((await other.post(`/api/channel/${id}/key`)).body).toEqual(REQUIRED);
    const good = await other.post('/api/verify', { method: '2fa', code: codeOf(secret, 1) });
    expect(good.body, JSON.stringify(good.body)).toMatchObject({ success: true, data: { verified: true } });
    expect((await other.post<{ key: string }>(`/api/channel/${id}/key`)).body.data?.key).toBe(UPSTREAM_KEY);
  });

  run('administrators below root never get the key, verified or not', async () => {
    const id = await newChannel();
    const { client: admin } = await signedIn('admin1');
    const secret = await enrol(admin);
    expect((await admin.post('/api/verify', { method: '2fa', code: codeOf(secret, 1) })).body.success).toBe(
      true,
    );
    const refused = await admin.post(`/api/channel/${id}/key`);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain(UPSTREAM_KEY);
    expect(JSON.stringify((await admin.get(`/api/channel/${id}`)).body)).not.toContain(UPSTREAM_KEY);
  });

  run('a password change asks again when the user has a second factor, not otherwise', async () => {
    const { client: bob } = await signedIn('bob');
    const secret = await enrol(bob);
    const change = { password: 'password-456', original_password: PASSWORD };
    const asked = await bob.request('PUT', '/api/user/self', change);
    expect(asked.status).toBe(403);
    expect(asked.body).toEqual(REQUIRED);
    expect((await bob.post('/api/verify', { method: '2fa', code: codeOf(secret, 1) })).body.success).toBe(
      true,
    );
    expect((await bob.request('PUT', '/api/user/self', change)).body).toEqual({ success: true, message: '' });
    // The old password no longer opens the code step; the new one does.
    expect((await new CookieJarClient(server.url).login('bob', PASSWORD)).body.success).toBe(false);
    expect((await new CookieJarClient(server.url).login('bob', 'password-456')).body).toMatchObject({
      success: true,
      data: { require_2fa: true },
    });
    // Other profile fields need no verification.
    expect((await bob.request('PUT', '/api/user/self', { display_name: 'Bobby' })).body.success).toBe(true);

    const { client: alice } = await signedIn('alice');
    expect((await alice.request('PUT', '/api/user/self', change)).body).toEqual({
      success: true,
      message: '',
    });
  });

  run('AdminTwoFactorRequired keeps administrators without a second factor to enrolment', async () => {
    await setOption('AdminTwoFactorRequired', 'true');
    try {
      const { client: gated, reply } = await signedIn('admin2');
      expect(reply.body).toMatchObject({
        success: true,
        message: ADMIN_REQUIRED.message,
        data: { username: 'admin2', require_2fa_setup: true },
      });
      const channels = await gated.get('/api/channel/');
      expect(channels.status).toBe(403);
      expect(channels.body).toEqual(ADMIN_REQUIRED);
      expect((await gated.get('/api/user/self')).body.success).toBe(true);
      expect((await gated.get('/api/user/2fa/status')).body.success).toBe(true);
      const secret = await enrol(gated);
      expect((await gated.get('/api/channel/')).body.success).toBe(true);
      expect(secret).toMatch(/^[A-Z2-7]+$/);
      // Common users are not concerned.
      const { client: carol, reply: carolReply } = await signedIn('carol');
      expect(carolReply.body.data).not.toHaveProperty('require_2fa_setup');
      expect((await carol.get('/api/user/self')).body.success).toBe(true);
    } finally {
      // Root enrolled in the first test, so the gate never holds root back from turning the option off.
      await setOption('AdminTwoFactorRequired', 'false');
    }
  });
});
