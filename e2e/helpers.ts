/**
 * Small helpers shared by the browser tests: language choice, console log-in/log-out through the UI,
 * toast and form-message locators, and unique test data.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { USERNAME_MAX_LENGTH } from '../common/limits.ts';
import { AFTER_LOGIN_PATH } from '../web/src/nav.ts';

/** Where a password login lands: the console's own constant, so the tests follow it. */
export { AFTER_LOGIN_PATH };

/** How long a page may take to show what a test waits for (SPA load plus API round trips). */
export const UI_TIMEOUT_MS = 15_000;

/**
 * Upper bound of one click-through test. The config's 60 s is enough on an idle machine (each flow takes
 * 3-13 s there), but a shared, heavily loaded runner has stretched the longest flows past 40 s.
 */
export const FLOW_OPTIONS = { timeout: 120_000 };

/** Options for `expect.poll` (its own default of one second is too short for a page round trip). */
export const POLL_OPTIONS = { timeout: UI_TIMEOUT_MS };

/** Makes every page of the context start in English (the console defaults to Chinese). */
export async function preferEnglish(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.localStorage.setItem('i18nextLng', 'en');
  });
}

/** The path plus query string the page shows now, e.g. `/login?expired=true`. */
export function currentPath(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** Waits until the page's address is exactly `pathWithQuery` (path plus optional query). */
export async function waitForPath(page: Page, pathWithQuery: string, timeout = UI_TIMEOUT_MS): Promise<void> {
  await page.waitForURL((url) => `${url.pathname}${url.search}` === pathWithQuery, { timeout });
}

/** An antd toast of the given kind whose text contains `text`. */
export function toast(page: Page, kind: 'error' | 'success' | 'info' | 'warning', text: string): Locator {
  return page.locator(`.ant-message-notice .ant-message-${kind}`, { hasText: text });
}

/** An antd form field's validation message. */
export function formError(page: Page, text: string): Locator {
  return page.locator('.ant-form-item-explain-error', { hasText: text });
}

/** Fills the login form, submits it and waits for the after-login page. */
export async function loginThroughConsole(page: Page, username: string, password: string): Promise<void> {
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await waitForPath(page, AFTER_LOGIN_PATH);
  await page.getByTestId('user-menu').waitFor();
}

/** Opens the personal settings page through the side bar and waits until it shows the account. */
export async function openPersonalPage(page: Page): Promise<void> {
  await page.getByTestId('sidebar').getByTestId('nav-personal').click();
  await waitForPath(page, '/personal');
  await page.getByTestId('personal-page').waitFor();
}

/** Logs out through the user menu and waits for the login page. */
export async function logoutThroughUserMenu(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await waitForPath(page, '/login');
}

let uniqueCounter = 0;

/** A username that no other test uses, within the 20-character limit. */
export function uniqueUsername(prefix: string): string {
  uniqueCounter += 1;
  const suffix = `${Date.now().toString(36).slice(-4)}${uniqueCounter}`;
  return `${prefix.slice(0, USERNAME_MAX_LENGTH - suffix.length)}${suffix}`;
}

/** The id of the users-table row that shows `username` (its `data-row-key`). */
export async function userRowId(page: Page, username: string): Promise<number> {
  const row = page.locator('[data-testid="users-table"] tr[data-row-key]', {
    has: page.getByText(username, { exact: true }),
  });
  await row.waitFor();
  const key = await row.getAttribute('data-row-key');
  const id = Number(key);
  if (!Number.isInteger(id) || id <= 0) throw new Error(`row of ${username} has no numeric key: ${key}`);
  return id;
}

/** The text a user sees in the element (rendered text, via Playwright, not the DOM's textContent). */
export function visibleText(locator: Locator): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText() reads the rendered text
  return locator.innerText();
}
