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
import { type ApiClient, createUserAndLogin, setOptions } from '../server/src/test-support/test-server.ts';
import { hasChromium } from './harness.ts';
import {
  FLOW_OPTIONS,
  loggedInEnglishPage,
  openSideBarPage,
  POLL_OPTIONS,
  startConsoleForFile,
  statisticValue,
  toast,
  uniqueUsername,
  visibleText,
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
  const site = startConsoleForFile();
  let epay: FakeEpay;
  let user: ApiClient;
  let username: string;

  const quotaOf = async () => (await user.get<UserView>('/api/user/self')).body.data?.quota ?? Number.NaN;
  const topUpLogCount = async () => {
    await site.harness.server.context.writer.flush();
    const logs = await user.get<ListPage<LogView>>('/api/log/self/', {
      p: 1,
      page_size: 10,
      type: TOP_UP_LOG,
    });
    return logs.body.data?.total ?? Number.NaN;
  };

  beforeAll(async () => {
    epay = await startFakeEpay(MERCHANT_KEY);
    username = uniqueUsername('payer');
    user = await createUserAndLogin(site.harness.server, site.root, username, { password: PASSWORD });
  });

  afterAll(async () => {
    await epay?.close();
  });

  it('redeems a code, then pays through Epay and is credited once', FLOW_OPTIONS, async () => {
    const created = await site.root.post<string[]>('/api/redemption/', {
      name: 'wallet-e2e',
      quota: REDEEM_QUOTA,
      count: 1,
    });
    const code = created.body.data?.[0];
    if (!created.body.success || !code)
      throw new Error(`redemption creation failed: ${created.body.message}`);
    const startQuota = await quotaOf();

    const page = await loggedInEnglishPage(site.harness, username, PASSWORD);
    await openSideBarPage(page, 'topup', '/topup');
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

    await setOptions(site.root, {
      ServerAddress: site.harness.server.url,
      PayAddress: epay.url,
      EpayId: MERCHANT_ID,
      EpayKey: MERCHANT_KEY,
    });
    await page.reload();
    const money = (TOP_UP_DOLLARS * DEFAULT_PRICE).toFixed(2);
    await page.getByTestId('wallet-amount').fill(String(TOP_UP_DOLLARS));
    await expect.poll(() => visibleText(page.getByTestId('wallet-money')), POLL_OPTIONS).toBe(`¥${money}`);
    await page.getByTestId('wallet-pay-alipay').click();
    await expect
      .poll(() => visibleText(page.getByTestId('wallet-confirm-money')), POLL_OPTIONS)
      .toBe(`¥${money}`);
    expect(await visibleText(page.getByTestId('wallet-confirm-amount'))).toContain(`$${TOP_UP_DOLLARS}`);
    await site.harness.screenshot(page, 'wallet-confirm-payment');

    await page.getByTestId('wallet-confirm-pay').click();
    await page.waitForURL(`${epay.url}/submit.php`);
    expect(await page.locator('body').textContent()).toBe('pay here');
    expect(epay.orders.size).toBe(1);
    const [outTradeNo, order] = [...epay.orders.entries()][0] ?? [];
    if (!outTradeNo || !order) throw new Error('the provider received no order');
    expect(order).toMatchObject({ pid: MERCHANT_ID, type: 'alipay', money, sign_type: 'MD5' });
    expect(order.notify_url).toBe(`${site.harness.server.url}/api/user/epay/notify`);
    expect(await quotaOf()).toBe(afterRedeem);

    const paid = afterRedeem + TOP_UP_DOLLARS * QUOTA_PER_UNIT_DEFAULT;
    expect(await epay.notify(outTradeNo)).toBe('success');
    expect(await quotaOf()).toBe(paid);
    expect(await epay.notify(outTradeNo)).toBe('success');
    expect(await quotaOf()).toBe(paid);
    expect(await topUpLogCount()).toBe(logsBeforePayment + 1);

    await page.goto(`${site.harness.server.url}/topup`);
    await expect.poll(() => balanceText(page), POLL_OPTIONS).toBe(renderQuota(paid, QUOTA_SETTINGS));
    await site.harness.screenshot(page, 'wallet-after-epay');
  });
});
