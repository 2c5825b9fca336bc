/**
 * The usage screens in the built console, after real relay calls through the fake upstream: the usage
 * log as the caller and as root (rows, quota cells, stat badges, model filter, expanded details) and
 * the data dashboard over the flushed quota_data rollups (totals and drawn charts).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page as ListPage, LogView } from '../common/api-types.ts';
import { QUOTA_PER_UNIT_DEFAULT } from '../common/limits.ts';
import {
  type ApiClient,
  createUserAndLogin,
  ROOT_PASSWORD,
  ROOT_USERNAME,
} from '../server/src/test-support/test-server.ts';
import { formatLogCost, formatStatQuota } from '../web/src/pages/logs/log-quota.ts';
import { hasChromium } from './harness.ts';
import {
  createFakeChannel,
  FLOW_OPTIONS,
  loggedInEnglishPage,
  openaiClientOf,
  openSideBarPage,
  POLL_OPTIONS,
  setUserQuota,
  shownRowIds,
  startConsoleAndUpstreamForFile,
  statisticValue,
  tableCellText,
  uniqueUsername,
  visibleText,
} from './helpers.ts';

const PASSWORD = 'password-123';
const CONSUMPTION = 2;
const QUOTA_SETTINGS = { quotaPerUnit: QUOTA_PER_UNIT_DEFAULT, displayInCurrency: true };

/** The ids of the rows the log table shows now. */
function shownLogIds(page: Page): Promise<number[]> {
  return shownRowIds(page, 'logs-table');
}

describe.skipIf(!hasChromium)('console usage log and dashboard', () => {
  const site = startConsoleAndUpstreamForFile();
  let user: ApiClient;
  let username: string;
  let channelId: number;
  let allLogs: LogView[];
  let calls: LogView[];

  beforeAll(async () => {
    const { harness, root, upstream } = site;
    channelId = await createFakeChannel(root, upstream.url, {
      name: 'usage-fake',
      models: 'gpt-4o,gpt-4o-mini',
    });
    username = uniqueUsername('caller');
    user = await createUserAndLogin(harness.server, root, username, { password: PASSWORD });
    await setUserQuota(root, user.currentUserId ?? 0, 50_000_000);
    const openai = await openaiClientOf(user, harness.server.url, 'usage-key');
    for (const model of ['gpt-4o', 'gpt-4o', 'gpt-4o-mini']) {
      await openai.chat.completions.create({ model, messages: [{ role: 'user', content: 'Say hello' }] });
    }
    await harness.server.context.writer.flush();
    const logs = await user.get<ListPage<LogView>>('/api/log/self/', { p: 1, page_size: 100, type: 0 });
    allLogs = logs.body.data?.items ?? [];
    calls = allLogs.filter((log) => log.type === CONSUMPTION);
  });

  it('lists the calls with their quota, stats, model filter and details', FLOW_OPTIONS, async () => {
    expect(calls.map((call) => call.model_name).sort()).toEqual(['gpt-4o', 'gpt-4o', 'gpt-4o-mini']);
    expect(calls.every((call) => call.quota > 0)).toBe(true);
    const page = await loggedInEnglishPage(site.harness, username, PASSWORD);
    await openSideBarPage(page, 'log', '/log');

    // Newest first: the three calls, then root's quota change (an admin-type row).
    await expect.poll(() => shownLogIds(page), POLL_OPTIONS).toEqual(allLogs.map((log) => log.id));
    expect(allLogs.slice(0, 3)).toEqual(calls);
    for (const call of calls) {
      expect(await visibleText(page.getByTestId(`log-model-${call.id}`))).toBe(call.model_name);
      expect(await tableCellText(page, 'logs-table', call.id, 'Quota')).toBe(
        formatLogCost(call.quota, QUOTA_SETTINGS),
      );
    }
    // The user's view has neither the channel nor the user column.
    const titles = await page.locator('[data-testid="logs-table"] thead th').allInnerTexts();
    expect(titles).not.toContain('Channel');
    expect(titles).not.toContain('User');

    const quotaSum = calls.reduce((sum, call) => sum + call.quota, 0);
    await expect
      .poll(() => visibleText(page.getByTestId('logs-stat-quota')), POLL_OPTIONS)
      .toBe(`Quota used: ${formatStatQuota(quotaSum, QUOTA_SETTINGS)}`);
    expect(await visibleText(page.getByTestId('logs-stat-rpm'))).toBe('RPM: 3');

    const miniCall = calls.find((call) => call.model_name === 'gpt-4o-mini');
    if (!miniCall) throw new Error('no gpt-4o-mini call logged');
    await page.getByTestId('logs-filter-model').fill('gpt-4o-mini');
    await page.getByTestId('logs-search').click();
    await expect.poll(() => shownLogIds(page), POLL_OPTIONS).toEqual([miniCall.id]);
    await expect
      .poll(() => visibleText(page.getByTestId('logs-stat-quota')), POLL_OPTIONS)
      .toBe(`Quota used: ${formatStatQuota(miniCall.quota, QUOTA_SETTINGS)}`);

    await page.getByTestId(`log-expand-${miniCall.id}`).click();
    const details = page.getByTestId(`log-details-${miniCall.id}`);
    await details.waitFor();
    const other = JSON.parse(miniCall.other) as { model_ratio: number; completion_ratio: number };
    // The default prices of gpt-4o-mini (per token).
    expect(other).toMatchObject({ model_ratio: 0.075, completion_ratio: 4 });
    const detailsText = await visibleText(details);
    expect(detailsText).toContain(`Model ratio\t${other.model_ratio}`);
    expect(detailsText).toContain(`Completion ratio\t${other.completion_ratio}`);
    await site.harness.screenshot(page, 'usage-log-user-filtered');
  });

  it("shows root the channel column and the user's rows", FLOW_OPTIONS, async () => {
    const page = await loggedInEnglishPage(site.harness, ROOT_USERNAME, ROOT_PASSWORD);
    await openSideBarPage(page, 'log', '/log');
    const callIds = calls.map((call) => call.id).sort();
    await expect
      .poll(async () => (await shownLogIds(page)).filter((id) => callIds.includes(id)).sort(), POLL_OPTIONS)
      .toEqual(callIds);
    for (const call of calls) {
      expect(await tableCellText(page, 'logs-table', call.id, 'Channel')).toBe(String(channelId));
      expect(await tableCellText(page, 'logs-table', call.id, 'User')).toBe(username);
      expect(await tableCellText(page, 'logs-table', call.id, 'Quota')).toBe(
        formatLogCost(call.quota, QUOTA_SETTINGS),
      );
    }
    await site.harness.screenshot(page, 'usage-log-root');
  });

  it('draws the dashboard from the flushed quota_data', FLOW_OPTIONS, async () => {
    await site.harness.server.context.quotaData.flush();
    const page = await loggedInEnglishPage(site.harness, username, PASSWORD);
    await openSideBarPage(page, 'detail', '/detail');
    expect(await page.getByTestId('dashboard-export-off').count()).toBe(0);

    await expect
      .poll(() => statisticValue(page.getByTestId('dashboard-total-calls')), POLL_OPTIONS)
      .toBe('3');
    const quotaSum = calls.reduce((sum, call) => sum + call.quota, 0);
    expect(await statisticValue(page.getByTestId('dashboard-total-quota'))).toBe(
      `$${(quotaSum / QUOTA_PER_UNIT_DEFAULT).toFixed(2)}`,
    );
    for (const chart of ['dashboard-chart-quota', 'dashboard-chart-models', 'dashboard-chart-calls']) {
      const canvas = page.getByTestId(chart).locator('canvas').first();
      await canvas.waitFor();
      const box = await canvas.boundingBox();
      expect(box?.width, chart).toBeGreaterThan(0);
      expect(box?.height, chart).toBeGreaterThan(0);
    }
    await site.harness.screenshot(page, 'usage-dashboard');
  });
});
