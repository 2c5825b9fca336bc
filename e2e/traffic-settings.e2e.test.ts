/**
 * The settings page's Traffic tab in the built console, as root (web/src/pages/settings/TrafficTab.tsx): a
 * group limit, a fallback chain and an error-policy change saved through the options API and shown again
 * after a reload; a row without limits, a model falling back to itself, a cooldown under -1 and broken
 * affinity rules are refused with a message and nothing is stored; the Claude Code affinity template is saved;
 * the tab in Chinese, the console's default language.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, ROOT_USERNAME } from '../server/src/test-support/test-server.ts';
import { hasChromium } from './harness.ts';
import {
  FLOW_OPTIONS,
  formError,
  loggedInEnglishPage,
  loginThroughConsole,
  POLL_OPTIONS,
  settingControl,
  startConsoleForFile,
  storedOptions,
  toast,
  waitForToastsToClose,
} from './helpers.ts';

const SAVED = 'Save successful';

/** The input of a cell whose test id is on the input itself or on its wrapper. */
function cellInput(page: Page, testId: string) {
  return page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();
}

/**
 * Picks an option of a select and waits until the select shows it; a click that landed while the dropdown
 * was still opening (seen under load) is tried again.
 */
async function chooseOption(page: Page, testId: string, text: string | RegExp): Promise<void> {
  const select = page.getByTestId(testId);
  // antd puts the test id on the select's root or on its search input, depending on the select; the root's
  // text is the chosen option's label (or the placeholder).
  const root = page
    .locator(`.ant-select[data-testid="${testId}"], .ant-select:has([data-testid="${testId}"])`)
    .first();
  const chosen = async () => {
    const value = ((await root.textContent()) ?? '').trim();
    return typeof text === 'string' ? value.includes(text) : text.test(value);
  };
  for (let attempt = 1; ; attempt += 1) {
    await select.click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text })
      .last()
      .click();
    await page.waitForTimeout(100);
    if (await chosen()) return;
    if (attempt === 5) throw new Error(`${testId}: the option ${String(text)} was not chosen`);
    await page.keyboard.press('Escape');
  }
}

/**
 * Adds a tag to a tags-mode select by typing it with the select's separator, which makes the tag from the
 * typed text itself (Enter would pick whichever option the dropdown had active, racy under load), and waits
 * until the tag is shown.
 */
async function addTag(scope: Locator, input: Locator, value: string): Promise<void> {
  await input.fill(`${value},`);
  await scope.locator('.ant-select-selection-item', { hasText: new RegExp(`^${value}$`) }).waitFor();
  // Close the tags dropdown so that it covers nothing the next step clicks.
  await input.press('Escape');
}

/** Clicks a section's save button and waits for the toast it answers with. */
async function save(page: Page, section: string, kind: 'success' | 'error', text: string): Promise<void> {
  await Promise.all([
    toast(page, kind, text).last().waitFor(),
    page.getByTestId(`settings-save-${section}`).click(),
  ]);
}

describe.skipIf(!hasChromium)('console traffic settings (root)', () => {
  const site = startConsoleForFile();
  let page: Page;

  beforeAll(async () => {
    page = await loggedInEnglishPage(site.harness, ROOT_USERNAME, ROOT_PASSWORD);
  });

  it(
    'saves a group limit, a fallback chain and an error policy, refuses bad values, and shows them after a reload',
    FLOW_OPTIONS,
    async () => {
      const before = await storedOptions(site.root);
      await page.goto('/setting?tab=traffic');
      await page.getByTestId('settings-section-traffic-group-limits').waitFor();

      // Group limits: a row without any limit is refused, then 60 RPM for vip is stored.
      await page.getByTestId('traffic-group-add').click();
      await chooseOption(page, 'traffic-group-group-1', /^vip$/);
      await save(page, 'traffic-group-limits', 'error', 'Row 1: set at least one limit, or remove the row');
      await page.getByTestId('traffic-problems-traffic-group-limits').waitFor();
      await site.harness.screenshot(page, 'traffic-group-limits-refused');
      expect((await storedOptions(site.root))['traffic_setting.group_limits']).toBe(
        before['traffic_setting.group_limits'],
      );
      await cellInput(page, 'traffic-group-rpm-1').fill('60');
      await cellInput(page, 'traffic-group-concurrency-1').fill('4');
      await site.harness.screenshot(page, 'traffic-group-limits-draft');
      await save(page, 'traffic-group-limits', 'success', SAVED);
      await expect
        .poll(async () => (await storedOptions(site.root))['traffic_setting.group_limits'], POLL_OPTIONS)
        .toBe('{"vip":{"rpm":60,"concurrency":4}}');
      await waitForToastsToClose(page);

      // Fallback chain: a model that falls back to itself is refused; two other models are stored in order.
      const section = page.getByTestId('settings-section-traffic-fallback');
      await section.scrollIntoViewIfNeeded();
      await page.getByTestId('traffic-fallback-add').click();
      await chooseOption(page, 'traffic-fallback-group-1', /^default$/);
      await cellInput(page, 'traffic-fallback-model-1').fill('e2e-model');
      const chain = cellInput(page, 'traffic-fallback-chain-1');
      await addTag(section, chain, 'e2e-model');
      await site.harness.screenshot(page, 'traffic-fallback-self');
      await save(page, 'traffic-fallback', 'error', 'Row 1: e2e-model cannot fall back to itself');
      await section.locator('.ant-select-selection-item-remove').first().click();
      for (const model of ['e2e-fallback-a', 'e2e-fallback-b']) await addTag(section, chain, model);
      await chooseOption(
        page,
        'setting-traffic_setting.fallback_reply_model',
        'The fallback model that answered',
      );
      await site.harness.screenshot(page, 'traffic-fallback-draft');
      await save(page, 'traffic-fallback', 'success', SAVED);
      await expect
        .poll(async () => {
          const options = await storedOptions(site.root);
          return [
            options['traffic_setting.fallback_models'],
            options['traffic_setting.fallback_reply_model'],
          ];
        }, POLL_OPTIONS)
        .toEqual(['{"default":{"e2e-model":["e2e-fallback-a","e2e-fallback-b"]}}', 'served']);
      await waitForToastsToClose(page);

      // Error policy: a cooldown under -1 is refused; timeouts returned at once and a 30 s cooldown on overload.
      await page.getByTestId('settings-section-traffic-error-policy').scrollIntoViewIfNeeded();
      await chooseOption(page, 'traffic-policy-action-timeout', 'Return the error');
      const cooldown = cellInput(page, 'traffic-policy-cooldown-overloaded');
      await cooldown.fill('-5');
      await save(
        page,
        'traffic-error-policy',
        'error',
        "Overloaded: the cooldown must be a whole number of seconds, -1 (the upstream's Retry-After) or more",
      );
      expect((await storedOptions(site.root))['traffic_setting.error_policy']).toBe(
        before['traffic_setting.error_policy'],
      );
      await cooldown.fill('30');
      await save(page, 'traffic-error-policy', 'success', SAVED);
      await expect
        .poll(
          async () => JSON.parse((await storedOptions(site.root))['traffic_setting.error_policy'] ?? '{}'),
          POLL_OPTIONS,
        )
        .toEqual({
          overloaded: { action: 'retry', cooldown_seconds: 30, disable: false },
          timeout: { action: 'return', cooldown_seconds: 0, disable: false },
        });
      await waitForToastsToClose(page);

      // After a reload every saved value is shown again.
      await page.reload();
      await page.getByTestId('settings-section-traffic-group-limits').waitFor();
      expect(await page.getByTestId('traffic-group-group-1').textContent()).toBe('vip');
      expect(await cellInput(page, 'traffic-group-rpm-1').inputValue()).toBe('60');
      expect(await cellInput(page, 'traffic-group-concurrency-1').inputValue()).toBe('4');
      expect(await cellInput(page, 'traffic-fallback-model-1').inputValue()).toBe('e2e-model');
      const tags = page
        .getByTestId('settings-section-traffic-fallback')
        .locator('.ant-select-selection-item');
      expect(await tags.allTextContents()).toEqual(['e2e-fallback-a', 'e2e-fallback-b']);
      expect(await page.getByTestId('setting-traffic_setting.fallback_reply_model').textContent()).toBe(
        'The fallback model that answered',
      );
      expect(await page.getByTestId('traffic-policy-action-timeout').textContent()).toBe('Return the error');
      expect(await cellInput(page, 'traffic-policy-cooldown-overloaded').inputValue()).toBe('30');
      await site.harness.screenshot(page, 'traffic-settings-reloaded');
    },
  );

  it(
    'shows what is wrong with the affinity rules when the box loses focus, and saves a template',
    FLOW_OPTIONS,
    async () => {
      await page.goto('/setting?tab=traffic');
      const rules = settingControl(page, 'channel_affinity_setting.rules');
      await rules.scrollIntoViewIfNeeded();
      await rules.fill(
        '[{"name": "broken", "model_regex": ["^claude-"], "key_sources": [{"type": "gjson"}]}]',
      );
      await rules.blur();
      await formError(page, 'Rule 1: key source 1: path is required').waitFor();
      await site.harness.screenshot(page, 'traffic-affinity-refused');
      await rules.fill('');
      await page.getByTestId('affinity-template-claudeCode').click();
      await formError(page, 'Rule 1: key source 1: path is required').waitFor({ state: 'detached' });
      expect(JSON.parse(await rules.inputValue())).toEqual([
        expect.objectContaining({ name: 'claude code session', skip_retry_on_failure: false }),
      ]);
      await site.harness.screenshot(page, 'traffic-affinity-rules');
      await save(page, 'affinity', 'success', SAVED);
      await expect
        .poll(
          async () => JSON.parse((await storedOptions(site.root))['channel_affinity_setting.rules'] ?? '[]'),
          POLL_OPTIONS,
        )
        .toEqual([expect.objectContaining({ name: 'claude code session', path_regex: ['/v1/messages'] })]);
    },
  );

  it('speaks Chinese by default: the tab, the tables and a refusal', FLOW_OPTIONS, async () => {
    const zhPage = await site.harness.newPage();
    await loginThroughConsole(zhPage, ROOT_USERNAME, ROOT_PASSWORD);
    await zhPage.goto('/setting?tab=traffic');
    expect(await zhPage.getByTestId('settings-tab-traffic').textContent()).toBe('流量控制');
    await zhPage.getByTestId('traffic-model-add').click();
    await save(zhPage, 'traffic-model-limits', 'error', '第 1 行：请选择分组');
    expect(await zhPage.getByTestId('traffic-problems-traffic-model-limits').textContent()).toContain(
      '第 1 行：请输入模型',
    );
    await site.harness.screenshot(zhPage, 'traffic-settings-zh');
  });
});
