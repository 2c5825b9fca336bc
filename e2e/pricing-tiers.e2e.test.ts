/**
 * Tiered and tool pricing in the built console (docs/reference/pricing-tiers.md): a model priced by a billing
 * expression shows each tier and its tool prices on the public price list.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from './harness.ts';
import {
  createFakeChannel,
  englishPage,
  FLOW_OPTIONS,
  POLL_OPTIONS,
  startConsoleAndUpstreamForFile,
  visibleText,
} from './helpers.ts';

const EXPR = 'len <= 200000 ? tier("base", p * 1.25 + c * 10) : tier("long", p * 2.5 + c * 15)';

describe.skipIf(!hasChromium)('tiered prices on the price list', () => {
  const site = startConsoleAndUpstreamForFile();

  beforeAll(async () => {
    const { root, upstream } = site;
    for (const [key, value] of [
      ['billing_setting.billing_mode', { 'tiered-model': 'tiered_expr' }],
      ['billing_setting.billing_expr', { 'tiered-model': EXPR }],
      ['tool_price_setting.prices', { web_search: 8 }],
    ] as const)
      expect((await root.put('/api/option/', { key, value: JSON.stringify(value) })).body.success).toBe(true);
    await createFakeChannel(root, upstream.url, { name: 'tiers-fake', models: 'tiered-model' });
  });

  it('shows each tier with its prompt range and prices, and the tool prices', FLOW_OPTIONS, async () => {
    const page = await englishPage(site.harness);
    await page.goto('/pricing');
    const tiers = page.getByTestId('pricing-tier');
    await expect
      .poll(() => tiers.allInnerTexts(), POLL_OPTIONS)
      .toEqual([
        'base (prompt 0–200000): prompt $1.25 · completion $10.00 / 1M tokens',
        'long (prompt >200000): prompt $2.50 · completion $15.00 / 1M tokens',
      ]);
    expect(await visibleText(page.getByTestId('pricing-tools'))).toContain('web_search $8.00');
    await site.harness.screenshot(page, 'pricing-tiers-list');
  });
});
