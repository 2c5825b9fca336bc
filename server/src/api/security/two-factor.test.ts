/**
 * Two-factor sign-in through real HTTP: enrolment, the login's code step (TOTP and backup codes, each once),
 * wrong codes and the lockout, backup code regeneration, disabling, the admin reset and who may call what.
 * Codes are computed here from the secret with otpauth, as an authenticator app would.
 */
import { Secret, TOTP } from 'otpauth';
import { describe, expect } from 'vitest';
import { databaseMatrix } from '../../test-support/databases.ts';
import { ApiClient } from '../../test-support/test-server.ts';
import { setUpSite } from '../../test-support/test-site.ts';

const matrix = await databaseMatrix();
const PASSWORD = 'password-123';

/** The code an authenticator shows `offsetSteps` 30-second steps from now. */
function codeOf(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

/** Six digits that are none of the codes accepted now. */
function wrongCode(secret: string): string {
  const accepted = [-1, 0, 1].map((offset) => codeOf(secret, offset));
  return ['000000', '111111', '222222', '333333'].find((code) => !accepted.includes(code))!;
}

interface Setup {
  secret: string;
  qr_code_data: string;
  backup_codes: string[];
}

async function enrol(client: ApiClient): Promise<Setup> {
  const setup = await client.post<Setup>('/api/user/2fa/setup');
  expect(setup.body.success, JSON.stringify(setup.body)).toBe(true);
  const enabled = await client.post('/api/user/2fa/enable', { code: codeOf(setup.body.data!.secret) });
  expect(enabled.body, JSON.stringify(enabled.body)).toEqual({ success: true, message: '' });
  return setup.body.data!;
}

/** The password step: its reply and the pending cookie it set (no session). */
async function passwordStep(url: string, username: string) {
  const response = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const cookies = response.headers.getSetCookie();
  const pending = cookies.find((cookie) => cookie.startsWith('pending_2fa=')) ?? '';
  return {
    body: (await response.json()) as Record<string, unknown>,
    cookie: pending.split(';')[0] ?? '',
    session: cookies.some((cookie) => cookie.startsWith('session=')),
  };
}

async function codeStep(url: string, cookie: string, userId: number, code: string) {
  const client = new ApiClient(url, cookie, userId);
  const reply = await client.post<{ id: number }>('/api/user/login/2fa', { code });
  return { reply, client };
}

describe.each(matrix)('two-factor sign-in on $name', (dialect) => {
  const { server, root, users, anonymous, run } = setUpSite({
    dialect,
    users: {
      alice: 'alice',
      bob: 'bob',
      carol: 'carol',
      admin: { username: 'admin1', role: 'admin' },
      admin2: { username: 'admin2', role: 'admin' },
    },
  });

  run('enrols with a QR address and a confirming code; a wrong code enables nothing', async () => {
    const { alice } = users;
    expect((await alice.get('/api/user/2fa/status')).body.data).toEqual({ enabled: false, locked: false });
    const setup = await alice.post<Setup>('/api/user/2fa/setup');
    const data = setup.body.data!;
    expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.qr_code_data).toMatch(/^otpauth:\/\/totp\/.*alice\?/);
    expect(data.qr_code_data).toContain(`secret=${data.secret}`);
    expect(data.backup_codes).toHaveLength(8);
    for (const code of data.backup_codes) expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    // Not enabled until confirmed: the password alone still signs in.
    expect((await passwordStep(server.url, 'alice')).body).toMatchObject({
      success: true,
      data: { id: expect.any(Number) },
    });

    const wrong = await alice.post('/api/user/2fa/enable', { code: wrongCode(data.secret) });
    expect(wrong.body).toEqual({ success: false, message: 'The code or backup code is wrong, try again' });
    const malformed = await alice.post('/api/user/2fa/enable', { code: 'abc' });
    expect(malformed.body).toEqual({ success: false, message: 'The code must be six digits' });
    expect((await alice.get('/api/user/2fa/status')).body.data).toEqual({ enabled: false, locked: false });

    const enabled = await alice.post('/api/user/2fa/enable', { code: codeOf(data.secret) });
    expect(enabled.body).toEqual({ success: true, message: '' });
    // The enabling session continues; its status shows the codes left, never the secret.
    const status = await alice.get('/api/user/2fa/status');
    expect(status.body.data).toEqual({ enabled: true, locked: false, backup_codes_remaining: 8 });
    expect(JSON.stringify((await alice.get('/api/user/self')).body)).not.toContain(data.secret);
    expect((await alice.post('/api/user/2fa/setup')).body).toMatchObject({ success: false });
  });

  run('the login asks for the code; a TOTP code and a backup code each work once', async () => {
    const { bob } = users;
    const bobSetup = await enrol(bob);
    const bobId = bob.currentUserId!;

    const first = await passwordStep(server.url, 'bob');
    expect(first.body).toEqual({
      success: true,
      message: 'Enter your two-factor code',
      data: { require_2fa: true },
    });
    expect(first.cookie).toMatch(/^pending_2fa=/);
    expect(first.session).toBe(false);
    // The pending cookie is no session.
    expect((await new ApiClient(server.url, first.cookie, bobId).get('/api/user/self')).status).toBe(401);

    const wrong = await codeStep(server.url, first.cookie, bobId, '12345');
    expect(wrong.reply.body).toEqual({
      success: false,
      message: 'The code or backup code is wrong, try again',
    });
    const nextCode = codeOf(bobSetup.secret, 1);
    const signedIn = await codeStep(server.url, first.cookie, bobId, nextCode);
    expect(signedIn.reply.body).toMatchObject({ success: true, data: { id: bobId, username: 'bob' } });
    expect((await signedIn.client.get('/api/user/self')).body).toMatchObject({ success: true });

    // The same code (and the older one used to enable) is refused afterwards.
    const again = await passwordStep(server.url, 'bob');
    for (const code of [nextCode, codeOf(bobSetup.secret)]) {
      const reused = await codeStep(server.url, again.cookie, bobId, code);
      expect(reused.reply.body).toMatchObject({ success: false });
    }
    // A backup code, lower case and without its dash, works once.
    const backup = bobSetup.backup_codes[0]!;
    const withBackup = await codeStep(server.url, again.cookie, bobId, backup.replace('-', '').toLowerCase());
    expect(withBackup.reply.body).toMatchObject({ success: true, data: { id: bobId } });
    expect((await bob.get('/api/user/2fa/status')).body.data).toMatchObject({ backup_codes_remaining: 7 });
    const third = await passwordStep(server.url, 'bob');
    expect((await codeStep(server.url, third.cookie, bobId, backup)).reply.body).toMatchObject({
      success: false,
    });

    // No pending sign-in, a forged one, or one made before the password changed: expired.
    const expired = { success: false, message: 'The sign-in has expired, please sign in again' };
    expect((await anonymous.post('/api/user/login/2fa', { code: backup })).body).toEqual(expired);
    const forged = `pending_2fa=${bobId}.${Math.floor(Date.now() / 1000)}.1.forged`;
    expect((await codeStep(server.url, forged, bobId, bobSetup.backup_codes[1]!)).reply.body).toEqual(
      expired,
    );
  });

  run('POST /api/verify takes a current code before a sensitive action', async () => {
    const { bob } = users;
    const wrong = await bob.post('/api/verify', { method: '2fa', code: '000000' });
    expect(wrong.body).toMatchObject({ success: false });
    const status = await bob.get<{ backup_codes_remaining: number }>('/api/user/2fa/status');
    expect(status.body.data!.backup_codes_remaining).toBe(7);
    const response = await fetch(`${server.url}/api/verify`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Cookie: bob.sessionCookie,
        'New-Api-User': String(bob.currentUserId),
      },
      body: JSON.stringify({ method: '2fa', code: 'not-a-code' }),
    });
    expect(((await response.json()) as { success: boolean }).success).toBe(false);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('secure_verified='))).toBe(
      false,
    );
    // A user without two-factor has no code to give.
    expect((await users.carol.post('/api/verify', { method: '2fa', code: '123456' })).body).toMatchObject({
      success: false,
    });
  });

  run('five wrong codes lock the codes for a while, the right one included', async () => {
    const { carol } = users;
    const setup = await enrol(carol);
    const carolId = carol.currentUserId!;
    const pending = await passwordStep(server.url, 'carol');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const reply = await codeStep(server.url, pending.cookie, carolId, wrongCode(setup.secret));
      expect(reply.reply.body).toMatchObject({ success: false });
    }
    const locked = await codeStep(server.url, pending.cookie, carolId, setup.backup_codes[0]!);
    expect(locked.reply.body.message).toMatch(/^Too many wrong codes; try again after \d{4}-/);
    expect((await carol.get('/api/user/2fa/status')).body.data).toMatchObject({
      enabled: true,
      locked: true,
    });
    // The backup code was not spent by the refused attempt.
    expect((await carol.get('/api/user/2fa/status')).body.data).toMatchObject({ backup_codes_remaining: 8 });
  });

  run('backup codes are regenerated with a TOTP code; disabling takes a current code', async () => {
    const { admin2 } = users;
    const setup = await enrol(admin2);
    const bad = await admin2.post('/api/user/2fa/backup_codes', { code: setup.backup_codes[0] });
    expect(bad.body).toEqual({ success: false, message: 'The code must be six digits' });
    const regenerated = await admin2.post<{ backup_codes: string[] }>('/api/user/2fa/backup_codes', {
      code: codeOf(setup.secret, 1),
    });
    const fresh = regenerated.body.data!.backup_codes;
    expect(fresh).toHaveLength(8);
    expect(fresh.filter((code) => setup.backup_codes.includes(code))).toEqual([]);
    // An old backup code no longer disables; a new one does, and the session continues.
    expect((await admin2.post('/api/user/2fa/disable', { code: setup.backup_codes[1] })).body).toMatchObject({
      success: false,
    });
    expect((await admin2.post('/api/user/2fa/disable', { code: fresh[0] })).body).toEqual({
      success: true,
      message: '',
    });
    expect((await admin2.get('/api/user/2fa/status')).body.data).toEqual({ enabled: false, locked: false });
    expect((await passwordStep(server.url, 'admin2')).body).toMatchObject({
      success: true,
      data: { username: 'admin2' },
    });
  });

  run('only admins of a higher rank reset a user, and only admins read the statistics', async () => {
    const { bob, carol, admin, admin2 } = users;
    const bobId = bob.currentUserId!;
    const anonymousReset = await anonymous.delete(`/api/user/${bobId}/2fa`);
    expect(anonymousReset.status).toBe(401);
    const byUser = await carol.delete(`/api/user/${bobId}/2fa`);
    expect(byUser.status).toBe(403);
    expect((await carol.get('/api/user/2fa/stats')).status).toBe(403);
    // An admin cannot reset another admin (nor itself).
    await enrol(admin2);
    const peer = await admin.delete(`/api/user/${admin2.currentUserId}/2fa`);
    expect(peer.status).toBe(403);
    expect((await admin2.get('/api/user/2fa/status')).body.data).toMatchObject({ enabled: true });

    const stats = await admin.get<{ total_users: number; enabled_users: number; enabled_rate: string }>(
      '/api/user/2fa/stats',
    );
    expect(stats.body.data).toMatchObject({ total_users: 6, enabled_users: 4 });
    expect(stats.body.data!.enabled_rate).toBe(`${((4 / 6) * 100).toFixed(1)}%`);

    // An admin resets a common user; root resets an admin. Their sessions end; the password alone signs in again.
    expect((await admin.delete(`/api/user/${bobId}/2fa`)).body).toEqual({ success: true, message: '' });
    expect((await bob.get('/api/user/self')).status).toBe(401);
    expect((await passwordStep(server.url, 'bob')).body).toMatchObject({
      success: true,
      data: { id: bobId },
    });
    expect((await root.delete(`/api/user/${admin2.currentUserId}/2fa`)).body).toMatchObject({
      success: true,
    });
    expect((await root.delete(`/api/user/${admin2.currentUserId}/2fa`)).body).toEqual({
      success: false,
      message: 'Two-factor authentication is not on',
    });
  });
});
