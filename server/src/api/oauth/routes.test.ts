import { describe, expect, it } from 'vitest';
import { BrowserClient } from '../../test-support/fake-oauth/browser.ts';
import { setUpSite } from '../../test-support/test-site.ts';

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
  const { server } = setUpSite({
    fresh: true,
    environment: { CRITICAL_RATE_LIMIT_ENABLE: 'true', CRITICAL_RATE_LIMIT: String(oauthRoutes.length) },
  });

  it('all share the critical per-IP limit', async () => {
    const browser = new BrowserClient(server.url);
    for (const path of oauthRoutes) expect((await browser.get(path)).status).not.toBe(429);
    const limited = await browser.get('/api/oauth/state');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ success: false, message: 'Too many requests, try again later' });
  });
});
