/**
 * Small helpers shared by the browser tests: language choice, console log-in/log-out through the UI,
 * toast and form-message locators, and unique test data.
 */
import OpenAI from 'openai';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { CreateChannelsResult, OptionEntry, TokenView } from '../common/api-types.ts';
import { USERNAME_MAX_LENGTH } from '../common/limits.ts';
import {
  type FakeUpstream,
  type FakeUpstreamOptions,
  startFakeUpstream,
} from '../server/src/test-support/fake-upstream/fake-upstream.ts';
import { type ApiClient, loginAsRoot } from '../server/src/test-support/test-server.ts';
import { AFTER_LOGIN_PATH } from '../web/src/nav.ts';
import { type BrowserHarness, startBrowserHarness } from './harness.ts';

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

/** What `englishPage` adds to its context: clipboard access, and a script every document runs first. */
export interface EnglishPageOptions {
  clipboard?: boolean;
  initScript?: () => void;
}

/** A page in a new browser context of the harness whose pages start in English (see `preferEnglish`). */
export async function englishPage(harness: BrowserHarness, options: EnglishPageOptions = {}): Promise<Page> {
  const context = await harness.newContext();
  if (options.clipboard) await allowClipboard(context, harness.server.url);
  await preferEnglish(context);
  if (options.initScript) await context.addInitScript(options.initScript);
  return harness.newPage(context);
}

/** An `englishPage` logged in through the console's login form (see `loginThroughConsole`). */
export async function loggedInEnglishPage(
  harness: BrowserHarness,
  username: string,
  password: string,
  options: EnglishPageOptions = {},
): Promise<Page> {
  const page = await englishPage(harness, options);
  await loginThroughConsole(page, username, password);
  return page;
}

/**
 * The addresses of the requests the page sends from now on to `pathname` (with `method`, when given):
 * the returned list grows as the page sends them.
 */
export function recordRequests(page: Page, pathname: string, method?: string): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (method !== undefined && request.method() !== method) return;
    if (new URL(request.url()).pathname === pathname) urls.push(request.url());
  });
  return urls;
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
  return locator.innerText();
}

/** The shown value of an antd Statistic (its title left out). */
export function statisticValue(statistic: Locator): Promise<string> {
  return visibleText(statistic.locator('.ant-statistic-content'));
}

/** Lets the pages of the context read and write the clipboard, as a user who allowed it. */
export async function allowClipboard(context: BrowserContext, origin: string): Promise<void> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
}

/** How long `readClipboard` waits for a copy to land. */
export const CLIPBOARD_TIMEOUT_MS = 3_000;

/**
 * What the page's clipboard holds once a copy has landed: the write behind a click may finish after the
 * click returns (and after its toast shows), so this reads again until the clipboard holds a non-empty
 * value (or `expected`, when given), for at most three seconds; then it returns what it last read.
 */
export async function readClipboard(page: Page, expected?: string): Promise<string> {
  const deadline = Date.now() + CLIPBOARD_TIMEOUT_MS;
  for (;;) {
    const text = await page.evaluate(() => navigator.clipboard.readText());
    const landed = expected === undefined ? text !== '' : text === expected;
    if (landed || Date.now() >= deadline) return text;
    await page.waitForTimeout(100);
  }
}

/** The header titles of the antd table inside test id `tableTestId`, trimmed, one a column ('' when untitled). */
async function headerTitles(page: Page, tableTestId: string): Promise<string[]> {
  const titles = await page.getByTestId(tableTestId).locator('thead tr').last().locator('th').allInnerTexts();
  return titles.map((title) => title.trim());
}

/** The titles of the table's titled columns, in order (see `headerTitles`). */
export async function columnTitles(page: Page, tableTestId: string): Promise<string[]> {
  return (await headerTitles(page, tableTestId)).filter((title) => title !== '');
}

/** The `data-row-key`s of the rows the table inside test id `tableTestId` shows now, as numbers. */
export async function shownRowIds(page: Page, tableTestId: string): Promise<number[]> {
  const keys = await page
    .locator(`[data-testid="${tableTestId}"] tbody tr[data-row-key]`)
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-key')));
  return keys.map(Number);
}

/**
 * One cell of an antd table row, found by its column title: `tableTestId` is the data-testid around the
 * table, `rowKey` the row's `data-row-key`.
 */
export async function tableCell(
  page: Page,
  tableTestId: string,
  rowKey: string | number,
  columnTitle: string,
): Promise<Locator> {
  const titles = await headerTitles(page, tableTestId);
  const index = titles.indexOf(columnTitle);
  if (index < 0) throw new Error(`no column "${columnTitle}" in ${tableTestId}: ${titles.join(' | ')}`);
  return page
    .getByTestId(tableTestId)
    .locator(`tbody tr[data-row-key="${rowKey}"]`)
    .locator(':scope > td')
    .nth(index);
}

/** The text of one cell of an antd table row (see `tableCell`). */
export async function tableCellText(
  page: Page,
  tableTestId: string,
  rowKey: string | number,
  columnTitle: string,
): Promise<string> {
  return visibleText(await tableCell(page, tableTestId, rowKey, columnTitle));
}

/** The running console of a test file and root's API client, set before its first test. */
export interface ConsoleSite {
  harness: BrowserHarness;
  root: ApiClient;
}

/**
 * Starts the console before the file's tests and closes it after them; the site is not set up yet.
 * `environment` is added to the server's (e.g. `{ UPDATE_TASK: 'false' }`, server/src/config.ts).
 */
export function startFreshConsoleForFile(environment?: Record<string, string>): Pick<ConsoleSite, 'harness'> {
  const site = {} as ConsoleSite;
  beforeAll(async () => {
    site.harness = await startBrowserHarness(environment);
  });
  afterAll(async () => {
    await site.harness?.close();
  });
  return site;
}

/** Starts the console (and logs root in through the API) before the file's tests; closes it after them. */
export function startConsoleForFile(environment?: Record<string, string>): ConsoleSite {
  const site = startFreshConsoleForFile(environment) as ConsoleSite;
  beforeAll(async () => {
    site.root = await loginAsRoot(site.harness.server);
  });
  return site;
}

/** A `ConsoleSite` with a fake upstream (server/src/test-support/fake-upstream/fake-upstream.ts) of its own. */
export interface ConsoleSiteWithUpstream extends ConsoleSite {
  upstream: FakeUpstream;
}

/** `startConsoleForFile`, plus a fake upstream started before the file's tests and closed after them. */
export function startConsoleAndUpstreamForFile(
  upstreamOptions?: FakeUpstreamOptions,
): ConsoleSiteWithUpstream {
  const site = startConsoleForFile() as ConsoleSiteWithUpstream;
  beforeAll(async () => {
    site.upstream = await startFakeUpstream(upstreamOptions);
  });
  afterAll(async () => {
    await site.upstream?.close();
  });
  return site;
}

/** Opens a side-bar page (`nav-<key>`) and waits for its address. */
export async function openSideBarPage(page: Page, key: string, path: string): Promise<void> {
  await page.getByTestId('sidebar').getByTestId(`nav-${key}`).click();
  await waitForPath(page, path);
}

/** A table row (`data-row-key`) of the table with test id `tableTestId`. */
export function tableRow(page: Page, tableTestId: string, rowKey: number | string): Locator {
  return page.locator(`[data-testid="${tableTestId}"] tr[data-row-key="${rowKey}"]`);
}

/** The numeric `data-row-key` of the row of `tableTestId` that shows `text` exactly. */
export async function tableRowId(page: Page, tableTestId: string, text: string): Promise<number> {
  const row = page.locator(`[data-testid="${tableTestId}"] tr[data-row-key]`, {
    has: page.getByText(text, { exact: true }),
  });
  await row.waitFor();
  const key = await row.getAttribute('data-row-key');
  const id = Number(key);
  if (!Number.isInteger(id) || id <= 0) throw new Error(`row of ${text} has no numeric key: ${key}`);
  return id;
}

/**
 * Creates (as root) an OpenAI-type channel whose base URL is `baseUrl` (a fake upstream); returns its id.
 * Its key is `upstream-key-<name>` unless `fields.key` names one (for the fake's per-key behaviours).
 */
export async function createFakeChannel(
  root: ApiClient,
  baseUrl: string,
  fields: { name: string; models: string; group?: string; key?: string },
): Promise<number> {
  const reply = await root.post<CreateChannelsResult>('/api/channel/', {
    type: 1,
    key: `upstream-key-${fields.name}`,
    base_url: baseUrl,
    group: 'default',
    ...fields,
  });
  const id = reply.body.data?.ids[0];
  if (!reply.body.success || id === undefined)
    throw new Error(`channel creation failed: ${reply.body.message}`);
  return id;
}

/** Sets a user's balance as root. */
export async function setUserQuota(root: ApiClient, userId: number, quota: number): Promise<void> {
  const reply = await root.put('/api/user/', { id: userId, quota });
  if (!reply.body.success)
    throw new Error(`setting the quota of user ${userId} failed: ${reply.body.message}`);
}

/** The official SDK calling the server's /v1 with `apiKey` (e.g. `sk-…`), without retries. */
export function openaiClient(serverUrl: string, apiKey: string): OpenAI {
  return new OpenAI({ apiKey, baseURL: `${serverUrl}/v1`, maxRetries: 0, timeout: 20_000 });
}

/** Creates an unlimited key for the logged-in user and returns the official SDK configured with it. */
export async function openaiClientOf(user: ApiClient, serverUrl: string, keyName: string): Promise<OpenAI> {
  const reply = await user.post<TokenView>('/api/token/', {
    name: keyName,
    remain_quota: 0,
    unlimited_quota: true,
    expired_time: -1,
  });
  const key = reply.body.data?.key;
  if (!reply.body.success || !key) throw new Error(`key creation failed: ${reply.body.message}`);
  return openaiClient(serverUrl, `sk-${key}`);
}

/** Waits until no antd toast is on screen (so the next toast a test looks for is a new one). */
export async function waitForToastsToClose(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('.ant-message-notice').length === 0, undefined, {
    timeout: UI_TIMEOUT_MS,
  });
}

/** The editable element of the settings field with test id `setting-<key>` (input, text area or switch). */
export function settingControl(page: Page, key: string): Locator {
  const testId = `setting-${key}`;
  return page.locator(
    `input[data-testid="${testId}"], textarea[data-testid="${testId}"], button[data-testid="${testId}"], [data-testid="${testId}"] input`,
  );
}

/** Every option as root reads it through GET /api/option/, as a key → value map. */
export async function storedOptions(root: ApiClient): Promise<Record<string, string>> {
  const reply = await root.get<OptionEntry[]>('/api/option/');
  if (!reply.body.success || !reply.body.data)
    throw new Error(`reading options failed: ${reply.body.message}`);
  return Object.fromEntries(reply.body.data.map((entry) => [entry.key, entry.value]));
}
