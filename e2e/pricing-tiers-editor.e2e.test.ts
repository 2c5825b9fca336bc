/**
 * The pricing editor's tiers and tool prices in the built console (docs/reference/pricing-tiers.md "Console"):
 * root gives a model two tiers in the visual editor (zh), a bad bound is refused with its message, the saved
 * options hold billing_mode tiered_expr and the expression, and the price list shows the tiers; a tool price
 * set in the Tool prices tab shows under a ratio-priced model (en); the editor at 375 px in the dark theme.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, ROOT_USERNAME } from '../server/src/test-support/test-server.ts';
import { artifactsPath, hasChromium } from './harness.ts';
import {
  createFakeChannel,
  englishPage,
  FLOW_OPTIONS,
  loggedInEnglishPage,
  loginThroughConsole,
  POLL_OPTIONS,
  startConsoleAndUpstreamForFile,
  storedOptions,
  toast,
  visibleText,
} from './helpers.ts';

const PHONE = { width: 375, height: 740 };
const TIERED = 'tier-editor-model';
const RATIO = 'tool-ratio-model';

describe.skipIf(!hasChromium)('console: tiers and tool prices in the pricing editor', () => {
  const site = startConsoleAndUpstreamForFile();

  it(
    'root sets two tiers (zh), a bad bound is refused, the price list shows them',
    FLOW_OPTIONS,
    async () => {
      await createFakeChannel(site.root, site.upstream.url, {
        name: 'tier-editor-fake',
        models: `${TIERED},${RATIO}`,
      });
      expect(
        (await site.root.put('/api/option/', { key: 'ModelRatio', value: JSON.stringify({ [RATIO]: 1 }) }))
          .body.success,
      ).toBe(true);

      const page = await site.harness.newPage(await site.harness.newContext());
      await loginThroughConsole(page, ROOT_USERNAME, ROOT_PASSWORD);
      await page.goto('/setting?tab=operation');
      await page.getByTestId('settings-ratio-tab-visual').click();
      await page.getByTestId('pricing-editor-add').click();
      await page.getByTestId('pricing-editor-input-name').fill(TIERED);
      await page.getByTestId('pricing-editor-mode-tiered').click();
      await page.getByTestId('pricing-tier-0-upTo').fill('200k');
      await page.getByTestId('pricing-tier-0-input').fill('1.25');
      await page.getByTestId('pricing-tier-0-output').fill('10');
      await page.getByTestId('pricing-tier-0-cacheRead').fill('0.125');
      await page.getByTestId('pricing-tier-1-input').fill('2.5');
      await page.getByTestId('pricing-tier-1-output').fill('15');
      await page.getByTestId('pricing-editor-dialog-ok').click();
      const problem = page.getByTestId('pricing-tiers-problem');
      await expect.poll(() => visibleText(problem), POLL_OPTIONS).toBe('第 1 行：输入 token 上限必须是整数');
      await site.harness.screenshot(page, 'pricing-tiers-editor-zh-refused');
      await page
        .getByRole('dialog')
        .screenshot({ path: join(artifactsPath, 'pricing-tiers-editor-zh-refused-dialog.png') });

      await page.getByTestId('pricing-tier-0-upTo').fill('200000');
      await page.getByTestId('pricing-editor-dialog-ok').click();
      await page.getByTestId('pricing-editor-input-name').waitFor({ state: 'detached' });
      await page.getByTestId('pricing-editor-search').fill(TIERED);
      expect(await visibleText(page.getByTestId(`pricing-editor-tiered-${TIERED}`))).toBe('分段（2）');
      await page.getByTestId('pricing-editor-save').click();
      await expect
        .poll(
          async () => JSON.parse((await storedOptions(site.root))['billing_setting.billing_mode'] ?? '{}'),
          POLL_OPTIONS,
        )
        .toEqual({ [TIERED]: 'tiered_expr' });
      expect(JSON.parse((await storedOptions(site.root))['billing_setting.billing_expr'] ?? '{}')).toEqual({
        [TIERED]:
          'len <= 200000 ? tier("tier1", p * 1.25 + c * 10 + cr * 0.125) : tier("tier2", p * 2.5 + c * 15)',
      });

      // Opened again, the stored expression is read back as its tier table.
      await page.getByTestId(`pricing-editor-edit-${TIERED}`).click();
      expect(await page.getByTestId('pricing-tier-0-upTo').inputValue()).toBe('200000');
      expect(await page.getByTestId('pricing-tier-1-output').inputValue()).toBe('15');
      await site.harness.screenshot(page, 'pricing-tiers-editor-zh');

      const list = await englishPage(site.harness);
      await list.goto('/pricing');
      await expect
        .poll(() => list.getByTestId('pricing-tier').allInnerTexts(), POLL_OPTIONS)
        .toEqual([
          'tier1 (prompt 0–200000): prompt $1.25 · completion $10.00 / 1M tokens · cache read $0.125',
          'tier2 (prompt >200000): prompt $2.50 · completion $15.00 / 1M tokens',
        ]);
    },
  );

  it(
    'root sets a tool price (en); it shows under a ratio-priced model; 375 px dark',
    FLOW_OPTIONS,
    async () => {
      const page = await loggedInEnglishPage(site.harness, ROOT_USERNAME, ROOT_PASSWORD);
      await page.goto('/setting?tab=operation');
      await page.getByTestId('settings-ratio-tab-tools').click();
      await page.getByTestId('tool-price-add').click();
      await page.getByTestId('tool-price-0-tool').fill('web_search:tool-ratio');
      await page.getByTestId('tool-price-0-price').fill('12.5');
      await page.getByTestId('tool-prices-save').click();
      await expect
        .poll(() => visibleText(page.getByTestId('tool-prices-problem')), POLL_OPTIONS)
        .toBe('Row 1: write a tool name, or tool:model-prefix* ending in *');
      await page.getByTestId('tool-price-0-tool').fill('web_search:tool-ratio*');
      await page.getByTestId('tool-prices-save').click();
      await toast(page, 'success', 'Save successful').waitFor();
      await expect
        .poll(
          async () => JSON.parse((await storedOptions(site.root))['tool_price_setting.prices'] ?? '{}'),
          POLL_OPTIONS,
        )
        .toEqual({ 'web_search:tool-ratio*': 12.5 });
      await site.harness.screenshot(page, 'pricing-tools-editor-en');

      await page.goto('/pricing');
      const ratioRow = page.locator(`[data-testid="pricing-table"] tr[data-row-key="${RATIO}"]`);
      await expect
        .poll(() => visibleText(ratioRow.getByTestId('pricing-tools')), POLL_OPTIONS)
        .toContain('web_search $12.50');
      const tieredRow = page.locator(`[data-testid="pricing-table"] tr[data-row-key="${TIERED}"]`);
      expect(await visibleText(tieredRow.getByTestId('pricing-tools'))).toContain('web_search $10.00');
      // The tools line wraps inside its column instead of widening it.
      const toolsBox = await ratioRow.getByTestId('pricing-tools').boundingBox();
      expect(toolsBox?.width ?? 0).toBeLessThanOrEqual(360);
      await site.harness.screenshot(page, 'pricing-tools-list-en');

      await page.setViewportSize(PHONE);
      await page.getByTestId('theme-toggle').click();
      await expect
        .poll(() => page.evaluate(() => document.documentElement.dataset.theme), POLL_OPTIONS)
        .toBe('dark');
      await page.goto('/setting?tab=operation');
      await page.getByTestId('settings-ratio-tab-visual').click();
      await page.getByTestId('pricing-editor-search').fill(TIERED);
      await page.getByTestId(`pricing-editor-edit-${TIERED}`).click();
      await page.getByTestId('pricing-tier-0-upTo').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await site.harness.screenshot(page, 'pricing-tiers-editor-en-375-dark');
      await page
        .getByRole('dialog')
        .screenshot({ path: join(artifactsPath, 'pricing-tiers-editor-en-375-dark-dialog.png') });
    },
  );
});
