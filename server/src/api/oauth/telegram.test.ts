import { describe, expect, it } from 'vitest';
import type { SessionUser, UserView } from '../../../../common/api-types.ts';
import { BrowserClient } from '../../test-support/fake-oauth/browser.ts';
import { setOptions } from '../../test-support/test-server.ts';
import { setUpSite } from '../../test-support/test-site.ts';
import { telegramDataCheckString, telegramHash, verifyTelegramLogin } from './telegram.ts';

const BOT_TOKEN = '123456:telegram-bot-token-value';
const now = () => Math.floor(Date.now() / 1000);

/** Widget data as Telegram signs it for this bot. */
function signed(fields: Record<string, string>, botToken = BOT_TOKEN): Record<string, string> {
  return { ...fields, hash: telegramHash(fields, botToken) };
}

describe('Telegram widget signature', () => {
  const fields = { id: '42', first_name: 'Ada', username: 'ada', auth_date: '1700000000' };

  it('signs the sorted key=value lines without hash and lang', () => {
    expect(telegramDataCheckString({ ...fields, hash: 'x', lang: 'en' })).toBe(
      'auth_date=1700000000\nfirst_name=Ada\nid=42\nusername=ada',
    );
  });

  it('accepts its own signature and refuses tampering, another bot, age and the future', () => {
    const data = signed(fields);
    expect(verifyTelegramLogin({ ...data, lang: 'zh' }, BOT_TOKEN, 1_700_000_100)).toBe('valid');
    expect(verifyTelegramLogin({ ...data, first_name: 'Eve' }, BOT_TOKEN, 1_700_000_100)).toBe('invalid');
    expect(verifyTelegramLogin(data, 'other:bot-token', 1_700_000_100)).toBe('invalid');
    expect(verifyTelegramLogin({ ...data, hash: 'abc' }, BOT_TOKEN, 1_700_000_100)).toBe('invalid');
    expect(verifyTelegramLogin(data, BOT_TOKEN, 1_700_000_000 + 86_400)).toBe('valid');
    expect(verifyTelegramLogin(data, BOT_TOKEN, 1_700_000_000 + 86_401)).toBe('expired');
    expect(verifyTelegramLogin(data, BOT_TOKEN, 1_700_000_000 - 61)).toBe('invalid');
  });
});

describe('Telegram login', () => {
  const { server, root } = setUpSite({
    options: {
      TelegramBotToken: BOT_TOKEN,
      TelegramBotName: 'switchyard_bot',
      TelegramOAuthEnabled: 'true',
    },
  });

  const widget = (id: string, extra: Record<string, string> = {}) =>
    signed({
      id,
      first_name: 'Grace',
      last_name: 'Hopper',
      username: 'grace',
      auth_date: String(now()),
      ...extra,
    });

  it('creates a user for correctly signed data and logs the same user in afterwards', async () => {
    const browser = new BrowserClient(server.url);
    const first = await browser.get<SessionUser>('/api/oauth/telegram/login', {
      ...widget('777'),
      lang: 'en',
    });
    expect(first.body).toMatchObject({
      success: true,
      data: { username: 'grace', display_name: 'Grace Hopper' },
    });
    expect((await browser.get<UserView>('/api/user/self')).body.data?.telegram_id).toBe('777');
    const again = await new BrowserClient(server.url).get<SessionUser>(
      '/api/oauth/telegram/login',
      widget('777'),
    );
    expect(again.body.data?.id).toBe(first.body.data?.id);
  });

  it('refuses tampered data', async () => {
    const data = widget('778');
    const tampered = await new BrowserClient(server.url).get('/api/oauth/telegram/login', {
      ...data,
      id: '1',
    });
    expect(tampered.body).toEqual({ success: false, message: 'The Telegram login data failed verification' });
    const otherBot = signed({ id: '778', auth_date: String(now()) }, 'another:bot-token');
    expect(
      (await new BrowserClient(server.url).get('/api/oauth/telegram/login', otherBot)).body.success,
    ).toBe(false);
  });

  it('refuses data older than a day', async () => {
    const old = widget('779', { auth_date: String(now() - 86_400 - 5) });
    expect((await new BrowserClient(server.url).get('/api/oauth/telegram/login', old)).body).toEqual({
      success: false,
      message: 'The Telegram login data has expired, please log in again',
    });
  });

  it('binds to the logged-in user; the bind route needs a login', async () => {
    expect((await new BrowserClient(server.url).get('/api/oauth/telegram/bind', widget('780'))).status).toBe(
      401,
    );
    await root.post('/api/user/', { username: 'hopper', password: 'password-123', display_name: 'hopper' });
    const browser = new BrowserClient(server.url);
    await browser.login('hopper', 'password-123');
    expect((await browser.get('/api/oauth/telegram/bind', widget('780'))).body).toEqual({
      success: true,
      message: 'bind',
    });
    expect((await browser.get<UserView>('/api/user/self')).body.data?.telegram_id).toBe('780');
    expect((await browser.get('/api/oauth/telegram/bind', widget('777'))).body).toEqual({
      success: false,
      message: 'This Telegram account is already bound to another user',
    });
  });

  it('refuses while Telegram login is disabled', async () => {
    await setOptions(root, { TelegramOAuthEnabled: 'false' });
    expect(
      (await new BrowserClient(server.url).get('/api/oauth/telegram/login', widget('781'))).body,
    ).toEqual({
      success: false,
      message: 'The administrator has not enabled login and registration via Telegram',
    });
    await setOptions(root, { TelegramOAuthEnabled: 'true' });
  });
});
