/**
 * First run and the basic admin/user split, clicked through in the built console:
 * setup on a fresh system, then an administrator creates a user who sees no admin pages.
 */
import { describe, expect, it } from 'vitest';
import type { PublicStatus, SetupStatus } from '../common/api-types.ts';
import { ApiClient } from '../server/src/test-support/test-server.ts';
import { hasChromium } from './harness.ts';
import {
  AFTER_LOGIN_PATH,
  currentPath,
  englishPage,
  FLOW_OPTIONS,
  formError,
  loggedInEnglishPage,
  loginThroughConsole,
  logoutThroughUserMenu,
  openPersonalPage,
  startFreshConsoleForFile,
  toast,
  uniqueUsername,
  userRowId,
  visibleText,
  waitForPath,
} from './helpers.ts';

const ADMIN_USERNAME = 'admin';
const ADMIN_PASSWORD = 'admin-password-1';

/** The setup page reloads 1.5 s after success; allow for that plus the reload itself. */
const SETUP_RELOAD_TIMEOUT_MS = 20_000;

/** Runs the first-run setup over HTTP when the setup test did not (e.g. when it is filtered out). */
async function ensureSetupDone(serverUrl: string): Promise<void> {
  const client = new ApiClient(serverUrl);
  const status = await client.get<SetupStatus>('/api/setup');
  if (status.body.data?.status) return;
  const setup = await client.post('/api/setup', {
    username: ADMIN_USERNAME,
    password: ADMIN_PASSWORD,
    confirmPassword: ADMIN_PASSWORD,
    SelfUseModeEnabled: false,
    DemoSiteEnabled: false,
  });
  if (!setup.body.success) throw new Error(`setup failed: ${setup.body.message}`);
}

describe.skipIf(!hasChromium)('console foundation', () => {
  const site = startFreshConsoleForFile();

  it(
    'sends a fresh system to /setup, validates the form and initializes with external operation',
    FLOW_OPTIONS,
    async () => {
      const page = await englishPage(site.harness);

      await page.goto('/');
      await waitForPath(page, '/setup');
      await page.goto('/login');
      await waitForPath(page, '/setup');

      const warning = page.getByTestId('setup-sqlite-warning');
      await warning.waitFor();
      expect(await visibleText(warning)).toContain('You are using a SQLite database');

      await page.getByTestId('setup-username').fill(ADMIN_USERNAME);
      await page.getByTestId('setup-password').fill('short');
      await page.getByTestId('setup-confirm-password').fill('short');
      await page.getByTestId('setup-submit').click();
      await formError(page, 'password length must not be less than 8').waitFor();
      expect(currentPath(page)).toBe('/setup');
      const stillFresh = await new ApiClient(site.harness.server.url).get<SetupStatus>('/api/setup');
      expect(stillFresh.body.data?.status).toBe(false);

      await page.getByTestId('setup-password').fill(ADMIN_PASSWORD);
      await page.getByTestId('setup-confirm-password').fill(ADMIN_PASSWORD);
      await page.getByTestId('setup-mode-self').click();
      expect(await page.getByTestId('setup-mode-self').isChecked()).toBe(true);
      await page.getByTestId('setup-mode-external').click();
      expect(await page.getByTestId('setup-mode-external').isChecked()).toBe(true);
      expect(await page.getByTestId('setup-mode-self').isChecked()).toBe(false);
      await page.getByTestId('setup-submit').click();
      await toast(page, 'success', 'System initialized').waitFor();
      await waitForPath(page, '/', SETUP_RELOAD_TIMEOUT_MS);
      await page.getByTestId('home-welcome').waitFor();

      const status = await new ApiClient(site.harness.server.url).get<SetupStatus>('/api/setup');
      expect(status.body.data).toMatchObject({ status: true, root_init: true });
      const publicStatus = await new ApiClient(site.harness.server.url).get<PublicStatus>('/api/status');
      expect(publicStatus.body.data).toMatchObject({
        self_use_mode_enabled: false,
        demo_site_enabled: false,
      });

      await page.goto('/setup');
      await waitForPath(page, '/');
      await page.getByTestId('home-welcome').waitFor();
      expect(await page.getByTestId('setup-submit').count()).toBe(0);
      await site.harness.screenshot(page, 'foundation-setup-done');
    },
  );

  it('lets the admin create a user who then sees no admin pages', FLOW_OPTIONS, async () => {
    await ensureSetupDone(site.harness.server.url);
    const page = await loggedInEnglishPage(site.harness, ADMIN_USERNAME, ADMIN_PASSWORD);
    expect(currentPath(page)).toBe(AFTER_LOGIN_PATH);
    const sideBar = page.getByTestId('sidebar');
    await sideBar.waitFor();
    for (const item of ['nav-channel', 'nav-user', 'nav-setting', 'nav-token', 'nav-personal']) {
      await sideBar.getByTestId(item).waitFor();
    }

    await sideBar.getByTestId('nav-user').click();
    await waitForPath(page, '/user');
    await page.getByTestId('users-table').waitFor();

    const username = uniqueUsername('walker');
    const password = 'walker-password-1';
    await page.getByTestId('add-user-button').click();
    await page.getByTestId('add-user-username').fill(username);
    await page.getByTestId('add-user-display-name').fill('Walker Test');
    await page.getByTestId('add-user-password').fill(password);
    await page.getByTestId('add-user-submit').click();
    await toast(page, 'success', 'User created').waitFor();
    await page.getByTestId('add-user-drawer').waitFor({ state: 'hidden' });
    const userId = await userRowId(page, username);
    const row = page.locator(`[data-testid="users-table"] tr[data-row-key="${userId}"]`);
    expect(await visibleText(row)).toContain('Walker Test');
    expect(await visibleText(page.getByTestId(`user-status-${userId}`))).toBe('Activated');
    expect(await visibleText(row)).toContain('Normal user');
    await site.harness.screenshot(page, 'foundation-user-created');

    await logoutThroughUserMenu(page);
    await toast(page, 'success', 'Logged out').waitFor();
    expect(await page.getByTestId('user-menu').count()).toBe(0);

    await loginThroughConsole(page, username, password);
    expect(currentPath(page)).toBe(AFTER_LOGIN_PATH);
    await sideBar.getByTestId('nav-token').waitFor();
    await sideBar.getByTestId('nav-personal').waitFor();
    for (const adminItem of ['nav-user', 'nav-setting', 'nav-channel', 'nav-redemption']) {
      expect(await sideBar.getByTestId(adminItem).count(), adminItem).toBe(0);
    }
    await openPersonalPage(page);
    expect(await visibleText(page.getByTestId('personal-role'))).toBe('Normal user');
    await site.harness.screenshot(page, 'foundation-user-side-bar');

    await page.goto('/user');
    await page.getByTestId('not-found').waitFor();
    expect(await visibleText(page.getByTestId('not-found'))).toContain('page does not exist');
    expect(await page.getByTestId('users-table').count()).toBe(0);
    await site.harness.screenshot(page, 'foundation-user-not-found');
  });
});
