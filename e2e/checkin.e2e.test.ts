/**
 * Daily check-in in the built console (docs/checkin.md): while check-in is off the personal page shows no
 * card; root turns it on with a reward range in Settings → Operation (an inverted range is refused before
 * saving); a user checks in from the personal page (zh), sees the reward and the day marked, the button
 * done and the balance raised; another user does the same in English, at 375 px and in the dark theme.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CheckinStatus } from '../common/api/checkin.ts';
import type { UserView } from '../common/api-types.ts';
import {
  type ApiClient,
  createUserAndLogin,
  ROOT_PASSWORD,
  ROOT_USERNAME,
} from '../server/src/test-support/test-server.ts';
import { artifactsPath, hasChromium } from './harness.ts';
import {
  FLOW_OPTIONS,
  loggedInEnglishPage,
  loginThroughConsole,
  openPersonalPage,
  POLL_OPTIONS,
  startConsoleForFile,
  toast,
  uniqueUsername,
  visibleText,
  waitForToastsToClose,
} from './helpers.ts';

const PASSWORD = 'password-123';
const PHONE = { width: 375, height: 740 };
/** The site's default: 500000 quota units to the dollar, shown in dollars. */
const QUOTA_PER_UNIT = 500_000;
const MIN = 50_000;
const MAX = 60_000;

describe.skipIf(!hasChromium)('console: daily check-in', () => {
  const site = startConsoleForFile();

  const dollars = (quota: number) => `$${(quota / QUOTA_PER_UNIT).toFixed(4)}`;

  async function stored(root: ApiClient): Promise<Record<string, string>> {
    const reply = await root.get<{ key: string; value: string }[]>('/api/option/');
    return Object.fromEntries((reply.body.data ?? []).map((entry) => [entry.key, entry.value]));
  }

  async function quotaOf(user: ApiClient): Promise<number> {
    return (await user.get<UserView>('/api/user/self')).body.data!.quota;
  }

  /** The personal page once its check-in status has been answered. */
  async function openPersonalAndWaitForCheckin(page: Page): Promise<void> {
    const answered = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/user/checkin' && response.request().method() === 'GET',
    );
    await openPersonalPage(page);
    await answered;
  }

  async function checkInFromPage(page: Page, user: ApiClient, doneText: string) {
    const before = await quotaOf(user);
    await page.getByTestId('checkin-button').click();
    const reward = page.getByTestId('checkin-reward');
    await reward.waitFor();
    const status = (await user.get<CheckinStatus>('/api/user/checkin')).body.data!;
    expect(status.stats.checked_in_today).toBe(true);
    const today = status.stats.records[0]!;
    expect(today.quota_awarded).toBeGreaterThanOrEqual(MIN);
    expect(today.quota_awarded).toBeLessThanOrEqual(MAX);
    expect(await visibleText(reward)).toContain(dollars(today.quota_awarded));
    const day = page.getByTestId(`checkin-day-${today.checkin_date}`);
    await expect.poll(() => day.getAttribute('data-checked'), POLL_OPTIONS).toBe('true');
    expect(await visibleText(day)).toContain(dollars(today.quota_awarded));
    const button = page.getByTestId('checkin-button');
    expect(await button.isDisabled()).toBe(true);
    expect(await visibleText(button)).toContain(doneText);
    expect(await quotaOf(user)).toBe(before + today.quota_awarded);
    return today;
  }

  it('shows no card while check-in is off', FLOW_OPTIONS, async () => {
    const username = uniqueUsername('nocheckin');
    await createUserAndLogin(site.harness.server, site.root, username, { password: PASSWORD });
    const page = await loggedInEnglishPage(site.harness, username, PASSWORD);
    await openPersonalAndWaitForCheckin(page);
    await page.getByTestId('personal-page').waitFor();
    expect(await page.getByTestId('checkin-card').count()).toBe(0);
    await page.close();
  });

  it('root turns check-in on with a reward range in the operation settings', FLOW_OPTIONS, async () => {
    const page = await loggedInEnglishPage(site.harness, ROOT_USERNAME, ROOT_PASSWORD);
    await page.goto('/setting?tab=operation');
    const section = page.getByTestId('settings-section-checkin');
    await section.waitFor();
    expect(await visibleText(section)).toContain('Enable daily check-in');

    await section.getByTestId('setting-checkin_setting.min_quota').fill('90000');
    await section.getByTestId('setting-checkin_setting.max_quota').fill('10000');
    await page.getByTestId('settings-save-checkin').click();
    await toast(page, 'error', 'The smallest check-in reward cannot be above the largest').waitFor();
    expect((await stored(site.root))['checkin_setting.min_quota']).toBe('1000');

    await waitForToastsToClose(page);
    await section.getByTestId('setting-checkin_setting.min_quota').fill(String(MIN));
    await section.getByTestId('setting-checkin_setting.max_quota').fill(String(MAX));
    await section.getByTestId('setting-checkin_setting.enabled').click();
    await page.getByTestId('settings-save-checkin').click();
    await toast(page, 'success', 'Save successful').waitFor();
    await expect
      .poll(async () => {
        const options = await stored(site.root);
        return [
          options['checkin_setting.enabled'],
          options['checkin_setting.min_quota'],
          options['checkin_setting.max_quota'],
        ];
      }, POLL_OPTIONS)
      .toEqual(['true', String(MIN), String(MAX)]);
    await site.harness.screenshot(page, 'checkin-settings');
    await section.screenshot({ path: `${artifactsPath}/checkin-settings-section.png` });
    await page.close();
  });

  it(
    'a user checks in from the personal page (zh) and sees the reward and the day marked',
    FLOW_OPTIONS,
    async () => {
      const username = uniqueUsername('checkin');
      const user = await createUserAndLogin(site.harness.server, site.root, username, { password: PASSWORD });
      const page = await site.harness.newPage(await site.harness.newContext());
      await loginThroughConsole(page, username, PASSWORD);
      await openPersonalAndWaitForCheckin(page);
      const card = page.getByTestId('checkin-card');
      await card.waitFor();
      expect(await visibleText(card)).toContain('立即签到');
      await checkInFromPage(page, user, '今日已签到');
      await toast(page, 'success', '签到成功').waitFor();
      expect(await visibleText(page.getByTestId('checkin-total'))).toContain('1');
      await site.harness.screenshot(page, 'checkin-zh');

      // A reload still shows the day done; the previous month has no check-ins.
      await page.reload();
      await card.waitFor();
      expect(await page.getByTestId('checkin-button').isDisabled()).toBe(true);
      await page.getByTestId('checkin-previous-month').click();
      await expect.poll(() => page.locator('[data-checked="true"]').count(), POLL_OPTIONS).toBe(0);
      await page.close();
    },
  );

  it('works in English at 375 px and in the dark theme', FLOW_OPTIONS, async () => {
    const username = uniqueUsername('checkinen');
    const user = await createUserAndLogin(site.harness.server, site.root, username, { password: PASSWORD });
    const page = await loggedInEnglishPage(site.harness, username, PASSWORD);
    await openPersonalAndWaitForCheckin(page);
    await page.getByTestId('checkin-card').waitFor();
    await checkInFromPage(page, user, 'Checked in today');
    await site.harness.screenshot(page, 'checkin-en');

    await page.setViewportSize(PHONE);
    await page.getByTestId('theme-toggle').click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.theme), POLL_OPTIONS)
      .toBe('dark');
    await page.mouse.move(10, PHONE.height - 10);
    await page.getByTestId('checkin-card').scrollIntoViewIfNeeded();
    const box = await page.getByTestId('checkin-calendar').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(PHONE.width);
    await site.harness.screenshot(page, 'checkin-en-375-dark');
    await page.getByTestId('checkin-card').screenshot({ path: `${artifactsPath}/checkin-card-375-dark.png` });
    await page.close();
  });
});
