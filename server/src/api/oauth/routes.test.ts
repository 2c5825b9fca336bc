import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserClient } from '../../test-support/fake-oauth/browser.ts';
import { startTestServer, type TestServer } from '../../test-support/test-server.ts';

const oauthRoutes = [
  '/api/oauth/state',
  '/api/oauth/github',
  '/api/oauth/oidc',
  '/api/oauth/linuxdo',
  '/api/oauth/wechat',
  '/api/oauth/wechat/bind',
  '/api/oauth/telegram/login',
  '/api/oauth/telegram/bind',
];

describe('OAuth routes', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      environment: { CRITICAL_RATE_LIMIT_ENABLE: 'true', CRITICAL_RATE_LIMIT: String(oauthRoutes.length) },
    });
  });
  afterAll(async () => server?.close());

  it('all share the critical per-IP limit', async () => {
    const browser = new BrowserClient(server.url);
    for (const path of oauthRoutes) expect((await browser.get(path)).status).not.toBe(429);
    const limited = await browser.get('/api/oauth/state');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ success: false, message: 'Too many requests, try again later' });
  });
});
