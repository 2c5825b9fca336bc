/**
 * A fresh site before its operator set the server address or the mail server, in the built console: the
 * home page's API address and the invite link are the address the console was opened at (not a fixed
 * http://localhost:3000) until a ServerAddress is saved, and a password reset says plainly that the site
 * cannot send email — the same for a registered and an unknown address.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin } from '../server/src/test-support/test-server.ts';
import { hasChromium } from './harness.ts';
import {
  englishPage,
  FLOW_OPTIONS,
  loginThroughConsole,
  openPersonalPage,
  POLL_OPTIONS,
  preferEnglish,
  startConsoleForFile,
  toast,
  uniqueUsername,
  visibleText,
} from './helpers.ts';

const PASSWORD = 'password-123';
const SAVED_ADDRESS = 'https://gateway.example.com';
const NO_MAIL = {
  en: 'This site cannot send email: its mail server is not set up. Please contact the administrator.',
  zh: '本站尚未配置邮件服务器，无法发送邮件，请联系管理员',
};

describe.skipIf(!hasChromium)('console on a fresh site: derived address, no mail server', () => {
  const site = startConsoleForFile();
  let username: string;
  const registeredEmail = 'fresh-site-user@example.com';

  beforeAll(async () => {
    const { harness, root } = site;
    username = uniqueUsername('fresh');
    const user = await createUserAndLogin(harness.server, root, username, { password: PASSWORD });
    await harness.server.context.database.db
      .updateTable('users')
      .set({ email: registeredEmail })
      .where('id', '=', user.currentUserId!)
      .execute();
  });

  const homeAddress = async (page: Page) => {
    await page.goto('/');
    return visibleText(page.getByTestId('home-api-address'));
  };

  it('shows the address the console is opened at until one is saved', FLOW_OPTIONS, async () => {
    const page = await englishPage(site.harness);
    expect(await homeAddress(page)).toBe(site.harness.server.url);
    await site.harness.screenshot(page, 'fresh-site-home-address');

    await loginThroughConsole(page, username, PASSWORD);
    await openPersonalPage(page);
    const invite = page.getByTestId('personal-invite-link');
    await expect
      .poll(() => invite.inputValue(), POLL_OPTIONS)
      .toMatch(new RegExp(`^${site.harness.server.url}/register\\?aff=\\w+$`));

    const saved = await site.root.put('/api/option/', { key: 'ServerAddress', value: `${SAVED_ADDRESS}/` });
    expect(saved.body.success).toBe(true);
    try {
      const fresh = await site.harness.newPage(page.context());
      await expect.poll(() => homeAddress(fresh), POLL_OPTIONS).toBe(SAVED_ADDRESS);
    } finally {
      await site.root.put('/api/option/', { key: 'ServerAddress', value: '' });
    }
  });

  for (const language of ['en', 'zh'] as const) {
    it(`refuses a password reset without a mail server (${language})`, FLOW_OPTIONS, async () => {
      const context = await site.harness.newContext();
      if (language === 'en') await preferEnglish(context);
      const page = await site.harness.newPage(context);
      for (const email of [registeredEmail, 'nobody-here@example.com']) {
        await page.goto('/reset');
        await page.getByTestId('reset-email').fill(email);
        await page.getByTestId('reset-submit').click();
        await toast(page, 'error', NO_MAIL[language]).waitFor();
        expect(await page.locator('.ant-message-notice .ant-message-success').count()).toBe(0);
        // Nothing was sent, so the button does not wait for a resend.
        expect(await page.getByTestId('reset-submit').isEnabled()).toBe(true);
      }
      await site.harness.screenshot(page, `fresh-site-reset-no-mail-${language}`);
    });
  }
});
