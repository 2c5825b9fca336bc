/**
 * Root's console says what it does and does what it says. The settings forms check what the server would
 * refuse before saving and never change a value behind the operator's back: an out-of-range number (0 in
 * the dashboard interval, minimum 1) and an address that is not http(s) (the OIDC well-known URL) show a
 * message at the field and nothing is saved. The pricing editor shows the completion price beside the
 * input price; zh buttons space Chinese and Latin words apart ("保存 SMTP 设置"). The dashboard's quota
 * axis tells small amounts apart (not "$0.00" on every tick), and the custom channel type's (8) address
 * field, its example and the hint under it describe the same thing: the API's base address, to which the
 * request paths are added.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, ROOT_USERNAME, setOptions } from '../server/src/test-support/test-server.ts';
import type { SettingsTab } from '../web/src/pages/settings/settings-tabs.ts';
import { artifactsPath, hasChromium } from './harness.ts';
import {
  FLOW_OPTIONS,
  formError,
  loggedInEnglishPage,
  loginThroughConsole,
  POLL_OPTIONS,
  settingControl,
  startConsoleForFile,
  storedOptions,
  tableCellText,
  toast,
  visibleText,
} from './helpers.ts';

const CHECK_INPUT = 'Please check input';

/** Clicks a section's save button and waits for the 'please check input' toast. */
async function saveRefused(page: Page, section: string): Promise<void> {
  await Promise.all([
    toast(page, 'error', CHECK_INPUT).waitFor(),
    page.getByTestId(`settings-save-${section}`).click(),
  ]);
}

function sectionScreenshot(page: Page, section: string, name: string): Promise<Buffer> {
  return page.getByTestId(`settings-section-${section}`).screenshot({ path: `${artifactsPath}/${name}.png` });
}

/** Chinese next to a Latin letter or digit with no space between. */
const UNSPACED = /[\u3400-\u9fff][A-Za-z0-9]|[A-Za-z0-9][\u3400-\u9fff]/;

async function unspacedLabels(buttons: Locator): Promise<string[]> {
  const texts = await buttons.allInnerTexts();
  return texts.map((text) => text.trim()).filter((text) => UNSPACED.test(text));
}

/** Quota of the seeded hours: fractions of a cent at the default 500,000 quota per dollar. */
const SMALL_QUOTAS = [30, 60, 90];
const HOUR = 3600;

/** Records every text a canvas paints, on the canvas element, so that a test can read a drawn chart. */
function recordCanvasTexts(): void {
  const paint = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (text: string, ...rest: [number, number]) {
    const canvas = this.canvas as HTMLCanvasElement & { paintedTexts?: string[] };
    canvas.paintedTexts ??= [];
    canvas.paintedTexts.push(String(text));
    return paint.call(this, text, ...rest);
  };
}

/** The money labels painted in the quota chart (its y-axis ticks: the x-axis shows times). */
function paintedAmounts(page: Page): Promise<string[]> {
  return page.getByTestId('dashboard-chart-quota').evaluate((chart) => {
    const texts = Array.from(chart.querySelectorAll('canvas')).flatMap(
      (canvas) => (canvas as HTMLCanvasElement & { paintedTexts?: string[] }).paintedTexts ?? [],
    );
    return [...new Set(texts.filter((text) => text.startsWith('$')))];
  });
}

describe.skipIf(!hasChromium)('root console: checked before saving, worded as shown', () => {
  const site = startConsoleForFile();

  const englishRootPage = () =>
    loggedInEnglishPage(site.harness, ROOT_USERNAME, ROOT_PASSWORD, { initScript: recordCanvasTexts });

  it('refuses 0 in the dashboard interval instead of saving 1', FLOW_OPTIONS, async () => {
    const page = await englishRootPage();
    const before = (await storedOptions(site.root)).DataExportInterval;
    await page.goto('/setting?tab=operation');
    const interval = settingControl(page, 'DataExportInterval');
    await interval.fill('0');
    await interval.blur();
    await formError(page, 'Must be at least 1').waitFor();
    expect(await interval.inputValue()).toBe('0');
    await saveRefused(page, 'dashboard');
    await sectionScreenshot(page, 'dashboard', 'settings-dashboard-interval-zero');
    expect((await storedOptions(site.root)).DataExportInterval).toBe(before);

    await interval.fill('7');
    await formError(page, 'Must be at least 1').waitFor({ state: 'detached' });
    await page.getByTestId('settings-save-dashboard').click();
    await expect
      .poll(async () => (await storedOptions(site.root)).DataExportInterval, POLL_OPTIONS)
      .toBe('7');
  });

  it('checks the OIDC well-known URL in the console, as the server does', FLOW_OPTIONS, async () => {
    const page = await englishRootPage();
    await page.goto('/setting?tab=system');
    const wellKnown = settingControl(page, 'oidc.well_known');
    await wellKnown.fill('id.example.com/.well-known/openid-configuration');
    const message = 'Well-known URL must be an address starting with http:// or https://';
    await formError(page, message).waitFor();
    await saveRefused(page, 'oidc');
    await sectionScreenshot(page, 'oidc', 'settings-oidc-well-known-invalid');
    expect((await storedOptions(site.root))['oidc.well_known']).toBe('');

    const address = 'https://id.example.com/.well-known/openid-configuration';
    await wellKnown.fill(address);
    await formError(page, message).waitFor({ state: 'detached' });
    await page.getByTestId('settings-save-oidc').click();
    await expect
      .poll(async () => (await storedOptions(site.root))['oidc.well_known'], POLL_OPTIONS)
      .toBe(address);
  });

  it('shows the completion price per 1M tokens beside the input price', FLOW_OPTIONS, async () => {
    const model = `e2e-completion-${Date.now().toString(36)}`;
    const options = await storedOptions(site.root);
    const withModel = (key: string, value: number) =>
      JSON.stringify({ ...JSON.parse(options[key] ?? '{}'), [model]: value });
    await setOptions(site.root, {
      ModelRatio: withModel('ModelRatio', 1.25),
      CompletionRatio: withModel('CompletionRatio', 4),
    });
    const page = await englishRootPage();
    await page.goto('/setting?tab=operation');
    await page.getByTestId('settings-ratio-tab-visual').click();
    await page.getByTestId('pricing-editor-search').fill(model);
    await page.locator(`[data-testid="pricing-editor"] tr[data-row-key="${model}"]`).waitFor();
    expect(await tableCellText(page, 'pricing-editor', model, 'Input price (USD / 1M tokens)')).toBe('$2.5');
    expect(await tableCellText(page, 'pricing-editor', model, 'Completion price (USD / 1M tokens)')).toBe(
      '$10',
    );
    await page
      .getByTestId('pricing-editor')
      .screenshot({ path: `${artifactsPath}/settings-pricing-completion-price.png` });
  });

  it('spaces Chinese and Latin words apart on every zh save button', FLOW_OPTIONS, async () => {
    const page = await site.harness.newPage();
    await loginThroughConsole(page, ROOT_USERNAME, ROOT_PASSWORD);
    const found: string[] = [];
    // Each tab with a section only it has, to know its content is shown.
    const tabs: Array<[SettingsTab, string]> = [
      ['operation', 'general'],
      ['ratelimit', 'ratelimit'],
      ['models', 'models-global'],
      ['system', 'smtp'],
      ['other', 'personalization'],
    ];
    for (const [tab, section] of tabs) {
      await page.goto(`/setting?tab=${tab}`);
      await page.getByTestId(`settings-save-${section}`).waitFor();
      found.push(...(await unspacedLabels(page.locator('button:visible'))));
    }
    expect(found).toEqual([]);
    await page.goto('/setting?tab=system');
    const smtpSave = page.getByTestId('settings-save-smtp');
    await smtpSave.scrollIntoViewIfNeeded();
    expect((await smtpSave.innerText()).trim()).toBe('保存 SMTP 设置');
    await sectionScreenshot(page, 'smtp', 'settings-zh-smtp');
  });

  it('labels the quota axis of small amounts with distinct ticks', FLOW_OPTIONS, async () => {
    const hour = Math.floor(Date.now() / 1000 / HOUR) * HOUR;
    await site.harness.server.context.database.db
      .insertInto('quota_data')
      .values(
        SMALL_QUOTAS.map((quota, index) => ({
          user_id: site.root.currentUserId ?? 1,
          username: ROOT_USERNAME,
          model_name: 'tiny-model',
          created_at: hour - index * HOUR,
          token_used: 10,
          count: 1,
          quota,
        })),
      )
      .execute();
    const page = await englishRootPage();
    await page.goto('/detail');
    await page.getByTestId('dashboard-chart-quota').locator('canvas').first().waitFor();
    await expect
      .poll(async () => (await paintedAmounts(page)).length, POLL_OPTIONS)
      .toBeGreaterThanOrEqual(3);
    const ticks = await paintedAmounts(page);
    // Every tick but the zero one shows a non-zero amount, so they all differ.
    expect(ticks.filter((tick) => /^\$0\.0+$/.test(tick))).toHaveLength(1);
    const amounts = ticks.map((tick) => Number(tick.slice(1)));
    expect(new Set(amounts).size).toBe(ticks.length);
    expect(Math.max(...amounts)).toBeGreaterThan(0);
    expect(Math.max(...amounts)).toBeLessThan(0.001);
    await page
      .getByTestId('dashboard-chart-quota')
      .screenshot({ path: `${artifactsPath}/dashboard-small-axis.png` });
  });

  it(
    'describes the custom type address the same way in the field, its example and the hint',
    FLOW_OPTIONS,
    async () => {
      const page = await englishRootPage();
      await page.goto('/channel/add');
      await page.getByTestId('channel-type').click();
      await page.keyboard.type('Custom');
      await page.locator('.ant-select-item-option', { hasText: 'Custom (8)' }).click();
      const field = page.locator('.ant-form-item', { has: page.getByTestId('channel-base-url') });
      await expect
        .poll(() => visibleText(field.locator('label')), POLL_OPTIONS)
        .toBe('API address (OpenAI-compatible)');
      const hint = await visibleText(field.locator('.ant-form-item-extra'));
      expect(hint).toBe('A trailing slash is removed when saving; do not end the address with /v1.');
      const example = /https?:\/\/\S+/.exec(
        (await page.getByTestId('channel-base-url').getAttribute('placeholder')) ?? '',
      )?.[0];
      // The example is a base address: no path, so nothing the hint warns against.
      expect(example).toBe('https://api.example.com');
      await field.screenshot({ path: `${artifactsPath}/channel-custom-address.png` });
    },
  );
});
