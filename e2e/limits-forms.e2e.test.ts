/**
 * Traffic limits in the built console (docs/limits.md): a user sets limits on a key in the token drawer —
 * a negative count and an unknown time zone are refused beside their fields and nothing is sent — sees
 * them saved (the list's Limits column, the reopened drawer, the API) and finds them in "My limits" on the
 * personal page; root sets a user's limits in the user form and a multi-key channel's caps and per-key
 * caps in the channel form.
 */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateChannelsResult, TokenView } from '../common/api-types.ts';
import type { ChannelLimits, LimitSet } from '../common/traffic-limits.ts';
import {
  createUserAndLogin,
  ROOT_PASSWORD,
  ROOT_USERNAME,
  setOptions,
} from '../server/src/test-support/test-server.ts';
import { hasChromium } from './harness.ts';
import {
  FLOW_OPTIONS,
  formError,
  loggedInEnglishPage,
  loginThroughConsole,
  openPersonalPage,
  openSideBarPage,
  POLL_OPTIONS,
  recordRequests,
  startConsoleAndUpstreamForFile,
  tableRowId,
  toast,
  uniqueUsername,
  visibleText,
} from './helpers.ts';

const PASSWORD = 'password-123';
const SHOTS = '/tmp/shots';
/** $5 at the default 500,000 quota per dollar (the console shows amounts in dollars by default). */
const FIVE_DOLLARS = 2_500_000;

/** A screenshot of the page, or of one part of it (a drawer's section scrolls inside the drawer). */
async function shot(page: Page, name: string, part?: Locator): Promise<void> {
  if (part) await part.screenshot({ path: `${SHOTS}/${name}.png` });
  else await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The text box of an input: antd puts the test id on the input itself, or on an AutoComplete's wrapper. */
function textBox(page: Page, testId: string): Locator {
  return page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();
}

/** Opens a limits section (a collapse) unless it is open already. */
async function openSection(page: Page, testId: string): Promise<void> {
  const section = page.getByTestId(testId);
  const header = section.locator('.ant-collapse-header').first();
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await expect.poll(() => header.getAttribute('aria-expanded'), POLL_OPTIONS).toBe('true');
}

async function choose(page: Page, selectTestId: string, option: string): Promise<void> {
  await page.getByTestId(selectTestId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).click();
}

describe.skipIf(!hasChromium)('console: traffic limits on keys, users and channels', () => {
  const site = startConsoleAndUpstreamForFile();

  beforeAll(() => {
    mkdirSync(SHOTS, { recursive: true });
  });

  it(
    'sets limits on a key, refuses a negative count and an unknown time zone, and shows them in My limits',
    FLOW_OPTIONS,
    async () => {
      const username = uniqueUsername('limited');
      const user = await createUserAndLogin(site.harness.server, site.root, username, { password: PASSWORD });
      const page = await loggedInEnglishPage(site.harness, username, PASSWORD);
      await openSideBarPage(page, 'token', '/token');
      await page.getByTestId('tokens-table').waitFor();

      const tokenName = `capped-${Date.now().toString(36)}`;
      await page.getByTestId('tokens-add').click();
      await page.getByTestId('token-name').fill(tokenName);
      expect(await visibleText(page.getByTestId('token-limits-section-summary'))).toBe('None set');
      await openSection(page, 'token-limits-section');

      const creates = recordRequests(page, '/api/token/', 'POST');
      await textBox(page, 'token-limits-rpm').fill('-5');
      await textBox(page, 'token-limits-timezone').fill('Mars/Olympus');
      await page.getByTestId('token-submit').click();
      await formError(page, 'Requests per minute must be a whole number, 0 or more').waitFor();
      await formError(
        page,
        'Reset time zone: unknown time zone; use an IANA name such as Asia/Shanghai',
      ).waitFor();
      await shot(page, 'limits-token-form-refused', page.getByTestId('token-limits-section'));
      expect(creates).toEqual([]);

      await textBox(page, 'token-limits-rpm').fill('60');
      await textBox(page, 'token-limits-tpm').fill('10000');
      await textBox(page, 'token-limits-budget').fill('5');
      await choose(page, 'token-limits-budget-period', 'Week (from Monday)');
      const zone = textBox(page, 'token-limits-timezone');
      await zone.fill('');
      await zone.fill('Asia/Shanghai');
      await page.keyboard.press('Escape');
      await expect
        .poll(() => visibleText(page.getByTestId('token-limits-section-summary')), POLL_OPTIONS)
        .toBe('3 set');
      await shot(page, 'limits-token-form-filled', page.getByTestId('token-limits-section'));
      await page.getByTestId('token-submit').click();
      await toast(page, 'success', "Token created. Click 'Copy' in the list to get its key.").waitFor();
      await page.getByTestId('token-drawer').waitFor({ state: 'hidden' });
      expect(creates).toHaveLength(1);

      const tokenId = await tableRowId(page, 'tokens-table', tokenName);
      const stored = (await user.get<TokenView & { limits?: LimitSet }>(`/api/token/${tokenId}`)).body.data;
      expect(stored?.limits).toEqual({
        rpm: 60,
        tpm: 10_000,
        budget: FIVE_DOLLARS,
        budget_period: 'week',
        timezone: 'Asia/Shanghai',
      });
      const cell = page.getByTestId(`token-limits-${tokenId}`);
      await expect.poll(() => visibleText(cell), POLL_OPTIONS).toContain('Budget');
      const cellText = await visibleText(cell);
      expect(cellText).toMatch(/Budget \$5\.00 \/ \$5\.00 left|Budget limit \$5\.00/);
      expect(cellText).toMatch(/RPM (60 \/ 60 left|limit 60)/);
      expect(cellText).toMatch(/TPM (10k \/ 10k left|limit 10k)/);
      // The weekly budget resets next Monday at 00:00 in Shanghai, shown in the browser's time.
      expect(cellText).toMatch(/resets (\d\d-\d\d )?\d\d:\d\d/);
      await shot(page, 'limits-token-list');

      // Reopened, the drawer shows what was saved, the budget in dollars.
      await page.getByTestId(`token-edit-${tokenId}`).click();
      await page.getByTestId('token-limits-section').waitFor();
      expect(await visibleText(page.getByTestId('token-limits-section-summary'))).toBe('3 set');
      await expect.poll(() => textBox(page, 'token-limits-rpm').inputValue(), POLL_OPTIONS).toBe('60');
      expect(await textBox(page, 'token-limits-tpm').inputValue()).toBe('10000');
      expect(await textBox(page, 'token-limits-budget').inputValue()).toBe('5.00');
      expect(await textBox(page, 'token-limits-timezone').inputValue()).toBe('Asia/Shanghai');
      expect(await visibleText(page.getByTestId('token-limits-budget-period'))).toContain(
        'Week (from Monday)',
      );
      await shot(page, 'limits-token-form-reopened', page.getByTestId('token-limits-section'));

      // Clearing a field and saving keeps the rest.
      await textBox(page, 'token-limits-tpm').fill('');
      await page.getByTestId('token-submit').click();
      await toast(page, 'success', 'Token updated').waitFor();
      await page.getByTestId('token-drawer').waitFor({ state: 'hidden' });
      const edited = (await user.get<TokenView & { limits?: LimitSet }>(`/api/token/${tokenId}`)).body.data;
      expect(edited?.limits).toEqual({
        rpm: 60,
        budget: FIVE_DOLLARS,
        budget_period: 'week',
        timezone: 'Asia/Shanghai',
      });

      // The group's limits and its per-model limits (settings → traffic) apply to the user as well.
      await setOptions(site.root, {
        'traffic_setting.group_limits': JSON.stringify({ default: { rpd: 5000 } }),
        'traffic_setting.model_limits': JSON.stringify({ default: { 'gpt-4o-mini': { tpm: 20_000 } } }),
      });
      await openPersonalPage(page);
      const card = page.getByTestId('my-limits-card');
      await card.getByTestId('my-limits-table').waitFor();
      const keyRows = card.locator('tr', { hasText: `Key ${tokenName}` });
      await expect.poll(() => keyRows.count(), POLL_OPTIONS).toBe(2);
      const cardText = await visibleText(card);
      expect(cardText).toContain('Budget per week: $5.00');
      expect(cardText).toContain('Requests per minute: 60');
      expect(cardText).toContain('Group default (all its users together)');
      expect(cardText).toContain('Requests per day: 5000');
      expect(cardText).toContain('gpt-4o-mini in group default');
      expect(cardText).toContain('Tokens per minute: 20k');
      await shot(page, 'limits-my-limits', card);

      // The console's default language shows the same limits in Chinese.
      const zhPage = await site.harness.newPage();
      await loginThroughConsole(zhPage, username, PASSWORD);
      await openPersonalPage(zhPage);
      const zhCard = zhPage.getByTestId('my-limits-card');
      await zhCard.getByTestId('my-limits-table').waitFor();
      const zhText = await visibleText(zhCard);
      expect(zhText).toContain('我的流量限制');
      expect(zhText).toContain(`令牌 ${tokenName}`);
      expect(zhText).toContain('每周预算: $5.00');
      await shot(zhPage, 'limits-my-limits-zh', zhCard);
      await openSideBarPage(zhPage, 'token', '/token');
      await expect
        .poll(() => visibleText(zhPage.getByTestId(`token-limits-${tokenId}`)), POLL_OPTIONS)
        .toContain('剩余');
      await zhPage.getByTestId(`token-edit-${tokenId}`).click();
      await shot(zhPage, 'limits-token-form-zh', zhPage.getByTestId('token-limits-section'));
    },
  );

  it("sets a user's limits in the user form", FLOW_OPTIONS, async () => {
    const username = uniqueUsername('groupie');
    const target = await createUserAndLogin(site.harness.server, site.root, username, { password: PASSWORD });
    const page = await loggedInEnglishPage(site.harness, ROOT_USERNAME, ROOT_PASSWORD);
    await openSideBarPage(page, 'user', '/user');
    await page.getByTestId('users-table').waitFor();
    await page.getByTestId(`user-edit-${target.currentUserId}`).click();
    await page.getByTestId('user-form-limits-section').waitFor();
    await openSection(page, 'user-form-limits-section');
    await textBox(page, 'user-form-limits-concurrency').fill('3');
    await textBox(page, 'user-form-limits-rpd').fill('1000');
    await textBox(page, 'user-form-limits-budget').fill('-1');
    await page.getByTestId('user-form-submit').click();
    await formError(page, 'Budget cannot be negative').waitFor();
    await textBox(page, 'user-form-limits-budget').fill('12.5');
    await choose(page, 'user-form-limits-budget-period', 'Month');
    await shot(page, 'limits-user-form', page.getByTestId('user-form-limits-section'));
    await page.getByTestId('user-form-submit').click();
    await toast(page, 'success', 'User information updated').waitFor();
    await expect
      .poll(
        async () =>
          (await site.root.get<{ limits?: LimitSet }>(`/api/user/${target.currentUserId}`)).body.data?.limits,
        POLL_OPTIONS,
      )
      .toEqual({ concurrency: 3, rpd: 1000, budget: 6_250_000, budget_period: 'month', timezone: 'UTC' });
  });

  it("sets a multi-key channel's caps and per-key caps in the channel form", FLOW_OPTIONS, async () => {
    const name = `capped-channel-${Date.now().toString(36)}`;
    const created = await site.root.post<CreateChannelsResult>('/api/channel/', {
      mode: 'multi_to_single',
      multi_key_mode: 'polling',
      channel: {
        type: 1,
        name,
        key: `${name}-a\n${name}-b`,
        base_url: site.upstream.url,
        models: 'gpt-4o-mini',
        group: 'default',
      },
    });
    const id = created.body.data?.ids[0];
    expect(created.body.success, created.body.message).toBe(true);

    const page = await loggedInEnglishPage(site.harness, ROOT_USERNAME, ROOT_PASSWORD);
    await openSideBarPage(page, 'channel', '/channel');
    await page.getByTestId('channels-table').waitFor();
    await page.getByTestId(`channel-edit-${id}`).click();
    await page.getByTestId('channel-limits-section').waitFor();
    await openSection(page, 'channel-limits-section');
    await page.getByTestId('channel-key-limits').waitFor();
    await textBox(page, 'channel-limits-concurrency').fill('8');
    await textBox(page, 'channel-key-limits-rpm').fill('20');
    await textBox(page, 'channel-key-limits-tpd').fill('200000');
    await shot(page, 'limits-channel-form', page.getByTestId('channel-limits-section'));
    await page.getByTestId('channel-submit').click();
    await page.getByTestId('channel-drawer').waitFor({ state: 'hidden' });
    const stored = (await site.root.get<{ limits?: ChannelLimits }>(`/api/channel/${id}`)).body.data;
    expect(stored?.limits).toEqual({
      concurrency: 8,
      budget_period: 'day',
      timezone: 'UTC',
      key_limits: { rpm: 20, tpd: 200_000, budget_period: 'day', timezone: 'UTC' },
    });

    // Reopened, the caps are shown with the section open.
    await page.getByTestId(`channel-edit-${id}`).click();
    await page.getByTestId('channel-key-limits').waitFor();
    expect(await visibleText(page.getByTestId('channel-limits-section-summary'))).toBe('3 set');
    expect(await textBox(page, 'channel-key-limits-rpm').inputValue()).toBe('20');
    expect(await textBox(page, 'channel-limits-concurrency').inputValue()).toBe('8');
    await shot(page, 'limits-channel-form-reopened', page.getByTestId('channel-limits-section'));
  });
});
