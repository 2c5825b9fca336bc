/**
 * Account flows in the built console that leave the browser: registering with a code mailed to a real
 * SMTP sink, resetting the password through the mailed link, and logging in through a real OpenID
 * provider (panva/oidc-provider) whose redirects the browser follows back to /oauth/oidc.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserView } from '../common/api-types.ts';
import {
  type OidcProviderHarness,
  startOidcProvider,
} from '../server/src/test-support/fake-oauth/oidc-provider-harness.ts';
import {
  mailText,
  type ReceivedMail,
  type SmtpSink,
  startSmtpSink,
} from '../server/src/test-support/smtp-sink.ts';
import { anonymousClient, setOptions } from '../server/src/test-support/test-server.ts';
import { hasChromium } from './harness.ts';
import {
  AFTER_LOGIN_PATH,
  englishPage,
  FLOW_OPTIONS,
  loginThroughConsole,
  POLL_OPTIONS,
  readClipboard,
  startConsoleForFile,
  toast,
  uniqueUsername,
  waitForPath,
} from './helpers.ts';

const PASSWORD = 'password-123';
const OIDC_CLIENT_ID = 'switchyard-console-e2e';
const OIDC_CLIENT_SECRET = 'oidc-e2e-client-secret-0123456789';

/** The first mail to `to` that arrives after the sink held `countBefore` messages. */
async function mailAfter(smtp: SmtpSink, to: string, countBefore: number): Promise<ReceivedMail> {
  await expect
    .poll(() => smtp.messages.slice(countBefore).some((message) => message.to.includes(to)), POLL_OPTIONS)
    .toBe(true);
  const mail = smtp.messages.slice(countBefore).find((message) => message.to.includes(to));
  if (!mail) throw new Error(`no new mail to ${to}`);
  return mail;
}

describe.skipIf(!hasChromium)('console accounts: emailed code, password reset, OIDC login', () => {
  const site = startConsoleForFile();
  let smtp: SmtpSink;
  let provider: OidcProviderHarness;
  /** The account registered in the first test and reset in the second. */
  const registered = { username: uniqueUsername('mailed'), email: '' };

  beforeAll(async () => {
    const { harness, root } = site;
    smtp = await startSmtpSink();
    provider = await startOidcProvider({
      clientId: OIDC_CLIENT_ID,
      clientSecret: OIDC_CLIENT_SECRET,
      redirectUri: `${harness.server.url}/oauth/oidc`,
    });
    const discovery = (await (await fetch(provider.discoveryUrl)).json()) as Record<string, string>;
    await setOptions(root, {
      ServerAddress: harness.server.url,
      SMTPServer: '127.0.0.1',
      SMTPPort: String(smtp.port),
      SMTPAccount: 'robot@switchyard.test',
      SMTPToken: 'smtp-password',
      SMTPFrom: 'robot@switchyard.test',
      EmailVerificationEnabled: 'true',
      'oidc.well_known': provider.discoveryUrl,
      'oidc.client_id': OIDC_CLIENT_ID,
      'oidc.client_secret': OIDC_CLIENT_SECRET,
      'oidc.authorization_endpoint': discovery.authorization_endpoint ?? '',
      'oidc.token_endpoint': discovery.token_endpoint ?? '',
      'oidc.user_info_endpoint': discovery.userinfo_endpoint ?? '',
      'oidc.enabled': 'true',
    });
    registered.email = `${registered.username}@example.com`;
  });

  afterAll(async () => {
    await provider?.close();
    await smtp?.close();
  });

  it('registers with the code mailed to the address, then logs in', FLOW_OPTIONS, async () => {
    const page = await englishPage(site.harness);

    await page.goto('/register');
    await page.getByTestId('register-username').fill(registered.username);
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-confirm-password').fill(PASSWORD);
    await page.getByTestId('register-email').fill(registered.email);
    const countBefore = smtp.messages.length;
    await page.getByTestId('register-get-code').click();
    await toast(page, 'success', 'verification code sent, check your mailbox').waitFor();
    const code = /<strong>([A-Z0-9]{6})<\/strong>/.exec(
      mailText((await mailAfter(smtp, registered.email, countBefore)).raw),
    )?.[1];
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    expect(await page.getByTestId('register-get-code').isDisabled()).toBe(true);

    await page.getByTestId('register-code').fill(code ?? '');
    await site.harness.screenshot(page, 'accounts-register-with-code');
    await page.getByTestId('register-submit').click();
    await toast(page, 'success', 'registration success').waitFor();
    await waitForPath(page, '/login');

    await loginThroughConsole(page, registered.username, PASSWORD);
    const user = anonymousClient(site.harness.server);
    expect((await user.login(registered.username, PASSWORD)).body.success).toBe(true);
    expect((await user.get<UserView>('/api/user/self')).body.data?.email).toBe(registered.email);
  });

  it('resets the password through the mailed link and logs in with the new one', FLOW_OPTIONS, async () => {
    const page = await englishPage(site.harness, { clipboard: true });

    await page.goto('/reset');
    await page.getByTestId('reset-email').fill(registered.email);
    const countBefore = smtp.messages.length;
    await page.getByTestId('reset-submit').click();
    await toast(page, 'success', 'Reset email sent, please check your mailbox').waitFor();
    const text = mailText((await mailAfter(smtp, registered.email, countBefore)).raw);
    const link = new URL(/href="([^"]+)"/.exec(text)?.[1] ?? 'about:blank');
    expect(link.origin).toBe(site.harness.server.url);
    expect(link.pathname).toBe('/user/reset');
    expect(link.searchParams.get('email')).toBe(registered.email);

    await page.goto(link.href);
    expect(await page.getByTestId('reset-confirm-email').inputValue()).toBe(registered.email);
    await page.getByTestId('reset-confirm-submit').click();
    const shown = page.getByTestId('reset-new-password');
    await shown.waitFor();
    const newPassword = await shown.inputValue();
    expect(newPassword).toMatch(/^[A-Za-z0-9]{12}$/);
    await expect.poll(() => readClipboard(page), POLL_OPTIONS).toBe(newPassword);
    expect(await page.getByTestId('reset-confirm-submit').isDisabled()).toBe(true);
    await site.harness.screenshot(page, 'accounts-reset-new-password');

    expect(
      (await anonymousClient(site.harness.server).login(registered.username, PASSWORD)).body.success,
    ).toBe(false);
    await page.goto('/login');
    await loginThroughConsole(page, registered.username, newPassword);
  });

  it('logs a new user in through the OpenID provider and lands on the token page', FLOW_OPTIONS, async () => {
    const account = {
      sub: `subject-${Date.now().toString(36)}`,
      email: 'oidc-visitor@example.org',
      email_verified: true,
      preferred_username: uniqueUsername('oidcuser'),
      name: 'OIDC Visitor',
    };
    provider.signInAs(account);
    const page = await englishPage(site.harness);

    const providerRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(provider.issuer)) providerRequests.push(new URL(request.url()).pathname);
    });
    const callbackSeen = page.waitForURL(
      (url) =>
        url.origin === site.harness.server.url &&
        url.pathname === '/oauth/oidc' &&
        url.searchParams.has('code') &&
        url.searchParams.has('state'),
    );
    await page.goto('/login');
    // Looked for from the click on: the wait survives the trip to the provider and back.
    const loginToast = toast(page, 'success', 'login success').waitFor();
    await page.getByTestId('login-oidc').click();
    await callbackSeen;
    await waitForPath(page, AFTER_LOGIN_PATH);
    await loginToast;
    await page.getByTestId('user-menu').waitFor();
    expect(providerRequests.some((path) => path.startsWith('/interaction/'))).toBe(true);
    await site.harness.screenshot(page, 'accounts-oidc-logged-in');

    const stored = await page.evaluate(() => window.localStorage.getItem('user'));
    const sessionUser = JSON.parse(stored ?? '{}') as { id?: number; username?: string };
    expect(sessionUser.username).toBe(account.preferred_username);
    const view = await site.root.get<UserView>(`/api/user/${sessionUser.id}`);
    expect(view.body.data).toMatchObject({
      username: account.preferred_username,
      display_name: account.name,
      oidc_id: account.sub,
      email: account.email,
    });
  });
});
