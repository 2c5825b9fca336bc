/**
 * Channel management in the built console, as root: the drawer's validation messages and a valid
 * OpenAI channel pointing at the fake upstream, an Azure channel with its API version, a row test that
 * fills the response time, and batch tagging, disabling by tag and batch deletion.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ChannelView, Page as ListPage } from '../common/api-types.ts';
import { ROOT_PASSWORD, ROOT_USERNAME } from '../server/src/test-support/test-server.ts';
import { hasChromium } from './harness.ts';
import {
  FLOW_OPTIONS,
  loggedInEnglishPage,
  openSideBarPage,
  POLL_OPTIONS,
  recordRequests,
  startConsoleAndUpstreamForFile,
  tableRow,
  tableRowId,
  toast,
  visibleText,
} from './helpers.ts';

const MODEL = 'gpt-4o-mini';
const AZURE_API_VERSION = '2024-10-21';
const RESPONSE_TIME_PATTERN = /\b\d+\.\d{2} s\b/;

async function openChannelsPage(page: Page): Promise<void> {
  await openSideBarPage(page, 'channel', '/channel');
  await page.getByTestId('channels-table').waitFor();
}

/** Replaces the drawer's models with one custom model name. */
async function chooseOnlyModel(page: Page, model: string): Promise<void> {
  await page.getByTestId('channel-models-clear').click();
  await page.getByTestId('channel-models-custom').fill(model);
  await page.getByTestId('channel-models-custom-add').click();
}

/** Saves the channel drawer, waits for it to close and returns the id of the row showing `name`. */
async function saveChannel(page: Page, name: string): Promise<number> {
  await page.getByTestId('channel-submit').click();
  await page.getByTestId('channel-drawer').waitFor({ state: 'hidden' });
  return tableRowId(page, 'channels-table', name);
}

async function submitAndExpectError(page: Page, message: string): Promise<void> {
  await page.getByTestId('channel-submit').click();
  await toast(page, 'error', `Error: ${message}`).last().waitFor();
}

describe.skipIf(!hasChromium)('console channel management', () => {
  const site = startConsoleAndUpstreamForFile();

  const allChannels = async () => {
    const reply = await site.root.get<ListPage<ChannelView>>('/api/channel/', { p: 1, page_size: 100 });
    expect(reply.body.success).toBe(true);
    return reply.body.data?.items ?? [];
  };
  const channelById = async (id: number) =>
    (await site.root.get<ChannelView>(`/api/channel/${id}`)).body.data;

  it(
    'validates the drawer, creates OpenAI and Azure channels, tests, tags, disables and deletes them',
    FLOW_OPTIONS,
    async () => {
      const stamp = Date.now().toString(36);
      const openaiName = `openai-${stamp}`;
      const openaiKey = `channel-key-${stamp}`;
      const azureName = `azure-${stamp}`;
      const tag = `team-${stamp}`;
      // A little latency so the measured response time is never zero.
      site.upstream.setBehaviorForKey(openaiKey, { latencyMs: 40 });

      const page = await loggedInEnglishPage(site.harness, ROOT_USERNAME, ROOT_PASSWORD);
      await openChannelsPage(page);

      const createRequests = recordRequests(page, '/api/channel/', 'POST');

      await page.getByTestId('channels-add').click();
      await page.getByTestId('channel-name').waitFor();
      await submitAndExpectError(page, 'Please fill in channel name and channel key!');
      await page.getByTestId('channel-name').fill(openaiName);
      await page.getByTestId('channel-key').fill(openaiKey);
      await page.getByTestId('channel-models-clear').click();
      await submitAndExpectError(page, 'Please select at least one model!');
      await chooseOnlyModel(page, MODEL);
      await page.getByTestId('channel-model-mapping').fill('{bad');
      await submitAndExpectError(page, 'Model mapping must be valid JSON format!');
      expect(createRequests).toEqual([]);
      await site.harness.screenshot(page, 'channels-drawer-mapping-error');

      await page.getByTestId('channel-model-mapping').fill(`{"my-mini": "${MODEL}"}`);
      await page.getByTestId('channel-base-url').fill(site.upstream.url);
      const openaiId = await saveChannel(page, openaiName);
      expect(createRequests).toHaveLength(1);
      expect(await channelById(openaiId)).toMatchObject({
        name: openaiName,
        type: 1,
        base_url: site.upstream.url,
        models: MODEL,
        status: 1,
      });
      expect(JSON.parse((await channelById(openaiId))?.model_mapping ?? '')).toEqual({ 'my-mini': MODEL });

      await page.getByTestId('channels-add').click();
      await page.getByTestId('channel-name').waitFor();
      await page.getByTestId('channel-type').click();
      // Every type is served now, the task types too: Suno is listed and selectable, not marked.
      await page.keyboard.type('Suno');
      const suno = page.locator('.ant-select-item-option', { hasText: 'Suno (36)' });
      await suno.waitFor();
      expect(await suno.getAttribute('class')).not.toContain('ant-select-item-option-disabled');
      expect(await suno.textContent()).not.toMatch(/cannot relay yet|暂不支持转发/);
      for (let index = 0; index < 'Suno'.length; index += 1) await page.keyboard.press('Backspace');
      await page.keyboard.type('Azure');
      await page.locator('.ant-select-item-option', { hasText: 'Azure OpenAI (3)' }).click();
      await page.getByTestId('channel-other').waitFor();
      await page.getByTestId('channel-name').fill(azureName);
      await page.getByTestId('channel-base-url').fill(site.upstream.url);
      await page.getByTestId('channel-other').fill(AZURE_API_VERSION);
      await page.getByTestId('channel-key').fill(`azure-key-${stamp}`);
      await chooseOnlyModel(page, MODEL);
      const azureId = await saveChannel(page, azureName);
      expect(await channelById(azureId)).toMatchObject({
        name: azureName,
        type: 3,
        base_url: site.upstream.url,
        other: AZURE_API_VERSION,
        models: MODEL,
      });
      expect(await visibleText(tableRow(page, 'channels-table', azureId))).toContain('Azure OpenAI');

      const openaiRow = tableRow(page, 'channels-table', openaiId);
      expect(await visibleText(openaiRow)).toContain('Not tested');
      const forwardedBefore = site.upstream.requests.length;
      await page.getByTestId(`channel-test-${openaiId}`).click();
      await toast(page, 'info', `Channel ${openaiName} tested successfully`).waitFor();
      await expect.poll(() => visibleText(openaiRow), POLL_OPTIONS).toMatch(RESPONSE_TIME_PATTERN);
      expect(await visibleText(openaiRow)).not.toContain('Not tested');
      expect(site.upstream.requests.length).toBeGreaterThan(forwardedBefore);
      expect(site.upstream.requests.at(-1)?.apiKey).toBe(openaiKey);
      expect((await channelById(openaiId))?.response_time).toBeGreaterThan(0);
      await site.harness.screenshot(page, 'channels-tested');

      await page.getByTestId('channels-batch-mode').click();
      await page.getByTestId('channels-batch-actions').waitFor();
      for (const id of [openaiId, azureId]) {
        await tableRow(page, 'channels-table', id).locator('.ant-checkbox-input').check();
      }
      await page.getByTestId('batch-tag').click();
      await page.getByTestId('batch-tag-input').fill(tag);
      await page.getByTestId('batch-tag-submit').click();
      await expect
        .poll(
          async () => [(await channelById(openaiId))?.tag, (await channelById(azureId))?.tag],
          POLL_OPTIONS,
        )
        .toEqual([tag, tag]);

      await page.getByTestId('channels-tag-mode').click();
      const tagRow = tableRow(page, 'channels-table', `tag:${tag}`);
      await tagRow.waitFor();
      expect(await visibleText(page.getByTestId(`tag-status-${tag}`))).toBe('Enabled');
      await page.getByTestId(`tag-disable-${tag}`).click();
      await expect
        .poll(() => visibleText(page.getByTestId(`tag-status-${tag}`)), POLL_OPTIONS)
        .toBe('Disabled');
      await tagRow.locator('.ant-table-row-expand-icon').click();
      for (const id of [openaiId, azureId]) {
        await expect
          .poll(() => visibleText(page.getByTestId(`channel-status-${id}`)), POLL_OPTIONS)
          .toBe('Disabled');
        expect((await channelById(id))?.status).toBe(2);
      }
      await site.harness.screenshot(page, 'channels-tag-disabled');

      await page.getByTestId('channels-tag-mode').click();
      await tableRow(page, 'channels-table', openaiId).waitFor();
      for (const id of [openaiId, azureId]) {
        await tableRow(page, 'channels-table', id).locator('.ant-checkbox-input').check();
      }
      await page.getByTestId('batch-delete').click();
      await page.getByTestId('batch-delete-confirm').click();
      await expect.poll(() => tableRow(page, 'channels-table', openaiId).count(), POLL_OPTIONS).toBe(0);
      expect(await tableRow(page, 'channels-table', azureId).count()).toBe(0);
      const remainingIds = (await allChannels()).map((channel) => channel.id);
      expect(remainingIds).not.toContain(openaiId);
      expect(remainingIds).not.toContain(azureId);
      await site.harness.screenshot(page, 'channels-batch-deleted');
    },
  );
});
