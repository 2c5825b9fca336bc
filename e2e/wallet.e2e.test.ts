/**
 * The wallet in the built console: redeeming a code root created, then a full online top-up through a
 * fake Epay provider — the console posts its hidden form to the provider, the provider's signed
 * notification credits the user exactly once, and the balance shows it back on /topup.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page as ListPage, LogView, UserView } from '../common/api-types.ts';
import { QUOTA_PER_UNIT_DEFAULT } from '../common/limits.ts';
import { renderQuota } from '../common/quota-format.ts';
import { type FakeEpay, startFakeEpay } from '../server/src/test-support/fake-epay.ts';
import { type ApiClient, createUserAndLogin, loginAsRoot } from '../server/src/test-support/test-server.ts';
import { type BrowserHarness, hasChromium, startBrowserHarness } from './harness.ts';
import {
  FLOW_OPTIONS,
  loginThroughConsole,
  POLL_OPTIONS,
  preferEnglish,
  statisticValue,
  toast,
  uniqueUsername,
  visibleText,
  waitForPath,
} from './helpers.ts';

const PASSWORD = 'password-123';
const MERCHANT_KEY = 'wallet-e2e-merchant-key';
const MERCHANT_ID = '1001';
const REDEEM_QUOTA = 1_000_000;
const TOP_UP_DOLLARS = 3;
/** The default top-up price (CNY per USD) of a fresh site. */
const DEFAULT_PRICE = 7.3;
const TOP_UP_LOG = 1;
const QUOTA_SETTINGS = { quotaPerUnit: QUOTA_PER_UNIT_DEFAULT, displayInCurrency: true };

function balanceText(page: Page): Promise<string> {
  return statisticValue(page.getByTestId('wallet-balance'));
}

describe.skipIf(!hasChromium)('console wallet: redemption and Epay top-up', () => {
  let harness: BrowserHarness;
  let epay: FakeEpay;
  let root: ApiClient;
  let user: ApiClient;
  let username: string;

  const quotaOf = async () => (await user.get<UserView>('/api/user/self')).body.data?.quota ?? Number.NaN;
  const topUpLogCount = async () => {
    await harness.server.context.writer.flush();
    const logs = await user.get<ListPage<LogView>>('/api/log/self/', {
      p: 1,
      page_size: 10,
      type: TOP_UP_LOG,
    });
    return logs.body.data?.total ?? Number.NaN;
  };

  beforeAll(async () => {
    harness = await startBrowserHarness();
    epay = await startFakeEpay(MERCHANT_KEY);
    root = await loginAsRoot(harness.server);
    username = uniqueUsername('payer');
    user = await createUserAndLogin(harness.server, root, username, { password: PASSWORD });
  });

  afterAll(async () => {
    await harness?.close();
    await epay?.close();
  });

  it('redeems a code, then pays through Epay and is credited once', FLOW_OPTIONS, async () => {
    const created = await root.post<string[]>('/api/redemption/', {
      name: 'wallet-e2e',
      quota: REDEEM_QUOTA,
      count: 1,
    });
    const code = created.body.data?.[0];
    if (!created.body.success || !code)
      throw new Error(`redemption creation failed: ${created.body.message}`);
    const startQuota = await quotaOf();

    const context = await harness.newContext();
    await preferEnglish(context);
    const page = await harness.newPage(context);
    await loginThroughConsole(page, username, PASSWORD);
    await page.getByTestId('sidebar').getByTestId('nav-topup').click();
    await waitForPath(page, '/topup');
    await expect.poll(() => balanceText(page), POLL_OPTIONS).toBe(renderQuota(startQuota, QUOTA_SETTINGS));
    await page.getByTestId('wallet-topup-disabled').waitFor();

    await page.getByTestId('wallet-redeem-input').fill(code);
    await page.getByTestId('wallet-redeem-submit').click();
    const credited = renderQuota(REDEEM_QUOTA, QUOTA_SETTINGS);
    await toast(page, 'success', `Redeemed successfully, credited ${credited}`).waitFor();
    expect(await visibleText(page.getByTestId('wallet-redeem-result'))).toBe(
      `Redeemed successfully, credited ${credited}`,
    );
    const afterRedeem = startQuota + REDEEM_QUOTA;
    expect(await quotaOf()).toBe(afterRedeem);
    await expect.poll(() => balanceText(page), POLL_OPTIONS).toBe(renderQuota(afterRedeem, QUOTA_SETTINGS));
    expect(await page.getByTestId('wallet-redeem-input').inputValue()).toBe('');
    const logsBeforePayment = await topUpLogCount();

    for (const [key, value] of Object.entries({
      ServerAddress: harness.server.url,
      PayAddress: epay.url,
      EpayId: MERCHANT_ID,
      EpayKey: MERCHANT_KEY,
    })) {
      expect((await root.put('/api/option/', { key, value })).body.success, key).toBe(true);
    }
    await page.reload();
    const money = (TOP_UP_DOLLARS * DEFAULT_PRICE).toFixed(2);
    await page.getByTestId('wallet-amount').fill(String(TOP_UP_DOLLARS));
    await expect.poll(() => visibleText(page.getByTestId('wallet-money')), POLL_OPTIONS).toBe(`¥${money}`);
    await page.getByTestId('wallet-pay-alipay').click();
    await expect
      .poll(() => visibleText(page.getByTestId('wallet-confirm-money')), POLL_OPTIONS)
      .toBe(`¥${money}`);
    expect(await visibleText(page.getByTestId('wallet-confirm-amount'))).toContain(`$${TOP_UP_DOLLARS}`);
    await harness.screenshot(page, 'wallet-confirm-payment');

    await page.getByTestId('wallet-confirm-pay').click();
    await page.waitForURL(`${epay.url}/submit.php`);
    expect(await page.locator('body').textContent()).toBe('pay here');
    expect(epay.orders.size).toBe(1);
    const [outTradeNo, order] = [...epay.orders.entries()][0] ?? [];
    if (!outTradeNo || !order) throw new Error('the provider received no order');
    expect(order).toMatchObject({ pid: MERCHANT_ID, type: 'alipay', money, sign_type: 'MD5' });
    expect(order.notify_url).toBe(`${harness.server.url}/api/user/epay/notify`);
    expect(await quotaOf()).toBe(afterRedeem);

    const paid = afterRedeem + TOP_UP_DOLLARS * QUOTA_PER_UNIT_DEFAULT;
    expect(await epay.notify(outTradeNo)).toBe('success');
    expect(await quotaOf()).toBe(paid);
    expect(await epay.notify(outTradeNo)).toBe('success');
    expect(await quotaOf()).toBe(paid);
    expect(await topUpLogCount()).toBe(logsBeforePayment + 1);

    await page.goto(`${harness.server.url}/topup`);
    await expect.poll(() => balanceText(page), POLL_OPTIONS).toBe(renderQuota(paid, QUOTA_SETTINGS));
    await harness.screenshot(page, 'wallet-after-epay');
  });
});
