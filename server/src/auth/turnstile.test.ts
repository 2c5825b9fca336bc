import { describe, expect, it } from 'vitest';
import type { AppContext } from '../context.ts';
import { BrowserClient } from '../test-support/fake-oauth/browser.ts';
import { startFakeTurnstile } from '../test-support/fake-oauth/fake-turnstile.ts';
import { setOptions } from '../test-support/test-server.ts';
import { setUpResource, setUpSite } from '../test-support/test-site.ts';
import { verifyTurnstile } from './turnstile.ts';

const SECRET = 'turnstile-secret-value';
const CHECK_RUNNING = 'Please retry in a few seconds, the bot check is running';
const CHECK_FAILED = 'The bot check failed, please refresh the page and try again';
const ROOT = { username: 'root', password: 'root-password-1' };

describe('Turnstile bot check', () => {
  const turnstile = setUpResource(() => startFakeTurnstile(SECRET));
  const { server, root } = setUpSite({
    environment: () => ({ TURNSTILE_VERIFY_URL: turnstile.verifyUrl }),
    options: {
      TurnstileSiteKey: 'turnstile-site-key',
      TurnstileSecretKey: SECRET,
      TurnstileCheckEnabled: 'true',
    },
  });

  it('verifyTurnstile posts the secret, the token and the client IP and reads success', async () => {
    const token = turnstile.issueToken();
    expect(await verifyTurnstile(server.context, token, '203.0.113.7')).toBe(true);
    expect(turnstile.requests.at(-1)).toEqual({ secret: SECRET, response: token, remoteip: '203.0.113.7' });
    // Tokens work once, as Cloudflare's do.
    expect(await verifyTurnstile(server.context, token, '203.0.113.7')).toBe(false);
    expect(await verifyTurnstile(server.context, 'made-up-token', '203.0.113.7')).toBe(false);
    const before = turnstile.requests.length;
    expect(await verifyTurnstile(server.context, '', '203.0.113.7')).toBe(false);
    expect(turnstile.requests.length).toBe(before);
  });

  it('verifyTurnstile answers false when siteverify cannot be reached', async () => {
    const unreachable: AppContext = {
      ...server.context,
      config: {
        ...server.context.config,
        externalEndpoints: {
          ...server.context.config.externalEndpoints,
          turnstileVerify: 'http://127.0.0.1:1/siteverify',
        },
      },
    };
    expect(await verifyTurnstile(unreachable, turnstile.issueToken(), '203.0.113.7')).toBe(false);
  });

  it('login is refused without a token or when Turnstile says no, and accepted when it says yes', async () => {
    const browser = new BrowserClient(server.url);
    expect((await browser.post('/api/user/login', ROOT)).body).toEqual({
      success: false,
      message: CHECK_RUNNING,
    });
    expect((await browser.post('/api/user/login', ROOT, { turnstile: 'rejected-token' })).body).toEqual({
      success: false,
      message: CHECK_FAILED,
    });
    expect(browser.jar.get('session')).toBeUndefined();
    const accepted = await browser.post('/api/user/login', ROOT, { turnstile: turnstile.issueToken() });
    expect(accepted.body).toMatchObject({ success: true, data: { username: 'root' } });
    expect(turnstile.requests.at(-1)).toMatchObject({ secret: SECRET, remoteip: '127.0.0.1' });
  });

  it('registration is checked the same way', async () => {
    const browser = new BrowserClient(server.url);
    const account = { username: 'human', password: 'password-123', password2: 'password-123' };
    expect((await browser.post('/api/user/register', account, { turnstile: 'rejected-token' })).body).toEqual(
      {
        success: false,
        message: CHECK_FAILED,
      },
    );
    expect(
      (await browser.post('/api/user/register', account, { turnstile: turnstile.issueToken() })).body,
    ).toEqual({
      success: true,
      message: '',
    });
  });

  it('nothing is checked while the option is off', async () => {
    await setOptions(root, { TurnstileCheckEnabled: 'false' });
    const before = turnstile.requests.length;
    expect((await new BrowserClient(server.url).post('/api/user/login', ROOT)).body.success).toBe(true);
    expect(turnstile.requests.length).toBe(before);
  });
});
