/**
 * User management and personal settings in the built console: the rank rules as an administrator sees
 * them (refused promotion, disabling a user ends their session at once) and the system access token.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ApiReply, UserView } from '../common/api-types.ts';
import { Role, UserStatus } from '../common/roles.ts';
import { createUserAndLogin } from '../server/src/test-support/test-server.ts';
import { hasChromium } from './harness.ts';
import {
  FLOW_OPTIONS,
  loggedInEnglishPage,
  loginThroughConsole,
  openPersonalPage,
  POLL_OPTIONS,
  startConsoleForFile,
  toast,
  uniqueUsername,
  userRowId,
  visibleText,
  waitForPath,
} from './helpers.ts';

const PASSWORD = 'password-123';
const ACCESS_TOKEN_PATTERN = /^[A-Za-z0-9]{32}$/;

async function openUsersPage(page: Page): Promise<void> {
  await page.getByTestId('sidebar').getByTestId('nav-user').click();
  await waitForPath(page, '/user');
  await page.getByTestId('users-table').waitFor();
}

describe.skipIf(!hasChromium)('console user management and personal settings', () => {
  const site = startConsoleForFile();

  it(
    'applies the rank rules: a regular admin cannot promote, and disabling ends the session',
    FLOW_OPTIONS,
    async () => {
      const adminName = uniqueUsername('deputy');
      const targetName = uniqueUsername('member');
      await createUserAndLogin(site.harness.server, site.root, adminName, {
        role: 'admin',
        password: PASSWORD,
      });
      const target = await createUserAndLogin(site.harness.server, site.root, targetName, {
        password: PASSWORD,
      });
      const targetId = target.currentUserId;

      const adminPage = await loggedInEnglishPage(site.harness, adminName, PASSWORD);
      await openUsersPage(adminPage);
      expect(await userRowId(adminPage, targetName)).toBe(targetId);
      const targetRow = adminPage.locator(`[data-testid="users-table"] tr[data-row-key="${targetId}"]`);
      expect(await visibleText(targetRow)).toContain('Normal user');

      await adminPage.getByTestId(`user-promote-${targetId}`).click();
      await toast(
        adminPage,
        'error',
        'Error: A regular administrator cannot promote other users to administrator',
      ).waitFor();
      expect(await visibleText(targetRow)).toContain('Normal user');
      expect((await site.root.get<UserView>(`/api/user/${targetId}`)).body.data?.role).toBe(Role.common);
      await site.harness.screenshot(adminPage, 'users-promote-refused');

      const userPage = await loggedInEnglishPage(site.harness, targetName, PASSWORD);
      await openPersonalPage(userPage);

      expect(await visibleText(adminPage.getByTestId(`user-status-${targetId}`))).toBe('Activated');
      await adminPage.getByTestId(`user-disable-${targetId}`).click();
      await toast(adminPage, 'success', 'Operation completed successfully').waitFor();
      await expect
        .poll(() => visibleText(adminPage.getByTestId(`user-status-${targetId}`)), POLL_OPTIONS)
        .toBe('Banned');
      await adminPage.getByTestId(`user-enable-${targetId}`).waitFor();
      expect(await adminPage.getByTestId(`user-disable-${targetId}`).count()).toBe(0);
      expect((await site.root.get<UserView>(`/api/user/${targetId}`)).body.data?.status).toBe(
        UserStatus.disabled,
      );
      // At 1280 px the status column sits under the fixed actions column: scroll the table as a user would.
      await adminPage.getByTestId('users-table').hover();
      await adminPage.mouse.wheel(600, 0);
      await site.harness.screenshot(adminPage, 'users-disabled');

      await userPage.reload();
      await waitForPath(userPage, '/login?expired=true');
      await userPage.getByTestId('login-expired').waitFor();
      await userPage.getByTestId('login-username').fill(targetName);
      await userPage.getByTestId('login-password').fill(PASSWORD);
      await userPage.getByTestId('login-submit').click();
      await toast(
        userPage,
        'error',
        'Error: Username or password is wrong, or the user has been banned',
      ).waitFor();
      expect(new URL(userPage.url()).pathname).toBe('/login');
      expect(await userPage.getByTestId('user-menu').count()).toBe(0);
      await site.harness.screenshot(userPage, 'users-disabled-user-login');

      await adminPage.getByTestId(`user-enable-${targetId}`).click();
      await expect
        .poll(() => visibleText(adminPage.getByTestId(`user-status-${targetId}`)), POLL_OPTIONS)
        .toBe('Activated');
      await loginThroughConsole(userPage, targetName, PASSWORD);
    },
  );

  it('generates a 32-character system access token that authenticates API calls', FLOW_OPTIONS, async () => {
    const username = uniqueUsername('scripter');
    const user = await createUserAndLogin(site.harness.server, site.root, username, { password: PASSWORD });
    const userId = String(user.currentUserId);
    const page = await loggedInEnglishPage(site.harness, username, PASSWORD, { clipboard: true });
    await openPersonalPage(page);
    expect(await page.getByTestId('personal-access-token').count()).toBe(0);

    const callSelf = (token: string) =>
      fetch(new URL('/api/user/self', site.harness.server.url), {
        headers: { Authorization: token, 'New-Api-User': userId, 'Accept-Language': 'en' },
      });

    await page.getByTestId('personal-generate-token').click();
    const tokenField = page.getByTestId('personal-access-token');
    await tokenField.waitFor();
    const token = await tokenField.inputValue();
    expect(token).toMatch(ACCESS_TOKEN_PATTERN);
    await toast(page, 'success', 'Token reset and copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await site.harness.screenshot(page, 'users-access-token');

    const response = await callSelf(token);
    expect(response.status).toBe(200);
    const body = (await response.json()) as ApiReply<UserView>;
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ id: user.currentUserId, username });

    await page.getByTestId('personal-generate-token').click();
    await expect.poll(() => tokenField.inputValue(), POLL_OPTIONS).not.toBe(token);
    const replacement = await tokenField.inputValue();
    expect(replacement).toMatch(ACCESS_TOKEN_PATTERN);
    expect((await callSelf(replacement)).status).toBe(200);
    expect((await callSelf(token)).status).toBe(401);
  });
});
