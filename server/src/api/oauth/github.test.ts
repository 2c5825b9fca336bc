import { describe, expect } from 'vitest';
import type { SessionUser, UserView } from '../../../../common/api-types.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import { BrowserClient } from '../../test-support/fake-oauth/browser.ts';
import { type FakeGitHubUser, startFakeGitHub } from '../../test-support/fake-oauth/fake-github.ts';
import { setOptions } from '../../test-support/test-server.ts';
import { setUpResource, setUpSite } from '../../test-support/test-site.ts';

const matrix = await databaseMatrix();
const CLIENT = { clientId: 'github-client-id', clientSecret: 'github-client-secret-value' };
const STATE_REFUSED = 'The login request is invalid or has expired, please start the login again';

describe.each(matrix)('GitHub login on $name', (dialect) => {
  const github = setUpResource(() => startFakeGitHub(CLIENT), dialect);
  const { server, root, run } = setUpSite({
    dialect,
    environment: () => ({ GITHUB_OAUTH_URL: github.url, GITHUB_API_URL: github.url }),
    options: {
      GitHubClientId: CLIENT.clientId,
      GitHubClientSecret: CLIENT.clientSecret,
      GitHubOAuthEnabled: 'true',
      QuotaForNewUser: '1000',
      QuotaForInvitee: '200',
      QuotaForInviter: '300',
    },
  });

  /** The whole round trip of the login page: state, the visit to GitHub, the callback page's call. */
  async function gitHubLogin(browser: BrowserClient, user: FakeGitHubUser, aff?: string) {
    const state = await browser.oauthState(aff);
    return browser.get<SessionUser>('/api/oauth/github', { code: github.authorize(user), state });
  }

  const userById = async (id: number) => (await root.get<UserView>(`/api/user/${id}`)).body.data!;

  run('the state is 32 characters, set in a signed HttpOnly cookie for the OAuth API only', async () => {
    const response = await fetch(`${server.url}/api/oauth/state`);
    const body = (await response.json()) as { success: boolean; data: string };
    expect(body.success).toBe(true);
    expect(body.data).toMatch(/^[A-Za-z0-9]{32}$/);
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith('oauth_state=')) ?? '';
    expect(cookie).toContain(body.data);
    expect(cookie).not.toBe(`oauth_state=${body.data}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/oauth/);
    expect(cookie).toMatch(/Max-Age=600/);
  });

  run('creates a user on the first login and logs the same user in afterwards', async () => {
    const octocat = { id: 583231, login: 'octocat', name: 'The Octocat', email: 'octocat@example.com' };
    const first = new BrowserClient(server.url);
    const created = await gitHubLogin(first, octocat);
    expect(created.body).toMatchObject({
      success: true,
      message: '',
      data: { username: 'octocat', display_name: 'The Octocat', role: 1, status: 1, group: 'default' },
    });
    expect(github.tokenRequests.at(-1)).toMatchObject({
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
    });
    expect(JSON.stringify(created.body)).not.toContain(CLIENT.clientSecret);
    const self = await first.get<UserView>('/api/user/self');
    expect(self.body.data).toMatchObject({
      username: 'octocat',
      github_id: '583231',
      email: 'octocat@example.com',
      quota: 1000,
      inviter_id: 0,
    });

    const again = await gitHubLogin(new BrowserClient(server.url), { ...octocat, name: 'Renamed' });
    expect(again.body.data?.id).toBe(created.body.data?.id);
    expect(again.body.data?.username).toBe('octocat');
  });

  run('gives a taken username a suffix and falls back to the login as display name', async () => {
    const reply = await gitHubLogin(new BrowserClient(server.url), { id: 1_000_001, login: 'root' });
    expect(reply.body.success).toBe(true);
    expect(reply.body.data?.username).toMatch(/^root_[a-z0-9]{4}$/);
    expect(reply.body.data?.display_name).toBe('root');
  });

  run('binds the identity to the logged-in user and refuses it to anyone else', async () => {
    for (const username of ['dana', 'erin']) {
      const created = await root.post('/api/user/', {
        username,
        password: 'password-123',
        display_name: username,
      });
      expect(created.body.success).toBe(true);
    }
    const dana = new BrowserClient(server.url);
    await dana.login('dana', 'password-123');
    const danaGitHub = { id: 2002, login: 'dana-gh', name: 'Dana' };
    const bound = await gitHubLogin(dana, danaGitHub);
    expect(bound.body).toEqual({ success: true, message: 'bind' });
    expect((await dana.get<UserView>('/api/user/self')).body.data?.github_id).toBe('2002');

    const erin = new BrowserClient(server.url);
    await erin.login('erin', 'password-123');
    const stolen = await gitHubLogin(erin, danaGitHub);
    expect(stolen.body).toEqual({
      success: false,
      message: 'This GitHub account is already bound to another user',
    });
    expect((await erin.get<UserView>('/api/user/self')).body.data?.github_id).toBe('');

    const viaGitHub = await gitHubLogin(new BrowserClient(server.url), danaGitHub);
    expect(viaGitHub.body.data?.username).toBe('dana');
  });

  run('refuses a state minted in another browser, a forged cookie and a reused state', async () => {
    const owner = new BrowserClient(server.url);
    const state = await owner.oauthState();
    const stranger = new BrowserClient(server.url);
    const elsewhere = await stranger.get('/api/oauth/github', {
      code: github.authorize({ id: 3003, login: 'x' }),
      state,
    });
    expect(elsewhere.body).toEqual({ success: false, message: STATE_REFUSED });

    stranger.jar.set('oauth_state', state);
    const forged = await stranger.get('/api/oauth/github', {
      code: github.authorize({ id: 3003, login: 'x' }),
      state,
    });
    expect(forged.body).toEqual({ success: false, message: STATE_REFUSED });

    const copiedCookie = owner.jar.get('oauth_state')!;
    const user = { id: 3003, login: 'frank' };
    const used = await owner.get<SessionUser>('/api/oauth/github', { code: github.authorize(user), state });
    expect(used.body.data?.username).toBe('frank');
    expect(owner.jar.get('oauth_state')).toBeUndefined();

    const replay = new BrowserClient(server.url);
    replay.jar.set('oauth_state', copiedCookie);
    const reused = await replay.get('/api/oauth/github', { code: github.authorize(user), state });
    expect(reused.body).toEqual({ success: false, message: STATE_REFUSED });
    expect(replay.jar.get('session')).toBeUndefined();
  });

  run('refuses an expired state', async () => {
    const browser = new BrowserClient(server.url);
    const state = await browser.oauthState();
    await server.context.database.db
      .updateTable('one_time_secrets')
      .set({ expires_at: Math.floor(Date.now() / 1000) - 1 })
      .where('purpose', '=', 'oauth_state')
      .execute();
    const reply = await browser.get('/api/oauth/github', {
      code: github.authorize({ id: 3004, login: 'y' }),
      state,
    });
    expect(reply.body).toEqual({ success: false, message: STATE_REFUSED });
  });

  run('refuses a code GitHub does not accept', async () => {
    const browser = new BrowserClient(server.url);
    const reply = await browser.get('/api/oauth/github', {
      code: 'not-a-code',
      state: await browser.oauthState(),
    });
    expect(reply.body).toEqual({
      success: false,
      message: 'GitHub refused the authorization code; it may have expired, please log in again',
    });
    const missing = await browser.get('/api/oauth/github', { state: await browser.oauthState() });
    expect(missing.body).toEqual({ success: false, message: 'The authorization code is missing' });
  });

  run('refuses while GitHub login is disabled', async () => {
    await setOptions(root, { GitHubOAuthEnabled: 'false' });
    try {
      const reply = await gitHubLogin(new BrowserClient(server.url), { id: 4004, login: 'grace' });
      expect(reply.body).toEqual({
        success: false,
        message: 'The administrator has not enabled login and registration via GitHub',
      });
    } finally {
      await setOptions(root, { GitHubOAuthEnabled: 'true' });
    }
  });

  run('refuses new users while registration is off but still logs existing ones in', async () => {
    const existing = { id: 5005, login: 'heidi' };
    expect((await gitHubLogin(new BrowserClient(server.url), existing)).body.success).toBe(true);
    await setOptions(root, { RegisterEnabled: 'false' });
    try {
      const newcomer = await gitHubLogin(new BrowserClient(server.url), { id: 5006, login: 'ivan' });
      expect(newcomer.body).toEqual({
        success: false,
        message: 'The administrator has turned off new user registration',
      });
      expect((await gitHubLogin(new BrowserClient(server.url), existing)).body.data?.username).toBe('heidi');
    } finally {
      await setOptions(root, { RegisterEnabled: 'true' });
    }
  });

  run('credits the inviter whose code came with the state', async () => {
    const inviter = new BrowserClient(server.url);
    await root.post('/api/user/', { username: 'judy', password: 'password-123', display_name: 'judy' });
    await inviter.login('judy', 'password-123');
    const affCode = (await inviter.get<string>('/api/user/aff')).body.data!;

    const invited = await gitHubLogin(new BrowserClient(server.url), { id: 6006, login: 'mallory' }, affCode);
    expect(invited.body.success).toBe(true);
    const invitee = await userById(invited.body.data!.id);
    expect(invitee).toMatchObject({ inviter_id: inviter.userId, quota: 1200 });
    expect(await userById(inviter.userId!)).toMatchObject({
      aff_count: 1,
      aff_quota: 300,
      aff_history_quota: 300,
    });
  });

  run('refuses banned and cancelled users', async () => {
    const banned = await gitHubLogin(new BrowserClient(server.url), { id: 7007, login: 'niaj' });
    await root.post('/api/user/manage', { id: banned.body.data!.id, action: 'disable' });
    expect((await gitHubLogin(new BrowserClient(server.url), { id: 7007, login: 'niaj' })).body).toEqual({
      success: false,
      message: 'This user has been banned',
    });

    const cancelled = await gitHubLogin(new BrowserClient(server.url), { id: 7008, login: 'olivia' });
    await root.post('/api/user/manage', { id: cancelled.body.data!.id, action: 'delete' });
    expect((await gitHubLogin(new BrowserClient(server.url), { id: 7008, login: 'olivia' })).body).toEqual({
      success: false,
      message: 'This user has been cancelled',
    });
  });

  run(
    'finds an account adopted from one-api by its GitHub login and moves it to the numeric id',
    async () => {
      await root.post('/api/user/', { username: 'peggy', password: 'password-123', display_name: 'peggy' });
      const { db } = server.context.database;
      await db.updateTable('users').set({ github_id: 'peggy-gh' }).where('username', '=', 'peggy').execute();
      const reply = await gitHubLogin(new BrowserClient(server.url), { id: 8008, login: 'peggy-gh' });
      expect(reply.body.data?.username).toBe('peggy');
      const row = await db
        .selectFrom('users')
        .select('github_id')
        .where('username', '=', 'peggy')
        .executeTakeFirst();
      expect(row?.github_id).toBe('8008');
    },
  );
});
