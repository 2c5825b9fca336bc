/**
 * The token and user tables as a phone user and a mouse user meet them: at 375 px every user column can be
 * scrolled into view without the action column covering it, a long token name is shown whole, and the
 * token "copy key" hint never covers another row's buttons.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUserAndLogin, ROOT_PASSWORD, ROOT_USERNAME } from '../server/src/test-support/test-server.ts';
import { hasChromium } from './harness.ts';
import {
  englishPage,
  FLOW_OPTIONS,
  loginThroughConsole,
  shownRowIds,
  startConsoleForFile,
  tableCell,
  tableRow,
  tableRowId,
  uniqueUsername,
  userRowId,
} from './helpers.ts';

const PASSWORD = 'password-123';
const PHONE = { width: 375, height: 740 };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Scrolls the element into view and tells whether it is on the screen and uncovered from end to end: a tap
 * at the start, the middle and the end of each of its lines reaches it, not something drawn over it (such
 * as a sticky column).
 */
async function wholeOnScreen(element: Locator): Promise<boolean> {
  await element.scrollIntoViewIfNeeded();
  return element.evaluate((target) => {
    const lines = Array.from(target.getClientRects()).filter((box) => box.width > 0 && box.height > 0);
    if (lines.length === 0) return false;
    return lines.every((box) => {
      const y = box.top + box.height / 2;
      return [box.left + 2, box.left + box.width / 2, box.right - 2].every((x) => {
        if (x < 0 || x >= window.innerWidth || y < 0 || y >= window.innerHeight) return false;
        const hit = document.elementFromPoint(x, y);
        return hit !== null && (target.contains(hit) || hit.contains(target));
      });
    });
  });
}

describe.skipIf(!hasChromium)('token and user rows on a phone and under the mouse', () => {
  const site = startConsoleForFile();

  /** A page logged in as `username` (English, allowed to copy), at `viewport` when given. */
  async function pageOf(username: string, password: string, viewport?: typeof PHONE): Promise<Page> {
    const page = await englishPage(site.harness, { clipboard: true });
    if (viewport) await page.setViewportSize(viewport);
    await loginThroughConsole(page, username, password);
    return page;
  }

  /** A new user owning unlimited tokens with the given names, and their token page. */
  async function tokenPageWith(names: string[], viewport?: typeof PHONE): Promise<Page> {
    const username = uniqueUsername('keyrows');
    const user = await createUserAndLogin(site.harness.server, site.root, username, { password: PASSWORD });
    for (const name of names) {
      const created = await user.post('/api/token/', {
        name,
        remain_quota: 0,
        unlimited_quota: true,
        expired_time: -1,
      });
      expect(created.body.success).toBe(true);
    }
    const page = await pageOf(username, PASSWORD, viewport);
    await page.goto('/token');
    await page.getByTestId('tokens-table').waitFor();
    return page;
  }

  it('lets every user column be scrolled into view at 375 px', FLOW_OPTIONS, async () => {
    const username = uniqueUsername('phoneuser');
    await createUserAndLogin(site.harness.server, site.root, username, { password: PASSWORD });
    const page = await pageOf(ROOT_USERNAME, ROOT_PASSWORD, PHONE);
    await page.goto('/user');
    await page.getByTestId('users-table').waitFor();
    const id = await userRowId(page, username);

    for (const title of ['ID', 'Username', 'Quota', 'Group', 'Role', 'Status']) {
      const cell = await tableCell(page, 'users-table', id, title);
      expect(await wholeOnScreen(cell), title).toBe(true);
    }
    // The actions stay reachable too, by scrolling to the row's end.
    expect(await wholeOnScreen(page.getByTestId(`user-edit-${id}`))).toBe(true);
    // The table scrolls inside its own box; the page itself never gets wider than the phone.
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(PHONE.width);
    await (await tableCell(page, 'users-table', id, 'ID')).scrollIntoViewIfNeeded();
    await site.harness.screenshot(page, 'users-mobile');
  });

  it('shows a long token name whole at 375 px', FLOW_OPTIONS, async () => {
    // 50 characters, the longest name the server takes: wider than the phone on one line.
    const name = `research-assistant-${Date.now().toString(36)}-production-key-team-alpha`.slice(0, 50);
    expect(name.length).toBe(50);
    const page = await tokenPageWith([name], PHONE);
    const id = await tableRowId(page, 'tokens-table', name);
    const nameText = tableRow(page, 'tokens-table', id).getByText(name, { exact: true });

    // Not cut by an ellipsis nor covered, and the whole name lies on the screen at once.
    expect(await wholeOnScreen(nameText)).toBe(true);
    expect(await nameText.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(false);
    expect(await nameText.innerText()).toBe(name);
    await site.harness.screenshot(page, 'tokens-mobile');
  });

  it("keeps the copy-key hint off the other rows' buttons", FLOW_OPTIONS, async () => {
    const page = await tokenPageWith(['first-key', 'second-key', 'third-key']);
    const ids = await shownRowIds(page, 'tokens-table');
    expect(ids).toHaveLength(3);

    for (const id of ids) {
      await page.getByTestId(`token-copy-${id}`).click();
      // Whatever hint the button shows while the pointer rests on it must leave other rows usable.
      await page.waitForTimeout(400);
      const hintBoxes: Box[] = await page
        .locator('.ant-tooltip:not(.ant-tooltip-hidden)')
        .evaluateAll((hints) =>
          hints.map((hint) => {
            const box = hint.getBoundingClientRect();
            return { x: box.x, y: box.y, width: box.width, height: box.height };
          }),
        );
      expect(hintBoxes.length, `hint of ${id}`).toBeGreaterThan(0);
      for (const other of ids.filter((otherId) => otherId !== id)) {
        for (const button of await tableRow(page, 'tokens-table', other).locator('button').all()) {
          const box = await button.boundingBox();
          if (!box) continue;
          for (const hint of hintBoxes) {
            expect(overlaps(hint, box), `row ${other} under the hint of ${id}`).toBe(false);
          }
        }
      }
    }
    await site.harness.screenshot(page, 'tokens-copy-hint');
  });
});
