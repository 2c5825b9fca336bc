/**
 * The token page in the built console: creating a token in the drawer, copying its key and using it with
 * the official openai SDK through a channel that points at the fake upstream, switching it off (the same
 * call then fails with 401), and creating several tokens at once.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page as ListPage, TokenView } from '../common/api-types.ts';
import { TokenStatus } from '../common/statuses.ts';
import { createUserAndLogin } from '../server/src/test-support/test-server.ts';
import { hasChromium } from './harness.ts';
import {
  createFakeChannel,
  FLOW_OPTIONS,
  loggedInEnglishPage,
  openaiClient,
  openSideBarPage,
  POLL_OPTIONS,
  readClipboard,
  recordRequests,
  startConsoleAndUpstreamForFile,
  tableRowId,
  toast,
  uniqueUsername,
  visibleText,
} from './helpers.ts';

const PASSWORD = 'password-123';
const MODEL = 'gpt-4o-mini';
const CHANNEL_KEY = 'tokens-e2e-upstream-key';
const REPLY_TEXT = 'Reply for the token page test';
/** The $10 quota preset at the default 500 000 quota per unit. */
const TEN_DOLLAR_QUOTA = 5_000_000;
const FULL_KEY_PATTERN = /^sk-[A-Za-z0-9]{48}$/;

/** The HTTP status of an SDK call that must fail (0 when the error carries none). */
async function failureStatus(call: Promise<unknown>): Promise<number> {
  try {
    await call;
  } catch (error) {
    return (error as { status?: number }).status ?? 0;
  }
  throw new Error('the call was expected to fail but succeeded');
}

async function openTokensPage(page: Page): Promise<void> {
  await openSideBarPage(page, 'token', '/token');
  await page.getByTestId('tokens-table').waitFor();
}

describe.skipIf(!hasChromium)('console token page', () => {
  const site = startConsoleAndUpstreamForFile();

  beforeAll(async () => {
    await createFakeChannel(site.root, site.upstream.url, {
      name: 'tokens-e2e-channel',
      key: CHANNEL_KEY,
      models: MODEL,
    });
    site.upstream.setBehaviorForKey(CHANNEL_KEY, { replyText: REPLY_TEXT });
  });

  it(
    'creates a token, copies its key, relays with it, and refuses it once switched off',
    FLOW_OPTIONS,
    async () => {
      const username = uniqueUsername('keyholder');
      const user = await createUserAndLogin(site.harness.server, site.root, username, { password: PASSWORD });
      const funded = await site.root.put('/api/user/', { id: user.currentUserId, quota: 100_000_000 });
      expect(funded.body.success).toBe(true);

      const page = await loggedInEnglishPage(site.harness, username, PASSWORD, { clipboard: true });
      await openTokensPage(page);

      const createRequests = recordRequests(page, '/api/token/', 'POST');
      await page.getByTestId('tokens-add').click();
      const drawer = page.getByTestId('token-drawer');
      await page.getByTestId('token-name').waitFor();
      await page.getByTestId('token-submit').click();
      await toast(page, 'error', 'Error: Please enter a token name').waitFor();
      expect(createRequests).toEqual([]);

      const tokenName = `relay-${Date.now().toString(36)}`;
      await page.getByTestId('token-name').fill(tokenName);
      // The quick buttons set the fields through the form; the inputs show it a render later.
      const fieldValue = (testId: string) => () => page.getByTestId(testId).inputValue();
      await page.getByTestId('token-quota-preset-10').click();
      await expect.poll(fieldValue('token-quota'), POLL_OPTIONS).toBe(String(TEN_DOLLAR_QUOTA));
      await page.getByTestId('token-expiry-day').click();
      await expect.poll(fieldValue('token-expiry'), POLL_OPTIONS).not.toBe('');
      await page.getByTestId('token-expiry-never').click();
      await expect.poll(fieldValue('token-expiry'), POLL_OPTIONS).toBe('');
      await page.getByTestId('token-submit').click();
      await toast(page, 'success', "Token created. Click 'Copy' in the list to get its key.").waitFor();
      await drawer.waitFor({ state: 'hidden' });
      expect(createRequests).toHaveLength(1);

      const tokenId = await tableRowId(page, 'tokens-table', tokenName);
      const row = page.locator(`[data-testid="tokens-table"] tr[data-row-key="${tokenId}"]`);
      expect(await visibleText(row)).toContain('Never expires');
      expect(await visibleText(page.getByTestId(`token-status-tag-${tokenId}`))).toBe('Enabled');
      const stored = (await user.get<TokenView>(`/api/token/${tokenId}`)).body.data;
      expect(stored).toMatchObject({
        name: tokenName,
        remain_quota: TEN_DOLLAR_QUOTA,
        unlimited_quota: false,
        expired_time: -1,
        status: TokenStatus.enabled,
      });

      await page.getByTestId(`token-copy-${tokenId}`).click();
      await toast(page, 'success', 'Key copied to the clipboard').waitFor();
      const key = await readClipboard(page, `sk-${stored?.key}`);
      expect(key).toMatch(FULL_KEY_PATTERN);
      expect(key).toBe(`sk-${stored?.key}`);
      await site.harness.screenshot(page, 'tokens-created');

      const openai = openaiClient(site.harness.server.url, key);
      const ask = () =>
        openai.chat.completions.create({
          model: MODEL,
          messages: [{ role: 'user', content: 'hello there' }],
        });
      const completion = await ask();
      expect(completion.choices[0]?.message.content).toBe(REPLY_TEXT);
      expect(site.upstream.requests.at(-1)?.apiKey).toBe(CHANNEL_KEY);

      await page.getByTestId(`token-status-${tokenId}`).click();
      await expect
        .poll(() => visibleText(page.getByTestId(`token-status-tag-${tokenId}`)), POLL_OPTIONS)
        .toBe('Disabled');
      expect(await page.getByTestId(`token-status-${tokenId}`).getAttribute('aria-checked')).toBe('false');
      expect((await user.get<TokenView>(`/api/token/${tokenId}`)).body.data?.status).toBe(
        TokenStatus.disabled,
      );
      const forwardedBefore = site.upstream.requests.length;
      expect(await failureStatus(ask())).toBe(401);
      expect(site.upstream.requests.length).toBe(forwardedBefore);
      await site.harness.screenshot(page, 'tokens-disabled');
    },
  );

  it('creates three tokens at once, the copies named with a random suffix', FLOW_OPTIONS, async () => {
    const username = uniqueUsername('batcher');
    const user = await createUserAndLogin(site.harness.server, site.root, username, { password: PASSWORD });
    const page = await loggedInEnglishPage(site.harness, username, PASSWORD);
    await openTokensPage(page);

    const baseName = `batch-${Date.now().toString(36)}`;
    await page.getByTestId('tokens-add').click();
    await page.getByTestId('token-name').fill(baseName);
    await page.getByTestId('token-count').fill('3');
    await page.getByTestId('token-submit').click();
    await toast(page, 'success', "3 tokens created. Click 'Copy' in the list to get their keys.").waitFor();
    await page.getByTestId('token-drawer').waitFor({ state: 'hidden' });

    const rows = page.locator('[data-testid="tokens-table"] tr[data-row-key]');
    await expect.poll(() => rows.count(), POLL_OPTIONS).toBe(3);
    const shownNames = await page
      .locator('[data-testid="tokens-table"] tr[data-row-key] td:first-child')
      .allInnerTexts();
    const copyPattern = new RegExp(`^${baseName}-[A-Za-z0-9]{6}$`);
    expect(shownNames.filter((name) => name === baseName)).toHaveLength(1);
    const copies = shownNames.filter((name) => copyPattern.test(name));
    expect(copies).toHaveLength(2);
    expect(new Set(copies).size).toBe(2);

    const listed = (await user.get<ListPage<TokenView>>('/api/token/', { p: 1, size: 10 })).body.data;
    expect(listed?.total).toBe(3);
    expect(listed?.items.map((token) => token.name).sort()).toEqual([...shownNames].sort());
    expect(new Set(listed?.items.map((token) => token.key)).size).toBe(3);
    await site.harness.screenshot(page, 'tokens-batch-created');
  });
});
