/**
 * The settings page in the built console, as root: one value changed and saved on every tab (stored
 * through the options API, a second save without a change only warns), a JSON field refusing bad JSON,
 * registration switched off from the system tab, and the visual pricing editor's token prices becoming
 * model and completion ratios that survive a reload.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonymousClient, ROOT_PASSWORD, ROOT_USERNAME } from '../server/src/test-support/test-server.ts';
import type { SettingsTab } from '../web/src/pages/settings/settings-tabs.ts';
import { hasChromium } from './harness.ts';
import {
  FLOW_OPTIONS,
  formError,
  loggedInEnglishPage,
  POLL_OPTIONS,
  settingControl,
  startConsoleForFile,
  storedOptions,
  tableCellText,
  toast,
  uniqueUsername,
  waitForPath,
  waitForToastsToClose,
} from './helpers.ts';

const SAVED = 'Save successful';
const NOTHING_CHANGED = 'You seem to have changed nothing';

/** One value a tab's test changes: the option, the section whose button saves it, how to change it. */
interface TabChange {
  tab: SettingsTab;
  section: string;
  key: string;
  stored: string;
  change(page: Page): Promise<void>;
}

async function openTab(page: Page, tab: SettingsTab): Promise<void> {
  await page.getByTestId(`settings-tab-${tab}`).click();
  await page.locator(`.ant-tabs-tab-active [data-testid="settings-tab-${tab}"]`).waitFor();
}

/**
 * Clicks a section's save button and waits for the toast it answers with (looked for from the click on:
 * it may be gone by the time the options have reloaded) and for the save to be over.
 */
async function saveSection(page: Page, section: string, answer: Locator): Promise<void> {
  const button = page.getByTestId(`settings-save-${section}`);
  await Promise.all([
    answer.waitFor(),
    (async () => {
      await button.click();
      await expect
        .poll(async () => (await button.getAttribute('class')) ?? '', POLL_OPTIONS)
        .not.toContain('ant-btn-loading');
    })(),
  ]);
}

describe.skipIf(!hasChromium)('console settings (root)', () => {
  const site = startConsoleForFile();
  let page: Page;

  beforeAll(async () => {
    page = await loggedInEnglishPage(site.harness, ROOT_USERNAME, ROOT_PASSWORD);
  });

  it(
    'saves one changed value on every tab, warns when nothing changed, and closing registration refuses it',
    FLOW_OPTIONS,
    async () => {
      const changes: TabChange[] = [
        {
          tab: 'operation',
          section: 'general',
          key: 'RetryTimes',
          stored: '3',
          change: (target) => settingControl(target, 'RetryTimes').fill('3'),
        },
        {
          tab: 'ratelimit',
          section: 'ratelimit',
          key: 'ModelRequestRateLimitCount',
          stored: '42',
          change: (target) => settingControl(target, 'ModelRequestRateLimitCount').fill('42'),
        },
        {
          tab: 'models',
          section: 'models-global',
          key: 'general_setting.ping_interval_enabled',
          stored: 'true',
          change: (target) => settingControl(target, 'general_setting.ping_interval_enabled').click(),
        },
        {
          tab: 'system',
          section: 'login',
          key: 'RegisterEnabled',
          stored: 'false',
          change: (target) => settingControl(target, 'RegisterEnabled').click(),
        },
        {
          tab: 'other',
          section: 'personalization',
          key: 'SystemName',
          stored: 'Switchyard E2E',
          change: (target) => settingControl(target, 'SystemName').fill('Switchyard E2E'),
        },
      ];
      const before = await storedOptions(site.root);
      for (const { key, stored } of changes) expect(before[key]).not.toBe(stored);
      // Registration is open before the system tab closes it.
      const early = await anonymousClient(site.harness.server).post('/api/user/register', {
        username: uniqueUsername('early'),
        password: 'password-123',
      });
      expect(early.body.success).toBe(true);

      await page.goto('/setting');
      for (const { tab, section, key, stored, change } of changes) {
        await openTab(page, tab);
        if (tab !== 'operation') await waitForPath(page, `/setting?tab=${tab}`);
        await change(page);
        await saveSection(page, section, toast(page, 'success', SAVED));
        expect((await storedOptions(site.root))[key]).toBe(stored);

        await saveSection(page, section, toast(page, 'warning', NOTHING_CHANGED));
        expect((await storedOptions(site.root))[key]).toBe(stored);
        await waitForToastsToClose(page);
      }
      await site.harness.screenshot(page, 'settings-other-saved');

      const refused = await anonymousClient(site.harness.server).post('/api/user/register', {
        username: uniqueUsername('late'),
        password: 'password-123',
      });
      expect(refused.body).toMatchObject({
        success: false,
        message: 'The administrator has turned off new user registration',
      });
      // The other values stayed as they were.
      const after = await storedOptions(site.root);
      expect(after.ModelRequestRateLimitEnabled).toBe(before.ModelRequestRateLimitEnabled);
      expect(after.PasswordRegisterEnabled).toBe(before.PasswordRegisterEnabled);

      await openTab(page, 'system');
      await settingControl(page, 'RegisterEnabled').click();
      await saveSection(page, 'login', toast(page, 'success', SAVED));
      expect((await storedOptions(site.root)).RegisterEnabled).toBe('true');
    },
  );

  it(
    'shows "not a valid JSON string" when a JSON field loses focus with bad JSON',
    FLOW_OPTIONS,
    async () => {
      await page.goto('/setting?tab=models');
      const field = settingControl(page, 'gemini.safety_settings');
      const storedBefore = (await storedOptions(site.root))['gemini.safety_settings'];
      await field.fill('{"default": "OFF"');
      expect(await formError(page, 'Not a valid JSON string').count()).toBe(0);
      await field.blur();
      await formError(page, 'Not a valid JSON string').waitFor();
      await site.harness.screenshot(page, 'settings-invalid-json');

      await page.getByTestId('settings-save-gemini').click();
      await toast(page, 'error', 'Error:').waitFor();
      expect((await storedOptions(site.root))['gemini.safety_settings']).toBe(storedBefore);

      await field.fill('{"default": "BLOCK_NONE"}');
      await field.blur();
      await formError(page, 'Not a valid JSON string').waitFor({ state: 'detached' });
      await saveSection(page, 'gemini', toast(page, 'success', SAVED));
      expect(JSON.parse((await storedOptions(site.root))['gemini.safety_settings'] ?? '')).toEqual({
        default: 'BLOCK_NONE',
      });
    },
  );

  it('turns token prices into model and completion ratios that survive a reload', FLOW_OPTIONS, async () => {
    const model = `e2e-priced-${Date.now().toString(36)}`;
    await page.goto('/setting?tab=operation');
    await page.getByTestId('settings-ratio-tab-visual').click();
    await page.getByTestId('pricing-editor-add').click();
    await page.getByTestId('pricing-editor-input-name').fill(model);
    await page.getByTestId('pricing-editor-input-style').getByText('Token price', { exact: true }).click();
    await page.getByTestId('pricing-editor-input-tokenPrice').fill('5');
    await page.getByTestId('pricing-editor-input-completionTokenPrice').fill('15');
    await page.getByTestId('pricing-editor-dialog-ok').click();
    await page.getByTestId('pricing-editor-input-name').waitFor({ state: 'detached' });

    await page.getByTestId('pricing-editor-save').click();
    await toast(page, 'success', SAVED).waitFor();
    await expect
      .poll(async () => {
        const options = await storedOptions(site.root);
        return [
          (JSON.parse(options.ModelRatio ?? '{}') as Record<string, number>)[model],
          (JSON.parse(options.CompletionRatio ?? '{}') as Record<string, number>)[model],
        ];
      }, POLL_OPTIONS)
      .toEqual([2.5, 3]);

    await page.reload();
    await page.getByTestId('settings-ratio-tab-visual').click();
    await page.getByTestId('pricing-editor-search').fill(model);
    await page.locator(`[data-testid="pricing-editor"] tr[data-row-key="${model}"]`).waitFor();
    expect(await tableCellText(page, 'pricing-editor', model, 'Model ratio')).toBe('2.5');
    expect(await tableCellText(page, 'pricing-editor', model, 'Completion ratio')).toBe('3');
    expect(await tableCellText(page, 'pricing-editor', model, 'Input price (USD / 1M tokens)')).toBe('$5');
    await site.harness.screenshot(page, 'settings-pricing-row');
  });
});
