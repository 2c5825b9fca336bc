/**
 * An OAuth sign-in of a user with two-factor on is only the first step, like the password (docs/security.md):
 * GitHub's callback answers `{require_2fa: true}` with the pending cookie and no session, and
 * POST /api/user/login/2fa with a current code then signs in. Without two-factor the callback signs in at once.
 */
import { Secret, TOTP } from 'otpauth';
import { describe, expect } from 'vitest';
import type { SessionUser } from '../../../../common/api-types.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import { BrowserClient } from '../../test-support/fake-oauth/browser.ts';
import { type FakeGitHubUser, startFakeGitHub } from '../../test-support/fake-oauth/fake-github.ts';
import { setUpResource, setUpSite } from '../../test-support/test-site.ts';

const matrix = await databaseMatrix();
const CLIENT = { clientId: 'github-client-id', clientSecret: 'github-client-secret-value' };

const codeOf = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

describe.each(matrix)('OAuth sign-in with two-factor on $name', (dialect) => {
  const github = setUpResource(() => startFakeGitHub(CLIENT), dialect);
  const { server, run } = setUpSite({
    dialect,
    users: { dana: 'dana' },
    environment: () => ({ GITHUB_OAUTH_URL: github.url, GITHUB_API_URL: github.url }),
    options: {
      GitHubClientId: CLIENT.clientId,
      GitHubClientSecret: CLIENT.clientSecret,
      GitHubOAuthEnabled: 'true',
    },
  });

  async function gitHubLogin(browser: BrowserClient, user: FakeGitHubUser) {
    const state = await browser.oauthState();
    return browser.get<SessionUser | { require_2fa: true }>('/api/oauth/github', {
      code: github.authorize(user),
      state,
    });
  }

  run('asks for the code before the session starts', async () => {
    const identity = { id: 7001, login: 'dana-gh', name: 'Dana' };
    const dana = new BrowserClient(server.url);
    await dana.login('dana', 'password-123');
    expect((await gitHubLogin(dana, identity)).body).toEqual({ success: true, message: 'bind' });
    // Without two-factor the GitHub sign-in starts a session at once.
    const direct = await gitHubLogin(new BrowserClient(server.url), identity);
    expect(direct.body).toMatchObject({ success: true, data: { username: 'dana' } });

    const setup = await dana.post<{ secret: string }>('/api/user/2fa/setup');
    const secret = setup.body.data!.secret;
    expect((await dana.post('/api/user/2fa/enable', { code: codeOf(secret) })).body.success).toBe(true);

    const browser = new BrowserClient(server.url);
    const first = await gitHubLogin(browser, identity);
    expect(first.body).toEqual({
      success: true,
      message: 'Enter your two-factor code',
      data: { require_2fa: true },
    });
    expect(browser.jar.header()).toContain('pending_2fa=');
    expect(browser.jar.header()).not.toContain('session=');
    expect(browser.userId).toBeNull();

    const wrong = await browser.post('/api/user/login/2fa', { code: '000000' });
    expect(wrong.body.success).toBe(false);
    const signed = await browser.post<SessionUser>('/api/user/login/2fa', { code: codeOf(secret, 1) });
    expect(signed.body).toMatchObject({ success: true, data: { username: 'dana' } });
    expect((await browser.get<SessionUser>('/api/user/self')).body.data?.username).toBe('dana');
  });
});
