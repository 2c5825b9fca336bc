/**
 * The channel list in the built console, as root: searching by a suggested model and by group (and
 * reset), the column settings remembered across a reload, the page size remembered in `page-size`, the
 * ID sort remembered in `id-sort`; and at 375 px a table whose action column is not pinned over the others.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, ROOT_USERNAME } from '../server/src/test-support/test-server.ts';
import { hasChromium } from './harness.ts';
import {
  createFakeChannel,
  englishPage,
  FLOW_OPTIONS,
  loginThroughConsole,
  openSideBarPage,
  POLL_OPTIONS,
  startConsoleForFile,
  tableRow,
} from './helpers.ts';

const PHONE = { width: 375, height: 740 };
const UPSTREAM = 'http://127.0.0.1:9';

describe.skipIf(!hasChromium)('console channel list', () => {
  const site = startConsoleForFile();

  async function channelsPage(viewport?: typeof PHONE): Promise<Page> {
    const page = await englishPage(site.harness);
    if (viewport) await page.setViewportSize(viewport);
    await loginThroughConsole(page, ROOT_USERNAME, ROOT_PASSWORD);
    // The side bar is hidden on a phone.
    if (viewport) await page.goto('/channel');
    else await openSideBarPage(page, 'channel', '/channel');
    await page.getByTestId('channels-table').waitFor();
    return page;
  }

  const headers = (page: Page) =>
    page
      .locator('[data-testid="channels-table"] thead th')
      .evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim() ?? ''));

  it('searches by model and group, and remembers columns, page size and ID sort', FLOW_OPTIONS, async () => {
    const stamp = Date.now().toString(36);
    const model = `list-model-${stamp}`;
    const defaultId = await createFakeChannel(site.root, UPSTREAM, { name: `plain-${stamp}`, models: model });
    const vipId = await createFakeChannel(site.root, UPSTREAM, {
      name: `vip-${stamp}`,
      models: `${model},other-${stamp}`,
      group: 'vip',
    });
    const otherId = await createFakeChannel(site.root, UPSTREAM, {
      name: `other-${stamp}`,
      models: 'gpt-4o',
    });
    const page = await channelsPage();

    // The model field suggests the models of enabled channels; any typed text is searched.
    await page.getByTestId('channels-search-model').fill(model.slice(0, -2));
    await page.locator('.ant-select-item-option', { hasText: model }).first().click();
    expect(await page.getByTestId('channels-search-model').inputValue()).toBe(model);
    await page.getByTestId('channels-search-submit').click();
    await expect.poll(() => tableRow(page, 'channels-table', otherId).count(), POLL_OPTIONS).toBe(0);
    expect(await tableRow(page, 'channels-table', defaultId).count()).toBe(1);
    expect(await tableRow(page, 'channels-table', vipId).count()).toBe(1);

    await page.getByTestId('channels-search-group').click();
    await page.locator('.ant-select-item-option', { hasText: /^vip$/ }).click();
    await page.getByTestId('channels-search-submit').click();
    await expect.poll(() => tableRow(page, 'channels-table', defaultId).count(), POLL_OPTIONS).toBe(0);
    expect(await tableRow(page, 'channels-table', vipId).count()).toBe(1);
    await site.harness.screenshot(page, 'channels-list-searched');

    await page.getByTestId('channels-search-reset').click();
    await tableRow(page, 'channels-table', otherId).waitFor();
    expect(await page.getByTestId('channels-search-model').inputValue()).toBe('');

    // Column settings: hidden columns stay hidden after a reload.
    expect(await headers(page)).toContain('Balance');
    await page.getByTestId('channels-column-settings').click();
    await page.getByTestId('channels-columns-save').waitFor();
    await page.getByTestId('channels-column-balance').click();
    await page.getByTestId('channels-column-used_quota').click();
    await page.getByTestId('channels-columns-save').click();
    await page.getByTestId('channels-columns-save').waitFor({ state: 'hidden' });
    await expect.poll(() => headers(page), POLL_OPTIONS).not.toContain('Balance');
    expect(await headers(page)).not.toContain('Used quota');
    expect(
      JSON.parse((await page.evaluate(() => localStorage.getItem('channels-table-columns'))) ?? '{}'),
    ).toMatchObject({ balance: false, used_quota: false, name: true });

    // ID sort and page size are remembered too.
    await page.getByTestId('channels-id-sort').click();
    await page.locator('[data-testid="channels-table"] .ant-pagination-options .ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: '20 / page' }).click();
    await expect
      .poll(() => page.evaluate(() => [localStorage.getItem('page-size'), localStorage.getItem('id-sort')]))
      .toEqual(['20', 'true']);

    await page.reload();
    await tableRow(page, 'channels-table', otherId).waitFor();
    expect(await headers(page)).not.toContain('Balance');
    expect(await page.getByTestId('channels-id-sort').getAttribute('aria-checked')).toBe('true');
    expect(await visibleSize(page)).toBe('20 / page');
    await site.harness.screenshot(page, 'channels-list-1280');

    // Reset in the dialog shows every column again.
    await page.getByTestId('channels-column-settings').click();
    await page.getByTestId('channels-columns-reset').click();
    await page.getByTestId('channels-columns-save').click();
    await expect.poll(() => headers(page), POLL_OPTIONS).toContain('Balance');
  });

  it('at 375 px pins no column over the others and wraps the toolbar', FLOW_OPTIONS, async () => {
    const stamp = Date.now().toString(36);
    const id = await createFakeChannel(site.root, UPSTREAM, { name: `phone-${stamp}`, models: 'gpt-4o' });
    const page = await channelsPage(PHONE);
    const row = tableRow(page, 'channels-table', id);
    await row.waitFor();
    expect(await page.locator('[data-testid="channels-table"] .ant-table-cell-fix-right').count()).toBe(0);
    // The page itself does not scroll sideways: only the table does.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await site.harness.screenshot(page, 'channels-list-375');
  });
});

/** The page-size choice shown in the table's pagination. */
function visibleSize(page: Page): Promise<string> {
  return page
    .locator('[data-testid="channels-table"] .ant-pagination-options .ant-select')
    .innerText()
    .then((text) => text.trim());
}
