/**
 * Passkeys in the built console (docs/security.md) with Chromium's virtual authenticator (DevTools protocol
 * `WebAuthn.enable` + `WebAuthn.addVirtualAuthenticator`): register one from the personal page, log out, sign in
 * with it from the login page. The site is opened as `localhost` (a WebAuthn relying party id must be a domain).
 *
 * `/api/status` does not carry `passkey_login` yet (server/src/api/status is another area's file); until it does,
 * this test adds the field to the status reply the page receives, as the server will send it with
 * `passkey.enabled` on. The passkey ceremonies themselves all go to the real server.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium } from './harness.ts';
import {
  AFTER_LOGIN_PATH,
  englishPage,
  FLOW_OPTIONS,
  logoutThroughUserMenu,
  openPersonalPage,
  startConsoleForFile,
  uniqueUsername,
  waitForPath,
} from './helpers.ts';

const PASSWORD = 'password-123';

async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

describe.skipIf(!hasChromium)('console passkeys', () => {
  const site = startConsoleForFile();

  it('registers a passkey with the virtual authenticator and signs in with it', FLOW_OPTIONS, async () => {
    const { harness, root } = site;
    const enabled = await root.put('/api/option/', { key: 'passkey.enabled', value: 'true' });
    expect(enabled.body.success, JSON.stringify(enabled.body)).toBe(true);
    const username = uniqueUsername('pk');
    const created = await root.post('/api/user/', { username, password: PASSWORD, display_name: username });
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);

    const origin = `http://localhost:${new URL(harness.server.url).port}`;
    const page = await englishPage(harness);
    await addVirtualAuthenticator(page);

    await page.goto(`${origin}/login`);
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await waitForPath(page, AFTER_LOGIN_PATH);
    await openPersonalPage(page);
    await page.getByTestId('personal-passkey-add').click();
    await expect.poll(() => page.getByTestId('personal-passkey-item').count()).toBe(1);
    await harness.screenshot(page, 'passkeys-personal');

    await logoutThroughUserMenu(page);
    await page.getByTestId('login-passkey').click();
    await waitForPath(page, AFTER_LOGIN_PATH);
    await page.getByTestId('user-menu').waitFor();
    await openPersonalPage(page);
    await expect
      .poll(() => page.getByTestId('personal-passkey-item').textContent())
      .not.toContain('Last used: never');
    const self = await page.evaluate(async () => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { id?: number };
      const reply = await fetch('/api/user/self', { headers: { 'New-Api-User': String(user.id) } });
      return reply.json();
    });
    expect(self.data).toMatchObject({ username });
  });
});
