/**
 * Subscriptions in the built console (docs/subscriptions.md): root creates a plan on /subscriptions (zh); a
 * user buys it from the wallet (en) and sees the subscription's allowance and what is left; the wallet card at
 * 375 px in the dark theme.
 */
import { describe, expect, it } from 'vitest';
import type { SubscriptionPlanEntry, SubscriptionSelf } from '../common/api/subscriptions.ts';
import type { UserView } from '../common/api-types.ts';
import { createUserAndLogin, ROOT_PASSWORD, ROOT_USERNAME } from '../server/src/test-support/test-server.ts';
import { hasChromium } from './harness.ts';
import {
  FLOW_OPTIONS,
  loggedInEnglishPage,
  loginThroughConsole,
  POLL_OPTIONS,
  setUserQuota,
  startConsoleForFile,
  toast,
  uniqueUsername,
  visibleText,
} from './helpers.ts';

const PHONE = { width: 375, height: 740 };
const QUOTA_PER_UNIT = 500_000;

describe.skipIf(!hasChromium)('console: subscriptions', () => {
  const site = startConsoleForFile();

  it('root creates a plan, a user buys it from the wallet and sees what is left', FLOW_OPTIONS, async () => {
    const title = `Pro ${Date.now().toString(36)}`;
    const adminPage = await site.harness.newPage(await site.harness.newContext());
    await loginThroughConsole(adminPage, ROOT_USERNAME, ROOT_PASSWORD);
    await adminPage.goto('/subscriptions');
    await adminPage.getByTestId('plan-create').click();
    await adminPage.getByTestId('plan-title').fill(title);
    await adminPage.getByTestId('plan-price').fill('2');
    await adminPage.getByTestId('plan-item-model-0').fill('gpt-4o');
    await adminPage.getByTestId('plan-item-amount-0').fill('100');
    await adminPage
      .getByRole('button', { name: '保 存' })
      .or(adminPage.getByRole('button', { name: '保存' }))
      .click();
    await adminPage.getByRole('cell', { name: title }).waitFor();
    await site.harness.screenshot(adminPage, 'subscriptions-admin-zh');
    const plans = (await site.root.get<SubscriptionPlanEntry[]>('/api/subscription/admin/plans')).body.data!;
    const plan = plans.find((entry) => entry.plan.title === title)!;
    expect(plan.items).toMatchObject([{ model_name: 'gpt-4o', quota_type: 1, amount_total: 100 }]);

    const username = uniqueUsername('sub');
    const user = await createUserAndLogin(site.harness.server, site.root, username);
    await setUserQuota(site.root, user.currentUserId!, 3 * QUOTA_PER_UNIT);
    const page = await loggedInEnglishPage(site.harness, username, 'password-123');
    await page.goto('/topup');
    await page.getByTestId(`plan-buy-${plan.plan.id}`).click();
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await toast(page, 'success', 'Subscription bought').waitFor();
    const self = (await user.get<SubscriptionSelf>('/api/subscription/self')).body.data!;
    expect(self.subscriptions).toHaveLength(1);
    const mine = page.getByTestId(`my-subscription-${self.subscriptions[0]!.subscription.id}`);
    await mine.waitFor();
    await expect.poll(() => visibleText(mine), POLL_OPTIONS).toContain('100 requests left of 100 requests');
    expect(await visibleText(mine)).toContain(title);
    expect((await user.get<UserView>('/api/user/self')).body.data!.quota).toBe(QUOTA_PER_UNIT);
    await site.harness.screenshot(page, 'subscriptions-wallet-en');

    await page.setViewportSize(PHONE);
    await page.getByTestId('theme-toggle').click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.theme), POLL_OPTIONS)
      .toBe('dark');
    await site.harness.screenshot(page, 'subscriptions-wallet-en-375-dark');
  });
});
