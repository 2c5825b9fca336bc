/**
 * Account security in the built console (docs/security.md): root views a channel's key after entering a code
 * of the authenticator in the asking-again dialog (zh by default, then the same page in English at 375 px in the
 * dark theme); an administrator resets a user's two-factor from the user form; the passkey card of
 * Settings → System refuses a bad relying party id and saves good values.
 */

import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  ApiClient,
  createUserAndLogin,
  ROOT_PASSWORD,
  ROOT_USERNAME,
} from '../server/src/test-support/test-server.ts';
import { hasChromium } from './harness.ts';
import {
  AFTER_LOGIN_PATH,
  englishPage,
  FLOW_OPTIONS,
  loggedInEnglishPage,
  openPersonalPage,
  POLL_OPTIONS,
  startConsoleForFile,
  toast,
  uniqueUsername,
  waitForPath,
} from './helpers.ts';

const PASSWORD = 'password-123';
const UPSTREAM_KEY = 'sk-kept-by-root-8842';

function codeOf(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

/** Turns two-factor on from the personal page, as a user with an authenticator app; returns the key. */
async function enrolThroughPersonalPage(page: Page): Promise<string> {
  await openPersonalPage(page);
  await page.getByTestId('personal-2fa-setup').click();
  await page.getByTestId('personal-2fa-qr').waitFor();
  const secret = (await page.getByTestId('personal-2fa-secret').textContent())?.trim() ?? '';
  await page.getByTestId('personal-2fa-code').fill(codeOf(secret));
  await page.getByTestId('personal-2fa-enable').click();
  await expect.poll(() => page.getByTestId('personal-2fa-state').textContent(), POLL_OPTIONS).not.toBe('Off');
  return secret;
}

describe.skipIf(!hasChromium)('console account security', () => {
  const site = startConsoleForFile();

  it('an administrator resets a user’s two-factor from the user form', FLOW_OPTIONS, async () => {
    const { harness, root } = site;
    const username = uniqueUsername('reset');
    const user = await createUserAndLogin(harness.server, root, username);
    const setup = await user.post<{ secret: string }>('/api/user/2fa/setup');
    expect(
      (await user.post('/api/user/2fa/enable', { code: codeOf(setup.body.data!.secret) })).body.success,
    ).toBe(true);
    const adminName = uniqueUsername('secadmin');
    await createUserAndLogin(harness.server, root, adminName, { role: 'admin' });

    const page = await loggedInEnglishPage(harness, adminName, PASSWORD);
    await page.goto(`/user/edit/${user.currentUserId}`);
    await page.getByTestId('user-reset-twoFactor').click();
    await page.getByText("Reset this user's two-factor authentication?").waitFor();
    await harness.screenshot(page, 'security-admin-reset-confirm');
    await page.getByTestId('user-reset-twoFactor-ok').click();
    await toast(page, 'success', 'Two-factor authentication reset').waitFor();
    // The reset ended the user's sessions; the password alone signs in now.
    expect((await user.get('/api/user/self')).status).toBe(401);
    const fresh = await new ApiClient(harness.server.url).login(username, PASSWORD);
    expect(fresh.body.success).toBe(true);
    expect(fresh.body.data).not.toHaveProperty('require_2fa');
  });

  it('the passkey card checks the relying party id and saves', FLOW_OPTIONS, async () => {
    const { harness, root } = site;
    const page = await loggedInEnglishPage(harness, ROOT_USERNAME, ROOT_PASSWORD);
    await page.goto('/setting');
    await page.getByTestId('settings-tab-system').click();
    const card = page.getByTestId('settings-section-passkey');
    await card.scrollIntoViewIfNeeded();
    await page.getByTestId('setting-passkey.rp_id').fill('https://console.example.com');
    await page.getByTestId('settings-save-passkey').click();
    await page
      .getByText('The relying party id must be a host name such as example.com, without https:// or a port')
      .first()
      .waitFor();
    await page.getByTestId('setting-passkey.rp_id').fill('console.example.com');
    await page.getByTestId('setting-passkey.rp_display_name').fill('Switchyard Console');
    await page
      .getByTestId('setting-passkey.origins')
      .fill('https://console.example.com, https://admin.example.com');
    await page.getByTestId('setting-passkey.enabled').click();
    await page.getByTestId('settings-save-passkey').click();
    await expect
      .poll(async () => (await root.get<Record<string, string>[]>('/api/option/')).body.data, POLL_OPTIONS)
      .toEqual(
        expect.arrayContaining([
          expect.objectContaining({ key: 'passkey.rp_id', value: 'console.example.com' }),
          expect.objectContaining({ key: 'passkey.enabled', value: 'true' }),
        ]),
      );
    await harness.screenshot(card.page(), 'security-passkey-card');
    // Back to the defaults so the next test's passkey state is the server's default.
    await root.put('/api/option/', { key: 'passkey.rp_id', value: '' });
    await root.put('/api/option/', { key: 'passkey.enabled', value: 'false' });
  });

  it(
    'root views a channel key after entering a code (zh, then English at 375 px, dark)',
    FLOW_OPTIONS,
    async () => {
      const { harness, root } = site;
      const created = await root.post<{ ids: number[] }>('/api/channel/', {
        type: 1,
        name: uniqueUsername('keyview'),
        key: UPSTREAM_KEY,
        models: 'gpt-4o',
        group: 'default',
      });
      const id = created.body.data!.ids[0]!;

      // Chinese, the default language.
      const context = await harness.newContext();
      const page = await harness.newPage(context);
      await page.goto('/login');
      await page.getByTestId('login-username').fill(ROOT_USERNAME);
      await page.getByTestId('login-password').fill(ROOT_PASSWORD);
      await page.getByTestId('login-submit').click();
      await waitForPath(page, AFTER_LOGIN_PATH);
      await page.goto(`/channel/edit/${id}`);
      await page.getByTestId('channel-key-show').click();
      // Without a second factor the dialog says to set one up first.
      await page.getByTestId('secure-verify-none').waitFor();
      expect(await page.getByTestId('secure-verify-none').textContent()).toContain(
        '请先启用两步验证或添加 Passkey',
      );
      await page.keyboard.press('Escape');

      const secret = await enrolThroughPersonalPage(page);
      await page.goto(`/channel/edit/${id}`);
      await page.getByTestId('channel-key-show').click();
      await page.getByTestId('secure-verify-code').fill('000000');
      await page.getByTestId('secure-verify-submit').click();
      await page.getByText('验证码或备用码错误，请重试').first().waitFor();
      expect(await page.getByTestId('channel-key-value').count()).toBe(0);
      await page.getByTestId('secure-verify-code').fill(codeOf(secret, 1));
      await harness.screenshot(page, 'security-key-verify-zh');
      await page.getByTestId('secure-verify-submit').click();
      await expect
        .poll(() => page.getByTestId('channel-key-value').inputValue(), POLL_OPTIONS)
        .toBe(UPSTREAM_KEY);
      await harness.screenshot(page, 'security-key-shown-zh');

      // English at a phone's width in the dark theme: the verification of this browser still holds.
      const english = await englishPage(harness);
      await english.context().addCookies(await context.cookies());
      await english.setViewportSize({ width: 375, height: 800 });
      const storedUser = await page.evaluate(() => localStorage.getItem('user') ?? '');
      await english.goto('/login');
      await english.evaluate((user) => localStorage.setItem('user', user), storedUser);
      await english.goto(`/channel/edit/${id}`);
      await english.getByTestId('theme-toggle').click();
      await expect
        .poll(() => english.evaluate(() => document.documentElement.dataset.theme), POLL_OPTIONS)
        .toBe('dark');
      await english.getByTestId('channel-key-show').click();
      await english.getByTestId('secure-verify-code').waitFor();
      await harness.screenshot(english, 'security-key-verify-375-dark');
    },
  );
});
