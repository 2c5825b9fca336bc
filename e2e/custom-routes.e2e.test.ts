/**
 * An Advanced Custom channel (type 58) made in the built console's route editor: the save refused while
 * the channel has no route, then one route sending the key in a header of the operator's choice with an
 * extra header, stored in `settings` as new-api stores it; then a call through the official `openai` SDK
 * relayed to the fake upstream by that route.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ChannelView } from '../common/api-types.ts';
import { ROOT_PASSWORD, ROOT_USERNAME } from '../server/src/test-support/test-server.ts';
import { hasChromium } from './harness.ts';
import {
  FLOW_OPTIONS,
  loggedInEnglishPage,
  openaiClientOf,
  openSideBarPage,
  startConsoleAndUpstreamForFile,
  tableRowId,
  toast,
} from './helpers.ts';

const MODEL = 'gpt-4o-mini';

async function chooseOption(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-item-option', { hasText: text }).last().click();
}

describe.skipIf(!hasChromium)('console Advanced Custom channels', () => {
  const site = startConsoleAndUpstreamForFile();

  it('creates a channel in the route editor and relays a call by its route', FLOW_OPTIONS, async () => {
    const stamp = Date.now().toString(36);
    const name = `custom-${stamp}`;
    const key = `custom-key-${stamp}`;
    const page = await loggedInEnglishPage(site.harness, ROOT_USERNAME, ROOT_PASSWORD);
    await openSideBarPage(page, 'channel', '/channel');
    await page.getByTestId('channels-table').waitFor();

    await page.getByTestId('channels-add').click();
    await page.getByTestId('channel-name').waitFor();
    await page.getByTestId('channel-type').click();
    await page.keyboard.type('Advanced');
    await page.locator('.ant-select-item-option', { hasText: 'Advanced Custom (58)' }).click();
    await page.getByTestId('custom-routes').waitFor();
    await page.getByTestId('channel-name').fill(name);
    await page.getByTestId('channel-key').fill(key);
    await page.getByTestId('channel-base-url').fill(site.upstream.url);
    await page.getByTestId('channel-models-clear').click();
    await page.getByTestId('channel-models-custom').fill(MODEL);
    await page.getByTestId('channel-models-custom-add').click();

    // No route yet: the editor says so and the save is refused before anything is sent.
    expect(await page.getByTestId('custom-routes-problem').textContent()).toBe('Add at least one route');
    await page.getByTestId('channel-submit').click();
    await toast(page, 'error', 'The routes cannot be served').last().waitFor();

    await page.getByTestId('custom-routes-add').click();
    await page.getByTestId('custom-route-0-card').waitFor();
    await chooseOption(page, 'custom-route-0-auth', 'In a header');
    await page.getByTestId('custom-route-0-auth-name').fill('api-key');
    await page.getByTestId('custom-route-0-auth-value').fill('{api_key}');
    await page.getByTestId('custom-route-0-add-header').click();
    await page.getByTestId('custom-route-0-header-0-name').fill('X-Team');
    await page.getByTestId('custom-route-0-header-0-value').fill('routes-{model}');
    expect(await page.getByTestId('custom-routes-problem').count()).toBe(0);
    await site.harness.screenshot(page, 'custom-routes-editor');
    await page.getByTestId('channel-submit').click();
    await page.getByTestId('channel-drawer').waitFor({ state: 'hidden' });
    const id = await tableRowId(page, 'channels-table', name);

    const stored = (await site.root.get<ChannelView & { settings?: string | null }>(`/api/channel/${id}`))
      .body.data;
    expect(stored?.type).toBe(58);
    expect(JSON.parse(stored?.settings ?? '{}')).toEqual({
      advanced_custom: {
        advanced_routes: [
          {
            incoming_path: '/v1/chat/completions',
            upstream_path: '/v1/chat/completions',
            auth: { type: 'header', name: 'api-key', value: '{api_key}' },
            headers: { 'X-Team': 'routes-{model}' },
          },
        ],
      },
    });

    const openai = await openaiClientOf(site.root, site.harness.server.url, `custom-routes-${stamp}`);
    const reply = await openai.chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(reply.choices[0]?.message.role).toBe('assistant');
    const upstream = site.upstream.requests.at(-1);
    expect(upstream?.path).toBe('/v1/chat/completions');
    expect(upstream?.headers['api-key']).toBe(key);
    expect(upstream?.headers.authorization).toBeUndefined();
    expect(upstream?.headers['x-team']).toBe(`routes-${MODEL}`);
  });
});
