/**
 * Forms, sessions and preferences in the built console: validation messages of the login and register
 * forms (English and Chinese), an expired session, and the language and theme surviving a reload.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { anonymousClient, createUserAndLogin } from '../server/src/test-support/test-server.ts';
import { hasChromium } from './harness.ts';
import {
  currentPath,
  englishPage,
  FLOW_OPTIONS,
  formError,
  loggedInEnglishPage,
  loginThroughConsole,
  openPersonalPage,
  POLL_OPTIONS,
  recordRequests,
  startConsoleForFile,
  toast,
  uniqueUsername,
  visibleText,
  waitForPath,
} from './helpers.ts';

const USER_PASSWORD = 'password-123';

async function documentTheme(page: Page): Promise<string | undefined> {
  return page.evaluate(() => document.documentElement.dataset.theme);
}

async function documentLanguage(page: Page): Promise<string> {
  return page.evaluate(() => document.documentElement.lang);
}

async function chooseLanguage(page: Page, language: 'zh' | 'en'): Promise<void> {
  await page.getByTestId('language-menu').click();
  await page.getByTestId(`language-${language}`).click();
}

describe.skipIf(!hasChromium)('console sessions and preferences', () => {
  const site = startConsoleForFile();

  it('shows the login and register validation messages in English', FLOW_OPTIONS, async () => {
    const page = await englishPage(site.harness);

    const loginRequests = recordRequests(page, '/api/user/login');
    await page.goto('/login');
    await page.getByTestId('login-submit').click();
    await toast(page, 'error', 'Error: please enter username and password!').waitFor();
    await page.getByTestId('login-username').fill('somebody');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-username').fill('');
    await page.getByTestId('login-password').fill('some-password');
    await page.getByTestId('login-submit').click();
    expect(await toast(page, 'error', 'please enter username and password!').count()).toBeGreaterThanOrEqual(
      1,
    );
    expect(loginRequests).toEqual([]);
    expect(currentPath(page)).toBe('/login');

    const username = uniqueUsername('newcomer');
    await page.goto('/register');
    await page.getByTestId('register-username').fill(username);
    await page.getByTestId('register-password').fill('short');
    await page.getByTestId('register-confirm-password').fill('short');
    await page.getByTestId('register-submit').click();
    await formError(page, 'password length must not be less than 8').waitFor();

    await page.getByTestId('register-password').fill('long-enough-1');
    await page.getByTestId('register-confirm-password').fill('long-enough-2');
    await page.getByTestId('register-submit').click();
    await formError(page, 'the two passwords entered differ').waitFor();
    // antd fades the old message out: wait until it has left the form (it must, the password is long enough now).
    await formError(page, 'password length must not be less than 8').waitFor({ state: 'detached' });
    await site.harness.screenshot(page, 'session-register-validation-en');
    expect(currentPath(page)).toBe('/register');
    expect((await anonymousClient(site.harness.server).login(username, 'long-enough-1')).body.success).toBe(
      false,
    );

    await page.getByTestId('register-confirm-password').fill('long-enough-1');
    await page.getByTestId('register-submit').click();
    await waitForPath(page, '/login');
    expect((await anonymousClient(site.harness.server).login(username, 'long-enough-1')).body.success).toBe(
      true,
    );
  });

  it('shows the validation messages in Chinese by default', FLOW_OPTIONS, async () => {
    const page = await site.harness.newPage();

    await page.goto('/login');
    expect(await visibleText(page.getByTestId('login-submit'))).toBe('登 录');
    await page.getByTestId('login-submit').click();
    await toast(page, 'error', '错误：请输入用户名和密码！').waitFor();

    await page.goto('/register');
    await page.getByTestId('register-username').fill(uniqueUsername('xinren'));
    await page.getByTestId('register-password').fill('short');
    await page.getByTestId('register-confirm-password').fill('different');
    await page.getByTestId('register-submit').click();
    await formError(page, '密码长度不得小于 8 位').waitFor();
    await formError(page, '两次输入的密码不一致').waitFor();
    expect(currentPath(page)).toBe('/register');
    await site.harness.screenshot(page, 'session-register-validation-zh');
  });

  it('sends a user whose session cookie is gone to /login?expired=true', FLOW_OPTIONS, async () => {
    const username = uniqueUsername('expiring');
    await createUserAndLogin(site.harness.server, site.root, username, { password: USER_PASSWORD });
    const page = await loggedInEnglishPage(site.harness, username, USER_PASSWORD);

    await page.context().clearCookies();
    await page.getByTestId('sidebar').getByTestId('nav-personal').click();
    await waitForPath(page, '/login?expired=true');
    const expired = page.getByTestId('login-expired');
    await expired.waitFor();
    expect(await visibleText(expired)).toContain('not logged in or login expired, please log in again');
    await page.getByTestId('top-login').waitFor();
    expect(await page.getByTestId('user-menu').count()).toBe(0);
    expect(await page.evaluate(() => window.localStorage.getItem('user'))).toBeNull();
    await site.harness.screenshot(page, 'session-expired');

    await loginThroughConsole(page, username, USER_PASSWORD);
    await openPersonalPage(page);
  });

  it('keeps the chosen language and theme across a reload, and switches back', FLOW_OPTIONS, async () => {
    const username = uniqueUsername('polyglot');
    await createUserAndLogin(site.harness.server, site.root, username, { password: USER_PASSWORD });
    const page = await site.harness.newPage();
    const personalNav = page.getByTestId('sidebar').getByTestId('nav-personal');

    await loginThroughConsole(page, username, USER_PASSWORD);
    await openPersonalPage(page);
    expect(await visibleText(personalNav)).toBe('个人设置');
    expect(await documentLanguage(page)).toBe('zh');
    expect(await documentTheme(page)).toBe('light');

    await chooseLanguage(page, 'en');
    await expect.poll(() => visibleText(personalNav), POLL_OPTIONS).toBe('Personal settings');
    await page.getByTestId('theme-toggle').click();
    await expect.poll(() => documentTheme(page), POLL_OPTIONS).toBe('dark');

    await page.reload();
    await page.getByTestId('personal-page').waitFor();
    expect(await visibleText(personalNav)).toBe('Personal settings');
    expect(await visibleText(page.getByTestId('personal-generate-token'))).toBe(
      'Generate system access token',
    );
    expect(await documentLanguage(page)).toBe('en');
    expect(await documentTheme(page)).toBe('dark');
    await site.harness.screenshot(page, 'session-english-dark');

    await chooseLanguage(page, 'zh');
    await expect.poll(() => visibleText(personalNav), POLL_OPTIONS).toBe('个人设置');
    await page.getByTestId('theme-toggle').click();
    await expect.poll(() => documentTheme(page), POLL_OPTIONS).toBe('light');

    await page.reload();
    await page.getByTestId('personal-page').waitFor();
    expect(await visibleText(personalNav)).toBe('个人设置');
    expect(await documentLanguage(page)).toBe('zh');
    expect(await documentTheme(page)).toBe('light');
  });
});
