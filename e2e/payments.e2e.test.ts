/**
 * Stripe top-up in the built console against the fake Stripe API: the wallet shows the Stripe card once it
 * is configured, "Pay with Stripe" sends the browser to the session's Checkout page, the signed webhook
 * (delivered twice) credits the user once, and the wallet lists the order as paid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserView } from '../common/api-types.ts';
import { type FakeStripe, startFakeStripe } from '../server/src/test-support/fake-stripe.ts';
import { type ApiClient, createUserAndLogin, setOptions } from '../server/src/test-support/test-server.ts';
import { hasChromium } from './harness.ts';
import {
  FLOW_OPTIONS,
  loggedInEnglishPage,
  openSideBarPage,
  POLL_OPTIONS,
  startConsoleForFile,
  uniqueUsername,
} from './helpers.ts';

const PASSWORD = 'password-123';
const AMOUNT = 4;

describe.skipIf(!hasChromium)('console wallet: Stripe top-up', () => {
  let stripe: FakeStripe;
  // The server is started with the fake's address (STRIPE_API_URL), so the fake starts first.
  const environment: Record<string, string> = {};
  beforeAll(async () => {
    stripe = await startFakeStripe({ price_usd: { unit_amount: 800, currency: 'usd' } });
    environment.STRIPE_API_URL = stripe.url;
  });
  const site = startConsoleForFile(environment);
  let user: ApiClient;
  let username: string;

  beforeAll(async () => {
    username = uniqueUsername('stripe');
    user = await createUserAndLogin(site.harness.server, site.root, username, { password: PASSWORD });
  });

  afterAll(async () => {
    await stripe?.close();
  });

  it('pays through Stripe Checkout and is credited once', FLOW_OPTIONS, async () => {
    await setOptions(site.root, {
      ServerAddress: site.harness.server.url,
      StripeApiSecret: stripe.apiKey,
      StripeWebhookSecret: stripe.webhookSecret,
      StripePriceId: 'price_usd',
      StripeMinTopUp: '2',
    });
    const quota = async () => (await user.get<UserView>('/api/user/self')).body.data?.quota ?? Number.NaN;
    const before = await quota();

    const page = await loggedInEnglishPage(site.harness, username, PASSWORD);
    await openSideBarPage(page, 'topup', '/topup');
    const amount = page.getByTestId('wallet-stripe-amount');
    await amount.fill(String(AMOUNT));
    await page.getByTestId('wallet-pay-stripe-checkout').click();
    await expect.poll(() => page.url(), POLL_OPTIONS).toContain(`${stripe.url}/pay/`);

    const session = [...stripe.sessions.values()].find((entry) => page.url().endsWith(entry.id));
    expect(session?.amount_subtotal).toBe(AMOUNT * 800);
    stripe.pay(session!.id);
    const webhook = `${site.harness.server.url}/api/stripe/webhook`;
    expect(await stripe.deliver(webhook, 'checkout.session.completed', session!.id)).toBe(200);
    expect(await stripe.deliver(webhook, 'checkout.session.completed', session!.id)).toBe(200);
    expect(await quota()).toBe(before + AMOUNT * 500_000);

    await page.goto('/topup');
    const orders = page.getByTestId('wallet-orders');
    await expect.poll(() => orders.textContent(), POLL_OPTIONS).toContain(session!.client_reference_id!);
    await expect.poll(() => orders.textContent(), POLL_OPTIONS).toContain('Paid');
    await page.close();
  });
});
