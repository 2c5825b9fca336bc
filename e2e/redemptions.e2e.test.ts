/**
 * Redemption codes in the built console, as root: a batch of five created in the drawer, their keys
 * shown and copied at once, and one of them redeemed by a normal user (row shows Used, quota grows).
 */
import { describe, expect, it } from 'vitest';
import type { Page as ListPage, RedemptionView, UserView } from '../common/api-types.ts';
import { createUserAndLogin, ROOT_PASSWORD, ROOT_USERNAME } from '../server/src/test-support/test-server.ts';
import { hasChromium } from './harness.ts';
import {
  FLOW_OPTIONS,
  loggedInEnglishPage,
  openSideBarPage,
  POLL_OPTIONS,
  readClipboard,
  startConsoleForFile,
  toast,
  uniqueUsername,
  visibleText,
} from './helpers.ts';

const CODE_COUNT = 5;
const CODE_QUOTA = 123_456;

describe.skipIf(!hasChromium)('console redemption codes', () => {
  const site = startConsoleForFile();

  it(
    'creates five codes, copies them all, and shows one as used after a user redeems it',
    FLOW_OPTIONS,
    async () => {
      const batchName = `gift-${Date.now().toString(36)}`;
      const page = await loggedInEnglishPage(site.harness, ROOT_USERNAME, ROOT_PASSWORD, { clipboard: true });
      await openSideBarPage(page, 'redemption', '/redemption');
      await page.getByTestId('redemptions-table').waitFor();

      await page.getByTestId('redemptions-add').click();
      await page.getByTestId('redemption-name').fill(batchName);
      await page.getByTestId('redemption-quota').fill(String(CODE_QUOTA));
      await page.getByTestId('redemption-count').fill(String(CODE_COUNT));
      await page.getByTestId('redemption-submit').click();

      const keysBox = page.getByTestId('redemption-keys');
      await keysBox.waitFor();
      await page.getByText(`${CODE_COUNT} redemption code(s) created`).first().waitFor();
      const keys = (await keysBox.inputValue()).split('\n');
      expect(keys).toHaveLength(CODE_COUNT);
      expect(new Set(keys).size).toBe(CODE_COUNT);
      for (const key of keys) expect(key).toMatch(/^\S{16,}$/);

      await page.getByTestId('redemption-keys-copy').click();
      await toast(page, 'success', `${CODE_COUNT} code(s) copied to the clipboard`).waitFor();
      expect(await readClipboard(page, keys.join('\n'))).toBe(keys.join('\n'));
      await site.harness.screenshot(page, 'redemptions-keys');
      await page.getByTestId('redemption-keys-close').click();
      await keysBox.waitFor({ state: 'hidden' });

      const listed = await site.root.get<ListPage<RedemptionView>>('/api/redemption/search', {
        keyword: batchName,
        p: 1,
        page_size: 100,
      });
      const codes = listed.body.data?.items ?? [];
      expect(codes.map((code) => code.key).sort()).toEqual([...keys].sort());
      for (const code of codes) expect(code).toMatchObject({ name: batchName, quota: CODE_QUOTA, status: 1 });
      const redeemed = codes.find((code) => code.key === keys[0]);
      if (!redeemed) throw new Error('the first key is not listed');
      for (const code of codes) {
        expect(await visibleText(page.getByTestId(`redemption-status-tag-${code.id}`))).toBe('Unused');
      }

      const user = await createUserAndLogin(site.harness.server, site.root, uniqueUsername('redeemer'));
      const quotaOf = async () => (await user.get<UserView>('/api/user/self')).body.data?.quota ?? -1;
      const quotaBefore = await quotaOf();
      const topup = await user.post('/api/user/topup', { key: redeemed.key });
      expect(topup.body.success).toBe(true);
      expect(await quotaOf()).toBe(quotaBefore + CODE_QUOTA);

      await page.reload();
      const usedTag = page.getByTestId(`redemption-status-tag-${redeemed.id}`);
      await expect.poll(() => visibleText(usedTag), POLL_OPTIONS).toBe('Used');
      for (const code of codes.filter((code) => code.id !== redeemed.id)) {
        expect(await visibleText(page.getByTestId(`redemption-status-tag-${code.id}`))).toBe('Unused');
      }
      const stored = (await site.root.get<RedemptionView>(`/api/redemption/${redeemed.id}`)).body.data;
      expect(stored?.used_user_id).toBe(user.currentUserId);
      await site.harness.screenshot(page, 'redemptions-used');
    },
  );
});
