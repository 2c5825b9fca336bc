/**
 * The security audit log in the built console (docs/audit.md): an administrator changes a channel (its
 * key too); root opens Audit log (zh), filters by the action, opens the entry and sees the changed name and
 * the key only as a hidden secret; the administrator (en, 375 px, dark theme) sees their own entry and none
 * of root's.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AuditLogView } from '../common/api/audit.ts';
import type { CreateChannelsResult, Page as ListPage } from '../common/api-types.ts';
import { createUserAndLogin, ROOT_PASSWORD, ROOT_USERNAME } from '../server/src/test-support/test-server.ts';
import { hasChromium } from './harness.ts';
import {
  FLOW_OPTIONS,
  loggedInEnglishPage,
  loginThroughConsole,
  POLL_OPTIONS,
  startConsoleForFile,
  uniqueUsername,
  visibleText,
} from './helpers.ts';

const PASSWORD = 'password-123';
const PHONE = { width: 375, height: 740 };

describe.skipIf(!hasChromium)('console: audit log', () => {
  const site = startConsoleForFile();
  const admin = uniqueUsername('auditor');
  let channelId = 0;

  /** The id of the newest entry of `action` root can see (the page's detail button carries it). */
  async function newestEntry(action: string): Promise<number> {
    let id = 0;
    await expect
      .poll(async () => {
        const reply = await site.root.get<ListPage<AuditLogView>>('/api/audit/', { action });
        id = reply.body.data?.items[0]?.id ?? 0;
        return id;
      }, POLL_OPTIONS)
      .toBeGreaterThan(0);
    return id;
  }

  async function filterByAction(page: Page, action: string) {
    await page.getByTestId('audit-search-action').click();
    await page.keyboard.type(action);
    await page.locator(`.ant-select-item-option[title="${action}"]`).click();
    await page.getByTestId('audit-search-submit').click();
  }

  it('root filters by action and reads a channel change with the key masked (zh)', FLOW_OPTIONS, async () => {
    const boss = await createUserAndLogin(site.harness.server, site.root, admin, {
      role: 'admin',
      password: PASSWORD,
    });
    const created = await boss.post<CreateChannelsResult>('/api/channel/', {
      type: 1,
      key: 'sk-e2e-audit-key-1',
      name: 'audit-e2e',
      models: 'gpt-4o',
      group: 'default',
    });
    channelId = created.body.data!.ids[0]!;
    const updated = await boss.put('/api/channel/', {
      id: channelId,
      name: 'audit-e2e-renamed',
      key: 'sk-e2e-audit-key-2',
    });
    expect(updated.body.success).toBe(true);
    await site.root.put('/api/option/', { key: 'SystemName', value: 'Audit Yard' });

    const page = await site.harness.newPage(await site.harness.newContext());
    await loginThroughConsole(page, ROOT_USERNAME, ROOT_PASSWORD);
    await page.goto('/audit');
    const card = page.getByTestId('audit-page');
    await card.waitFor();
    expect(await visibleText(card)).toContain('审计日志');
    await filterByAction(page, 'channel.update');
    const table = page.getByTestId('audit-table');
    await expect
      .poll(async () => (await visibleText(table)).includes('audit-e2e-renamed'), POLL_OPTIONS)
      .toBe(true);
    expect(await visibleText(table)).not.toContain('option.update');
    await page.getByTestId(`audit-detail-${await newestEntry('channel.update')}`).click();
    const detail = page.getByTestId('audit-detail');
    await detail.waitFor();
    const text = await visibleText(detail);
    expect(text).toContain('audit-e2e');
    expect(text).toContain('audit-e2e-renamed');
    expect(text).toContain('已隐藏的密钥');
    expect(text).toContain(admin);
    expect(text).not.toContain('sk-e2e-audit-key');
    await site.harness.screenshot(page, 'audit-detail-zh');
    await page.close();
  });

  it('an admin sees their own entries, not root’s (en, 375 px, dark)', FLOW_OPTIONS, async () => {
    const page = await loggedInEnglishPage(site.harness, admin, PASSWORD);
    await page.goto('/audit');
    const table = page.getByTestId('audit-table');
    await table.waitFor();
    await expect
      .poll(async () => (await visibleText(table)).includes('channel.update'), POLL_OPTIONS)
      .toBe(true);
    const text = await visibleText(table);
    expect(text).toContain('channel.create');
    expect(text).not.toContain('option.update');
    expect(text).toContain('Succeeded');
    await site.harness.screenshot(page, 'audit-list-en');

    await page.setViewportSize(PHONE);
    await page.getByTestId('theme-toggle').click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.theme), POLL_OPTIONS)
      .toBe('dark');
    // Nothing on the list page is wider than the phone.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), POLL_OPTIONS)
      .toBeLessThanOrEqual(PHONE.width);
    await site.harness.screenshot(page, 'audit-list-en-375-dark');
    await page.getByTestId(`audit-detail-${await newestEntry('channel.update')}`).click();
    await page.getByTestId('audit-detail').waitFor();
    expect(await visibleText(page.getByTestId('audit-detail'))).toContain('Hidden secret');
    const box = await page.getByTestId('audit-detail').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(PHONE.width);
    await site.harness.screenshot(page, 'audit-detail-en-375-dark');
    await page.close();
  });
});
