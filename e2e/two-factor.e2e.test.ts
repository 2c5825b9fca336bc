/**
 * Two-factor sign-in in the built console (docs/security.md): enrolling from the personal page (QR code, key,
 * backup codes), then logging in with a code of the authenticator and, another time, with a backup code. The
 * "authenticator" is otpauth computing codes from the key the page shows, as an app would.
 */
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { hasChromium } from './harness.ts';
import {
  AFTER_LOGIN_PATH,
  englishPage,
  FLOW_OPTIONS,
  loginThroughConsole,
  logoutThroughUserMenu,
  openPersonalPage,
  startConsoleForFile,
  uniqueUsername,
  waitForPath,
} from './helpers.ts';

const PASSWORD = 'password-123';

function codeOf(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

describe.skipIf(!hasChromium)('console two-factor sign-in', () => {
  const site = startConsoleForFile();

  it('enrols with the QR code and logs in with a code, then with a backup code', FLOW_OPTIONS, async () => {
    const { harness, root } = site;
    const username = uniqueUsername('totp');
    const created = await root.post('/api/user/', { username, password: PASSWORD, display_name: username });
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);

    const page = await englishPage(harness, { clipboard: true });
    await loginThroughConsole(page, username, PASSWORD);
    await openPersonalPage(page);
    await expect.poll(() => page.getByTestId('personal-2fa-state').textContent()).toBe('Off');
    await page.getByTestId('personal-2fa-setup').click();
    await page.getByTestId('personal-2fa-qr').waitFor();
    const secret = (await page.getByTestId('personal-2fa-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const backupCodes = ((await page.getByTestId('personal-2fa-backup-codes').textContent()) ?? '')
      .split('\n')
      .map((code) => code.trim())
      .filter(Boolean);
    expect(backupCodes).toHaveLength(8);
    await harness.screenshot(page, 'two-factor-enrol');
    await page.getByTestId('personal-2fa-code').fill(codeOf(secret));
    await page.getByTestId('personal-2fa-enable').click();
    await expect.poll(() => page.getByTestId('personal-2fa-state').textContent()).toBe('On');

    // The password now opens the code step; a wrong code is refused, the next step's code signs in.
    await logoutThroughUserMenu(page);
    await page.goto('/login');
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-2fa-code').fill('12345');
    await page.getByTestId('login-2fa-submit').click();
    await page.getByText('The code or backup code is wrong, try again').first().waitFor();
    await page.getByTestId('login-2fa-code').fill(codeOf(secret, 1));
    await page.getByTestId('login-2fa-submit').click();
    await waitForPath(page, AFTER_LOGIN_PATH);
    await page.getByTestId('user-menu').waitFor();

    // Another time, a backup code (at a phone's width).
    await logoutThroughUserMenu(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/login');
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-2fa-code').fill(backupCodes[0]!);
    await harness.screenshot(page, 'two-factor-login-375');
    await page.getByTestId('login-2fa-submit').click();
    await waitForPath(page, AFTER_LOGIN_PATH);
    const status = await page.evaluate(async () => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { id?: number };
      const reply = await fetch('/api/user/2fa/status', { headers: { 'New-Api-User': String(user.id) } });
      return reply.json();
    });
    expect(status.data).toMatchObject({ enabled: true, backup_codes_remaining: 7 });
  });
});
