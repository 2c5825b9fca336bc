/**
 * The model catalogue in the built console (docs/model-catalogue.md): a visitor narrows the price list to
 * one vendor and sees its models described; root previews a price sync from a local gateway's /api/pricing
 * and applies one ticked row only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OptionEntry } from '../common/api/options.ts';
import { type FakePriceSource, startFakePriceSource } from '../server/src/test-support/fake-price-source.ts';
import { ROOT_PASSWORD, ROOT_USERNAME } from '../server/src/test-support/test-server.ts';
import { hasChromium } from './harness.ts';
import {
  createFakeChannel,
  englishPage,
  FLOW_OPTIONS,
  loggedInEnglishPage,
  POLL_OPTIONS,
  startConsoleForFile,
  toast,
  visibleText,
  waitForToastsToClose,
} from './helpers.ts';

const MODELS = ['cat-alpha', 'cat-beta', 'cat-gamma'];

describe.skipIf(!hasChromium)('console model catalogue and price sync', () => {
  const site = startConsoleForFile();
  let source: FakePriceSource;

  beforeAll(async () => {
    const { root } = site;
    source = await startFakePriceSource({
      pricing: [
        {
          model_name: 'cat-alpha',
          quota_type: 0,
          model_ratio: 1.5,
          model_price: 0,
          completion_ratio: 4,
          enable_groups: ['default'],
        },
        {
          model_name: 'cat-beta',
          quota_type: 0,
          model_ratio: 0.075,
          model_price: 0,
          completion_ratio: 4,
          enable_groups: ['default'],
        },
      ],
    });
    await createFakeChannel(root, 'http://127.0.0.1:9', { name: 'catalogue', models: MODELS.join(',') });
    const ratios = JSON.stringify({ 'cat-alpha': 1, 'cat-beta': 2, 'cat-gamma': 3 });
    const completions = JSON.stringify({ 'cat-alpha': 4, 'cat-beta': 4 });
    expect((await root.put('/api/option/', { key: 'ModelRatio', value: ratios })).body.success).toBe(true);
    expect(
      (await root.put('/api/option/', { key: 'CompletionRatio', value: completions })).body.success,
    ).toBe(true);
    const acme = (await root.post<{ id: number }>('/api/vendors/', { name: 'Acme' })).body.data!.id;
    const globex = (await root.post<{ id: number }>('/api/vendors/', { name: 'Globex' })).body.data!.id;
    await root.post('/api/models/', { model_name: 'cat-', name_rule: 1, vendor_id: acme, tags: 'tools' });
    await root.post('/api/models/', {
      model_name: 'cat-gamma',
      vendor_id: globex,
      description: 'The Globex model',
      tags: 'vision',
      context_length: 128000,
    });
  });

  afterAll(async () => {
    await source?.close();
  });

  it('filters the price list by vendor and shows the catalogue description', FLOW_OPTIONS, async () => {
    const page = await englishPage(site.harness);
    await page.goto('/pricing');
    const names = () => page.getByTestId('pricing-table').getByTestId('pricing-model-name').allInnerTexts();
    await expect.poll(async () => (await names()).sort(), POLL_OPTIONS).toEqual(MODELS);

    await page.getByTestId('pricing-vendor-filter').click();
    await page.locator('.ant-select-item-option[title="Globex"]').click();
    await expect.poll(names, POLL_OPTIONS).toEqual(['cat-gamma']);
    expect(await visibleText(page.getByTestId('pricing-model-description'))).toBe('The Globex model');
    expect(await visibleText(page.getByTestId('pricing-model-vendor'))).toBe('Globex · 128K context');
    await site.harness.screenshot(page, 'catalogue-pricing-vendor');

    await page.getByTestId('pricing-vendor-filter').click();
    await page.locator('.ant-select-item-option[title="Acme"]').click();
    await expect.poll(async () => (await names()).sort(), POLL_OPTIONS).toEqual(['cat-alpha', 'cat-beta']);
  });

  it('adds a vendor and describes a served model from the Models page', FLOW_OPTIONS, async () => {
    const page = await loggedInEnglishPage(site.harness, ROOT_USERNAME, ROOT_PASSWORD);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/models');
    await page.getByTestId('catalogue-vendors-tab').click();
    await page.getByTestId('vendor-add').click();
    await page.getByTestId('vendor-name').fill('Initech');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'success', 'Saved').waitFor();
    const vendors = (
      await site.root.get<{ items: { id: number; name: string }[] }>('/api/vendors/search', {
        keyword: 'Initech',
      })
    ).body.data!;
    expect(vendors.items.map((vendor) => vendor.name)).toEqual(['Initech']);

    await waitForToastsToClose(page);
    await page.getByRole('tab', { name: 'Models' }).click();
    await page.getByTestId('model-add').click();
    await page.getByTestId('model-name').fill('cat-delta');
    await page.getByTestId('model-description').fill('Described in the browser');
    await page.getByTestId('model-tags').fill('audio');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'success', 'Saved').waitFor();
    await expect
      .poll(() => page.getByTestId('catalogue-model-name').allInnerTexts(), POLL_OPTIONS)
      .toContain('cat-delta');
    await page.getByTestId('model-form').waitFor({ state: 'detached' });
    await site.harness.screenshot(page, 'catalogue-models-375');
    const entries = (
      await site.root.get<{ items: { model_name: string; description: string; tags: string }[] }>(
        '/api/models/search',
        { keyword: 'cat-delta' },
      )
    ).body.data!;
    expect(entries.items).toEqual([
      expect.objectContaining({
        model_name: 'cat-delta',
        description: 'Described in the browser',
        tags: 'audio',
      }),
    ]);
  });

  it('previews a sync from another gateway and applies only the ticked row', FLOW_OPTIONS, async () => {
    const page = await loggedInEnglishPage(site.harness, ROOT_USERNAME, ROOT_PASSWORD);
    await page.goto('/setting');
    await page.getByTestId('settings-price-sync').click();
    await page.getByTestId('price-sync-url').fill(`${source.url}/api/pricing`);
    await page.getByTestId('price-sync-preview').click();
    const table = page.getByTestId('price-sync-table');
    await table.waitFor();
    await expect
      .poll(() => visibleText(page.getByTestId('price-sync-proposed-cat-alpha-model_ratio')), POLL_OPTIONS)
      .toContain('1.5');
    expect(await visibleText(page.getByTestId('price-sync-proposed-cat-beta-model_ratio'))).toContain(
      '0.075',
    );
    await site.harness.screenshot(page, 'catalogue-price-sync-preview');

    await page.getByTestId('price-sync-tick-cat-alpha-model_ratio').click();
    await page.getByTestId('price-sync-apply').click();
    await toast(page, 'success', '1 values applied').waitFor();

    const options = (await site.root.get<OptionEntry[]>('/api/option/')).body.data!;
    const ratios = JSON.parse(options.find((option) => option.key === 'ModelRatio')!.value);
    expect([ratios['cat-alpha'], ratios['cat-beta'], ratios['cat-gamma']]).toEqual([1.5, 2, 3]);
    // The preview is read again: the applied row is gone, the other stays.
    await page.getByTestId('price-sync-proposed-cat-alpha-model_ratio').waitFor({ state: 'detached' });
    await page.getByTestId('price-sync-proposed-cat-beta-model_ratio').waitFor();
  });
});
