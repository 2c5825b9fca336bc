/**
 * A multi-key channel in the built console: made in the add drawer from key lines (batch, keys in turn),
 * the channel test disables the key the upstream refuses, the edit drawer lists each key with its status,
 * reason and time, and the administrator enables the key again there (POST /api/channel/multi_key/manage);
 * the server's channel_info follows.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ChannelView, Page as ListPage } from '../common/api-types.ts';
import { ROOT_PASSWORD, ROOT_USERNAME, setOptions } from '../server/src/test-support/test-server.ts';
import { hasChromium } from './harness.ts';
import {
  FLOW_OPTIONS,
  loggedInEnglishPage,
  openSideBarPage,
  POLL_OPTIONS,
  startConsoleAndUpstreamForFile,
  visibleText,
} from './helpers.ts';

describe.skipIf(!hasChromium)('console: the keys of a multi-key channel', () => {
  const site = startConsoleAndUpstreamForFile();

  async function openEditDrawer(page: Page, id: number): Promise<void> {
    await openSideBarPage(page, 'channel', '/channel');
    await page.getByTestId('channels-table').waitFor();
    await page.getByTestId(`channel-edit-${id}`).click();
    await page.getByTestId('channel-keys-panel').waitFor();
  }

  it(
    'makes a multi-key channel, shows a key disabled by its test with the reason, and enables it again',
    FLOW_OPTIONS,
    async () => {
      const stamp = Date.now().toString(36);
      const goodKey = `multi-good-${stamp}`;
      const refusedKey = `multi-refused-${stamp}`;
      const name = `many-keys-${stamp}`;
      await setOptions(site.root, { AutomaticDisableChannelEnabled: 'true' });
      const page = await loggedInEnglishPage(site.harness, ROOT_USERNAME, ROOT_PASSWORD);
      await openSideBarPage(page, 'channel', '/channel');
      await page.getByTestId('channels-add').click();
      await page.getByTestId('channel-name').fill(name);
      await page.getByTestId('channel-base-url').fill(site.upstream.url);
      await page.getByTestId('channel-batch').click();
      await page.getByTestId('channel-key').fill(`${goodKey}\n${refusedKey}`);
      await page.getByTestId('channel-batch-mode').click();
      await page
        .locator('.ant-select-item-option', { hasText: 'One multi-key channel, keys in turn' })
        .click();
      await page.getByTestId('channel-submit').click();
      await page.getByTestId('channel-drawer').waitFor({ state: 'hidden' });
      const listed = await site.root.get<ListPage<ChannelView>>('/api/channel/search', { keyword: name });
      const created = listed.body.data?.items ?? [];
      expect(created).toHaveLength(1);
      const id = created[0]!.id;
      expect(created[0]!.channel_info).toMatchObject({
        is_multi_key: true,
        multi_key_size: 2,
        multi_key_mode: 'polling',
      });
      site.upstream.setBehaviorForKey(refusedKey, { requiredApiKey: 'another-key' });
      const tested = await site.root.get<unknown>(`/api/channel/test/${id}`);
      expect(tested.body.message).toMatch(/key #2: /);
      const statusList = async () =>
        (await site.root.get<ChannelView>(`/api/channel/${id}`)).body.data?.channel_info
          ?.multi_key_status_list;
      await expect.poll(statusList, POLL_OPTIONS).toEqual({ 1: 3 });

      await page.reload();
      await openEditDrawer(page, id);
      const refusedRow = page.getByTestId('channel-key-1');
      await expect.poll(() => visibleText(refusedRow), POLL_OPTIONS).toMatch(/Disabled automatically/);
      const refusedText = await visibleText(refusedRow);
      expect(refusedText).toMatch(/status 401/);
      expect(refusedText).toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(await visibleText(page.getByTestId('channel-key-0'))).toMatch(/Enabled/);
      expect(await visibleText(page.getByTestId('channel-keys-title'))).toBe('Keys (1 of 2 enabled)');

      await page.getByTestId('channel-key-enable-1').click();
      await expect.poll(() => visibleText(refusedRow), POLL_OPTIONS).toMatch(/Enabled/);
      expect(await visibleText(page.getByTestId('channel-keys-title'))).toBe('Keys (2 of 2 enabled)');
      await expect.poll(statusList, POLL_OPTIONS).toEqual({});
      await page.close();
    },
  );
});
