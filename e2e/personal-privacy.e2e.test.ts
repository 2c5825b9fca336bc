/**
 * The personal page's privacy settings tab in the built console: a user turns new-api's switch "Record IP
 * address for request and error logs" on and off, saves, and the setting the server keeps
 * (record_ip_log in users.setting, PUT /api/user/setting) follows, other settings untouched; a reload
 * shows the saved state.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { UserSetting, UserView } from '../common/api-types.ts';
import { type ApiClient, createUserAndLogin } from '../server/src/test-support/test-server.ts';
import { hasChromium } from './harness.ts';
import {
  FLOW_OPTIONS,
  loggedInEnglishPage,
  openPersonalPage,
  POLL_OPTIONS,
  startConsoleForFile,
  toast,
  uniqueUsername,
  visibleText,
  waitForToastsToClose,
} from './helpers.ts';

const PASSWORD = 'password-123';

describe.skipIf(!hasChromium)('console: the personal privacy settings', () => {
  const site = startConsoleForFile();

  /** The user's setting as the server returns it (GET /api/user/self). */
  async function storedSetting(user: ApiClient): Promise<UserSetting> {
    const reply = await user.get<UserView>('/api/user/self');
    if (!reply.body.success || !reply.body.data) throw new Error(`self failed: ${reply.body.message}`);
    return reply.body.data.setting ? (JSON.parse(reply.body.data.setting) as UserSetting) : {};
  }

  /** The privacy tab's switch, after opening the tab. */
  async function openPrivacyTab(page: Page) {
    await page.getByTestId('personal-settings-form').getByRole('tab', { name: 'Privacy settings' }).click();
    const control = page.getByTestId('personal-record-ip-log');
    await control.waitFor();
    return control;
  }

  async function toggleAndSave(page: Page): Promise<void> {
    await waitForToastsToClose(page);
    await (await openPrivacyTab(page)).click();
    await page.getByTestId('personal-settings-save').click();
    await toast(page, 'success', 'save successful').waitFor();
  }

  it('turns recording the client IP on and off, and the server keeps the choice', FLOW_OPTIONS, async () => {
    const username = uniqueUsername('privacy');
    const user = await createUserAndLogin(site.harness.server, site.root, username, { password: PASSWORD });
    const saved = await user.put('/api/user/setting', {
      notify_type: 'email',
      quota_warning_threshold: 100_000,
      accept_unset_model_ratio_model: true,
    });
    expect(saved.body.success).toBe(true);
    expect((await storedSetting(user)).record_ip_log).toBeUndefined();

    const page = await loggedInEnglishPage(site.harness, username, PASSWORD);
    await openPersonalPage(page);
    const control = await openPrivacyTab(page);
    expect(await control.getAttribute('aria-checked')).toBe('false');
    expect(await visibleText(page.getByTestId('personal-settings-form'))).toContain(
      'When on, only “consumption” and “error” logs record your client IP address',
    );

    await toggleAndSave(page);
    await expect.poll(async () => (await storedSetting(user)).record_ip_log, POLL_OPTIONS).toBe(true);
    expect(await storedSetting(user)).toMatchObject({
      quota_warning_threshold: 100_000,
      accept_unset_model_ratio_model: true,
    });

    await page.reload();
    await page.getByTestId('personal-page').waitFor();
    const reloaded = await openPrivacyTab(page);
    await expect.poll(() => reloaded.getAttribute('aria-checked'), POLL_OPTIONS).toBe('true');

    await toggleAndSave(page);
    await expect.poll(async () => (await storedSetting(user)).record_ip_log, POLL_OPTIONS).toBe(false);
    expect((await storedSetting(user)).accept_unset_model_ratio_model).toBe(true);
    await site.harness.screenshot(page, 'personal-privacy');
    await page.close();
  });
});
