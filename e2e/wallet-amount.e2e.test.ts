/**
 * The wallet's payable amount always follows the amount typed: an amount below 1 (raised to 1) shows
 * what the confirm dialog will ask for, never the previous amount's figures; an amount below the site's
 * minimum shows the minimum message and no figure at all.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, setOptions } from '../server/src/test-support/test-server.ts';
import { hasChromium } from './harness.ts';
import {
  FLOW_OPTIONS,
  formError,
  loggedInEnglishPage,
  POLL_OPTIONS,
  startConsoleForFile,
  uniqueUsername,
  visibleText,
} from './helpers.ts';

const PASSWORD = 'password-123';
/** The default top-up price (CNY per USD) of a fresh site. */
const PRICE = 7.3;

/** What the card shows under the amount: the money to pay and the quota credited. */
async function summary(page: Page): Promise<string> {
  return `${await visibleText(page.getByTestId('wallet-money'))} / ${await visibleText(page.getByTestId('wallet-credited'))}`;
}

async function typeAmount(page: Page, amount: string): Promise<void> {
  const input = page.getByTestId('wallet-amount');
  await input.fill('');
  await input.pressSequentially(amount);
}

describe.skipIf(!hasChromium)('console wallet: the payable amount follows the typed amount', () => {
  const site = startConsoleForFile();
  let username: string;

  beforeAll(async () => {
    username = uniqueUsername('amount');
    await createUserAndLogin(site.harness.server, site.root, username, { password: PASSWORD });
    await setOptions(site.root, { PayAddress: 'https://pay.example.com', EpayId: '1001', EpayKey: 'key' });
  });

  /** The wallet of the test user, in English, once it shows the figures of the default $10. */
  const openWallet = async () => {
    const page = await loggedInEnglishPage(site.harness, username, PASSWORD);
    await page.goto('/topup');
    await expect.poll(() => summary(page), POLL_OPTIONS).toBe('¥73.00 / You will receive $10.00');
    return page;
  };

  it('shows the figures of the typed amount, the same as the confirm dialog', FLOW_OPTIONS, async () => {
    const page = await openWallet();
    // 0 is below 1: raised to 1 — what the dialog asks for, not the $10 typed before.
    await typeAmount(page, '0');
    await expect
      .poll(() => summary(page), POLL_OPTIONS)
      .toBe(`¥${PRICE.toFixed(2)} / You will receive $1.00`);
    await site.harness.screenshot(page, 'wallet-amount-below-one');
    await page.getByTestId('wallet-pay-alipay').click();
    await expect
      .poll(() => visibleText(page.getByTestId('wallet-confirm-money')), POLL_OPTIONS)
      .toBe(`¥${PRICE.toFixed(2)}`);
    expect(await visibleText(page.getByTestId('wallet-confirm-amount'))).toBe('$1 ($1.00)');
    await page.getByTestId('wallet-confirm-cancel').click();

    await typeAmount(page, '3');
    await expect
      .poll(() => summary(page), POLL_OPTIONS)
      .toBe(`¥${(3 * PRICE).toFixed(2)} / You will receive $3.00`);
  });

  it('shows the minimum message and no figure below the site minimum', FLOW_OPTIONS, async () => {
    await setOptions(site.root, { MinTopUp: '5' });
    try {
      const page = await openWallet();
      await typeAmount(page, '3');
      await formError(page, 'Top-up amount cannot be less than 5').waitFor();
      expect(await summary(page)).toBe('— / You will receive —');
      await site.harness.screenshot(page, 'wallet-amount-below-minimum');
    } finally {
      await setOptions(site.root, { MinTopUp: '1' });
    }
  });
});
