import { describe, expect, it } from 'vitest';
import type { SessionUser, UserView } from '../../../../common/api-types.ts';
import { BrowserClient } from '../../test-support/fake-oauth/browser.ts';
import { type FakeLinuxDoUser, startFakeLinuxDo } from '../../test-support/fake-oauth/fake-linuxdo.ts';
import { setOptions } from '../../test-support/test-server.ts';
import { setUpResource, setUpSite } from '../../test-support/test-site.ts';

const CLIENT = { clientId: 'linuxdo-client-id', clientSecret: 'linuxdo-client-secret-value' };

describe('Linux DO login', () => {
  const linuxDo = setUpResource(() => startFakeLinuxDo(CLIENT));
  const { server, root } = setUpSite({
    environment: () => ({ LINUXDO_OAUTH_URL: linuxDo.url }),
    options: (started) => ({
      ServerAddress: started.url,
      LinuxDOClientId: CLIENT.clientId,
      LinuxDOClientSecret: CLIENT.clientSecret,
      LinuxDOOAuthEnabled: 'true',
    }),
  });

  async function linuxDoLogin(browser: BrowserClient, user: FakeLinuxDoUser) {
    const state = await browser.oauthState();
    return browser.get<SessionUser>('/api/oauth/linuxdo', {
      code: linuxDo.authorize(user, `${server.url}/oauth/linuxdo`),
      state,
    });
  }

  it('creates a user on the first login and logs the same user in afterwards', async () => {
    const user = { id: 4242, username: 'neo', name: 'Thomas Anderson', trust_level: 2 };
    const browser = new BrowserClient(server.url);
    const first = await linuxDoLogin(browser, user);
    expect(first.body).toMatchObject({
      success: true,
      data: { username: 'neo', display_name: 'Thomas Anderson' },
    });
    expect((await browser.get<UserView>('/api/user/self')).body.data?.linux_do_id).toBe('4242');
    const again = await linuxDoLogin(new BrowserClient(server.url), user);
    expect(again.body.data?.id).toBe(first.body.data?.id);
  });

  it('binds to the logged-in user', async () => {
    await root.post('/api/user/', { username: 'trinity', password: 'password-123', display_name: 'trinity' });
    const browser = new BrowserClient(server.url);
    await browser.login('trinity', 'password-123');
    expect((await linuxDoLogin(browser, { id: 4343, username: 'trinity-ld' })).body).toEqual({
      success: true,
      message: 'bind',
    });
    expect((await browser.get<UserView>('/api/user/self')).body.data?.linux_do_id).toBe('4343');
  });

  it('sends the registered redirect address, so a code issued for another one is refused', async () => {
    const browser = new BrowserClient(server.url);
    const state = await browser.oauthState();
    const code = linuxDo.authorize(
      { id: 4444, username: 'smith' },
      'https://elsewhere.example/oauth/linuxdo',
    );
    expect((await browser.get('/api/oauth/linuxdo', { code, state })).body).toEqual({
      success: false,
      message: 'Linux DO refused the authorization code; it may have expired, please log in again',
    });
  });

  it('refuses accounts that are not active', async () => {
    const reply = await linuxDoLogin(new BrowserClient(server.url), {
      id: 4545,
      username: 'morpheus',
      active: false,
    });
    expect(reply.body).toEqual({ success: false, message: 'This Linux DO account is not activated' });
  });

  it('refuses wrong client credentials and a disabled login', async () => {
    await setOptions(root, { LinuxDOClientSecret: 'wrong-secret' });
    const refused = await linuxDoLogin(new BrowserClient(server.url), { id: 4646, username: 'oracle' });
    expect(refused.body.message).toBe(
      'Linux DO refused the authorization code; it may have expired, please log in again',
    );
    await setOptions(root, { LinuxDOClientSecret: CLIENT.clientSecret, LinuxDOOAuthEnabled: 'false' });
    const disabled = await linuxDoLogin(new BrowserClient(server.url), { id: 4646, username: 'oracle' });
    expect(disabled.body).toEqual({
      success: false,
      message: 'The administrator has not enabled login and registration via Linux DO',
    });
    await setOptions(root, { LinuxDOOAuthEnabled: 'true' });
  });
});
