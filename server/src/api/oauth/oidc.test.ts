import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser, UserView } from '../../../../common/api-types.ts';
import { BrowserClient } from '../../test-support/fake-oauth/browser.ts';
import {
  type OidcTestAccount,
  startOidcProvider,
} from '../../test-support/fake-oauth/oidc-provider-harness.ts';
import { setOptions } from '../../test-support/test-server.ts';
import { setUpResource, setUpSite } from '../../test-support/test-site.ts';

const CLIENT_ID = 'switchyard-console';
const CLIENT_SECRET = 'oidc-client-secret-value-0123456789';

describe('OIDC login against a real OpenID provider', () => {
  const { server, root } = setUpSite();
  const provider = setUpResource(() =>
    startOidcProvider({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUri: `${server.url}/oauth/oidc`,
    }),
  );
  let authorizationEndpoint: string;

  beforeAll(async () => {
    // What the console does with the well-known URL an administrator enters.
    const discovery = (await (await fetch(provider.discoveryUrl)).json()) as Record<string, string>;
    authorizationEndpoint = discovery.authorization_endpoint!;
    await setOptions(root, {
      ServerAddress: server.url,
      'oidc.well_known': provider.discoveryUrl,
      'oidc.client_id': CLIENT_ID,
      'oidc.client_secret': CLIENT_SECRET,
      'oidc.authorization_endpoint': authorizationEndpoint,
      'oidc.token_endpoint': discovery.token_endpoint!,
      'oidc.user_info_endpoint': discovery.userinfo_endpoint!,
      'oidc.enabled': 'true',
    });
  });

  /** The login page's redirect to the provider (as web/src/pages/login/oauth-urls.ts builds it). */
  function authorizationUrl(state: string): string {
    const url = new URL(authorizationEndpoint);
    url.search = new URLSearchParams({
      client_id: CLIENT_ID,
      redirect_uri: `${server.url}/oauth/oidc`,
      response_type: 'code',
      scope: 'openid profile email',
      state,
    }).toString();
    return url.toString();
  }

  /** Login page → provider (sign-in and consent) → callback page → /api/oauth/oidc. */
  async function oidcLogin(browser: BrowserClient, account: OidcTestAccount) {
    const state = await browser.oauthState();
    provider.signInAs(account);
    const callback = await provider.authorizeInBrowser(authorizationUrl(state));
    expect(callback.searchParams.get('state')).toBe(state);
    const code = callback.searchParams.get('code');
    expect(code).toBeTruthy();
    return browser.get<SessionUser>('/api/oauth/oidc', { code: code!, state });
  }

  it('creates a user identified by the subject and logs the same user in afterwards', async () => {
    const account = {
      sub: 'subject-0001',
      email: 'quinn@example.org',
      email_verified: true,
      preferred_username: 'quinn',
      name: 'Quinn Example',
    };
    const browser = new BrowserClient(server.url);
    const first = await oidcLogin(browser, account);
    expect(first.body).toMatchObject({
      success: true,
      data: { username: 'quinn', display_name: 'Quinn Example' },
    });
    expect((await browser.get<UserView>('/api/user/self')).body.data).toMatchObject({
      oidc_id: 'subject-0001',
      email: 'quinn@example.org',
    });
    const again = await oidcLogin(new BrowserClient(server.url), {
      ...account,
      preferred_username: 'renamed',
    });
    expect(again.body.data?.id).toBe(first.body.data?.id);
  });

  it('names the user after the email when there is no preferred username, ignoring unverified addresses', async () => {
    const browser = new BrowserClient(server.url);
    const reply = await oidcLogin(browser, {
      sub: 'subject-0002',
      email: 'rupert@example.org',
      email_verified: false,
    });
    expect(reply.body.data?.username).toBe('rupert');
    expect((await browser.get<UserView>('/api/user/self')).body.data?.email).toBe('');
  });

  it('binds the subject to the logged-in user', async () => {
    await root.post('/api/user/', { username: 'sybil', password: 'password-123', display_name: 'sybil' });
    const browser = new BrowserClient(server.url);
    await browser.login('sybil', 'password-123');
    expect((await oidcLogin(browser, { sub: 'subject-0003', preferred_username: 'sybil-idp' })).body).toEqual(
      {
        success: true,
        message: 'bind',
      },
    );
    expect((await browser.get<UserView>('/api/user/self')).body.data?.oidc_id).toBe('subject-0003');
  });

  it('a code is accepted once: the provider refuses it the second time', async () => {
    const browser = new BrowserClient(server.url);
    const state = await browser.oauthState();
    provider.signInAs({ sub: 'subject-0004', preferred_username: 'trent' });
    const code = (await provider.authorizeInBrowser(authorizationUrl(state))).searchParams.get('code')!;
    expect((await browser.get('/api/oauth/oidc', { code, state })).body.success).toBe(true);
    const replay = new BrowserClient(server.url);
    const secondState = await replay.oauthState();
    expect((await replay.get('/api/oauth/oidc', { code, state: secondState })).body).toEqual({
      success: false,
      message: 'OIDC refused the authorization code; it may have expired, please log in again',
    });
  });

  it('refuses with a wrong client secret and while disabled', async () => {
    await setOptions(root, { 'oidc.client_secret': 'not-the-secret' });
    const wrongSecret = await oidcLogin(new BrowserClient(server.url), { sub: 'subject-0005' });
    expect(wrongSecret.body.message).toBe(
      'OIDC refused the authorization code; it may have expired, please log in again',
    );
    expect(JSON.stringify(wrongSecret.body)).not.toContain('not-the-secret');
    await setOptions(root, { 'oidc.client_secret': CLIENT_SECRET, 'oidc.enabled': 'false' });
    const browser = new BrowserClient(server.url);
    const disabled = await browser.get('/api/oauth/oidc', { code: 'any', state: await browser.oauthState() });
    expect(disabled.body).toEqual({
      success: false,
      message: 'The administrator has not enabled login and registration via OIDC',
    });
    await setOptions(root, { 'oidc.enabled': 'true' });
  });
});
