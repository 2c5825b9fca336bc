/**
 * The public price list and the playground in the built console, against one channel to a fake upstream
 * that streams slowly: a visitor searches, copies model names, switches the viewed group and copies a
 * selection; a logged-in user watches a reply stream in.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PricingModel } from '../common/api-types.ts';
import { anonymousClient, createUserAndLogin } from '../server/src/test-support/test-server.ts';
import { formatRatio } from '../web/src/pages/pricing/pricing-math.ts';
import { hasChromium } from './harness.ts';
import {
  createFakeChannel,
  englishPage,
  FLOW_OPTIONS,
  loggedInEnglishPage,
  POLL_OPTIONS,
  readClipboard,
  setUserQuota,
  startConsoleAndUpstreamForFile,
  toast,
  uniqueUsername,
  visibleText,
  waitForPath,
} from './helpers.ts';

const PASSWORD = 'password-123';
const MODELS = ['gpt-4o', 'gpt-4o-mini'];
const VIP_RATIO = 2;
const REPLY_TEXT = 'Hello from fake upstream';
/** The greeting pair comes first; the first message the user sends is the third. */
const FIRST_REPLY_INDEX = 3;

/** The model names the price table shows, in table order. */
function shownModels(page: Page): Promise<string[]> {
  return page.getByTestId('pricing-table').getByTestId('pricing-model-name').allInnerTexts();
}

function pricingRow(page: Page, modelName: string) {
  return page.locator(`[data-testid="pricing-table"] tbody tr[data-row-key="${modelName}"]`);
}

interface StateRecord {
  state: string;
  text: string;
}

/** Starts recording every state and text the message at `index` goes through (read with readStates). */
async function recordMessageStates(page: Page, index: number): Promise<void> {
  await page.evaluate((messageIndex) => {
    const records: { state: string; text: string }[] = [];
    (window as unknown as { messageStates: typeof records }).messageStates = records;
    const list = document.querySelector('[data-testid="playground-messages"]');
    if (!list) throw new Error('no message list');
    const capture = () => {
      const message = list.querySelector(`[data-testid="playground-message-${messageIndex}"]`);
      if (!message) return;
      const state = message.getAttribute('data-state') ?? '';
      const text = message.querySelector('.playground-markdown')?.textContent?.trim() ?? '';
      const last = records.at(-1);
      if (!last || last.state !== state || last.text !== text) records.push({ state, text });
    };
    new MutationObserver(capture).observe(list, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  }, index);
}

function readStates(page: Page): Promise<StateRecord[]> {
  return page.evaluate(() => (window as unknown as { messageStates: StateRecord[] }).messageStates);
}

describe.skipIf(!hasChromium)('console price list and playground', () => {
  const site = startConsoleAndUpstreamForFile({ behavior: { chunkDelayMs: 100 } });

  beforeAll(async () => {
    const { root, upstream } = site;
    const groupRatio = JSON.stringify({ default: 1, vip: VIP_RATIO, svip: 1 });
    expect((await root.put('/api/option/', { key: 'GroupRatio', value: groupRatio })).body.success).toBe(
      true,
    );
    await createFakeChannel(root, upstream.url, {
      name: 'pricing-fake',
      models: MODELS.join(','),
      group: 'default,vip',
    });
  });

  it('lets a visitor search, copy names, switch group and copy a selection', FLOW_OPTIONS, async () => {
    const pricing = await anonymousClient(site.harness.server).get<PricingModel[]>('/api/pricing');
    expect((pricing.body.data ?? []).map((model) => model.model_name).sort()).toEqual(MODELS);

    const page = await englishPage(site.harness, { clipboard: true });
    await page.goto('/pricing');
    await expect.poll(() => shownModels(page), POLL_OPTIONS).toEqual(MODELS);
    expect(await visibleText(page.getByTestId('pricing-group-banner'))).toContain('You are not logged in');

    await page.getByTestId('pricing-search').fill('mini');
    await expect.poll(() => shownModels(page), POLL_OPTIONS).toEqual(['gpt-4o-mini']);
    await page.getByTestId('pricing-model-name').click();
    await toast(page, 'success', 'Copied: gpt-4o-mini').waitFor();
    expect(await readClipboard(page)).toBe('gpt-4o-mini');
    await page.getByTestId('pricing-search').fill('');
    await expect.poll(() => shownModels(page), POLL_OPTIONS).toEqual(MODELS);

    const defaultPrice = await visibleText(pricingRow(page, 'gpt-4o').getByTestId('pricing-price-input'));
    expect(await visibleText(page.getByTestId('pricing-viewed-group'))).toBe(
      'Viewing group: default (ratio 1)',
    );
    await pricingRow(page, 'gpt-4o').getByTestId('pricing-group-tag-vip').click();
    const ratio = formatRatio(VIP_RATIO, 6);
    await toast(page, 'info', `Now viewing group vip, ratio ${ratio}`).waitFor();
    expect(await visibleText(page.getByTestId('pricing-viewed-group'))).toBe(
      `Viewing group: vip (ratio ${ratio})`,
    );
    // gpt-4o's default model ratio 1.25 is $2.50 per 1M prompt tokens; the vip group doubles it.
    expect(defaultPrice).toBe('Prompt $2.50 / 1M tokens');
    await expect
      .poll(() => visibleText(pricingRow(page, 'gpt-4o').getByTestId('pricing-price-input')), POLL_OPTIONS)
      .toBe('Prompt $5.00 / 1M tokens');

    for (const model of MODELS) await pricingRow(page, model).locator('.ant-checkbox-input').check();
    await page.getByTestId('pricing-copy-selected').click();
    await toast(page, 'success', 'Copied 2 model names').waitFor();
    expect((await readClipboard(page)).split(',').sort()).toEqual(MODELS);
    await site.harness.screenshot(page, 'pricing-visitor-selection');
  });

  it('streams a playground reply from the upstream', FLOW_OPTIONS, async () => {
    const username = uniqueUsername('player');
    const user = await createUserAndLogin(site.harness.server, site.root, username, { password: PASSWORD });
    await setUserQuota(site.root, user.currentUserId ?? 0, 50_000_000);
    const page = await loggedInEnglishPage(site.harness, username, PASSWORD);
    await page.getByTestId('sidebar').getByTestId('nav-playground').click();
    await waitForPath(page, '/playground');
    await expect
      .poll(() => visibleText(page.getByTestId('playground-model')), POLL_OPTIONS)
      .toContain('gpt-4o-mini');

    await recordMessageStates(page, FIRST_REPLY_INDEX);
    await page.getByTestId('playground-input').fill('Please greet me');
    await page.getByTestId('playground-send').click();
    const reply = page.getByTestId(`playground-message-${FIRST_REPLY_INDEX}`);
    await page
      .locator(`[data-testid="playground-message-${FIRST_REPLY_INDEX}"][data-state="complete"]`)
      .waitFor();
    expect(await reply.getAttribute('data-role')).toBe('assistant');
    expect((await visibleText(reply)).trim()).toBe(REPLY_TEXT);
    expect(await visibleText(page.getByTestId(`playground-message-${FIRST_REPLY_INDEX - 1}`))).toContain(
      'Please greet me',
    );

    const states = await readStates(page);
    const firstIncomplete = states.findIndex((record) => record.state === 'incomplete');
    const firstComplete = states.findIndex((record) => record.state === 'complete');
    expect(firstIncomplete, JSON.stringify(states)).toBeGreaterThanOrEqual(0);
    expect(firstComplete, JSON.stringify(states)).toBeGreaterThan(firstIncomplete);
    // While incomplete the bubble showed a growing, partial reply.
    const partial = states.filter((record) => record.state === 'incomplete').map((record) => record.text);
    expect(partial.some((text) => text !== '' && text !== REPLY_TEXT && REPLY_TEXT.startsWith(text))).toBe(
      true,
    );
    expect(states.at(-1)).toEqual({ state: 'complete', text: REPLY_TEXT });

    const upstreamCall = site.upstream.requests.find((request) => request.path === '/v1/chat/completions');
    expect(upstreamCall?.body).toMatchObject({ model: 'gpt-4o-mini', stream: true });
    await site.harness.screenshot(page, 'playground-streamed-reply');
  });
});
