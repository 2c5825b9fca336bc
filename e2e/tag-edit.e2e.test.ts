/**
 * The tag edit dialog in the built console sets the header override of every channel of a tag
 * (PUT /api/channel/tag header_override): text that is not a JSON object is refused in the dialog, a
 * header the connection owns is refused by the server with its message, and a valid override reaches
 * every channel of the tag.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ChannelView } from '../common/api-types.ts';
import { ROOT_PASSWORD, ROOT_USERNAME } from '../server/src/test-support/test-server.ts';
import { hasChromium } from './harness.ts';
import {
  createFakeChannel,
  FLOW_OPTIONS,
  loggedInEnglishPage,
  openSideBarPage,
  POLL_OPTIONS,
  startConsoleAndUpstreamForFile,
  tableRow,
  toast,
  waitForToastsToClose,
} from './helpers.ts';

describe.skipIf(!hasChromium)('console: editing a tag', () => {
  const site = startConsoleAndUpstreamForFile();

  async function submitHeaderOverride(page: Page, text: string): Promise<void> {
    await waitForToastsToClose(page);
    await page.getByTestId('tag-edit-header-override').fill(text);
    await page.getByTestId('tag-edit-submit').click();
  }

  it('sets the header override of every channel of the tag', FLOW_OPTIONS, async () => {
    const stamp = Date.now().toString(36);
    const tag = `headers-${stamp}`;
    const ids = [
      await createFakeChannel(site.root, site.upstream.url, { name: `tagged-a-${stamp}`, models: 'gpt-4o' }),
      await createFakeChannel(site.root, site.upstream.url, { name: `tagged-b-${stamp}`, models: 'gpt-4o' }),
    ];
    const tagged = await site.root.post<number>('/api/channel/batch/tag', { ids, tag });
    expect(tagged.body.success).toBe(true);
    /** Each channel's header override, parsed (null when it has none). */
    const overrides = () =>
      Promise.all(
        ids.map(async (id) => {
          const text = (await site.root.get<ChannelView>(`/api/channel/${id}`)).body.data?.header_override;
          return text ? (JSON.parse(text) as unknown) : null;
        }),
      );
    expect(await overrides()).toEqual([null, null]);

    const page = await loggedInEnglishPage(site.harness, ROOT_USERNAME, ROOT_PASSWORD);
    await openSideBarPage(page, 'channel', '/channel');
    await page.getByTestId('channels-tag-mode').click();
    await tableRow(page, 'channels-table', `tag:${tag}`).waitFor();
    await page.getByTestId(`tag-edit-${tag}`).click();

    await submitHeaderOverride(page, '["X-Team"]');
    await toast(page, 'error', 'Header override must be a JSON object!').waitFor();
    await submitHeaderOverride(page, '{"Host":"elsewhere.example"}');
    await toast(page, 'error', 'Header override may not set "Host"').waitFor();
    expect(await overrides()).toEqual([null, null]);

    await waitForToastsToClose(page);
    await page.getByTestId('tag-edit-header-override-template').click();
    expect(JSON.parse(await page.getByTestId('tag-edit-header-override').inputValue())).toEqual({
      'X-Team': 'blue',
      Authorization: 'Bearer {api_key}',
    });
    await page.getByTestId('tag-edit-submit').click();
    await page.getByTestId('tag-edit-submit').waitFor({ state: 'hidden' });
    await expect
      .poll(overrides, POLL_OPTIONS)
      .toEqual(ids.map(() => ({ 'X-Team': 'blue', Authorization: 'Bearer {api_key}' })));
    await site.harness.screenshot(page, 'tag-edit-header-override');
    await page.close();
  });
});
