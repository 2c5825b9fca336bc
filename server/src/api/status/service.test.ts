import { beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../db/migrations/index.ts';
import { OptionStore } from '../../options/store.ts';
import { setUpDatabaseHandle } from '../../test-support/database-handle.ts';
import { sqliteDialect } from '../../test-support/databases.ts';
import { buildPublicStatus, onlineTopUpEnabled } from './service.ts';

describe('buildPublicStatus', () => {
  const { handle } = setUpDatabaseHandle(sqliteDialect);
  let options: OptionStore;
  const context = {
    setup: { done: false },
    version: 'v1.2.3',
    startTime: 1_700_000_000,
    config: { port: 3000 },
  };

  beforeAll(async () => {
    await runMigrations(handle);
    options = new OptionStore(handle);
    await options.load();
  });

  it('derives every field from the defaults and the context', () => {
    expect(buildPublicStatus(options, context)).toEqual({
      system_name: 'Switchyard',
      logo: '',
      footer_html: '',
      quota_per_unit: 500000,
      display_in_currency: true,
      enable_drawing: true,
      enable_task: true,
      enable_data_export: true,
      chats: options.getJson('Chats'),
      pay_methods: [
        { name: '支付宝', color: 'rgba(var(--semi-blue-5), 1)', type: 'alipay' },
        { name: '微信', color: 'rgba(var(--semi-green-5), 1)', type: 'wxpay' },
      ],
      data_export_default_time: 'hour',
      default_collapse_sidebar: false,
      mj_notify_enabled: false,
      chat_link: '',
      chat_link2: '',
      docs_link: '',
      version: 'v1.2.3',
      start_time: 1_700_000_000,
      email_verification: false,
      turnstile_check: false,
      turnstile_site_key: '',
      github_oauth: false,
      github_client_id: '',
      oidc_enabled: false,
      passkey_login: false,
      checkin_enabled: false,
      oidc_client_id: '',
      oidc_authorization_endpoint: '',
      wechat_login: false,
      wechat_qrcode: '',
      telegram_oauth: false,
      telegram_bot_name: '',
      linuxdo_oauth: false,
      linuxdo_client_id: '',
      server_address: 'http://localhost:3000', // unset: the port's address
      setup: false,
      self_use_mode_enabled: false,
      demo_site_enabled: false,
      enable_online_topup: false,
      price: 7.3,
      usd_exchange_rate: 7.3,
      default_use_auto_group: false,
      top_up_link: '',
      min_topup: 1,
      display_token_stat_enabled: true,
    });
    expect(Array.isArray(buildPublicStatus(options, context).chats)).toBe(true);
  });

  it('follows option changes and never carries a secret', async () => {
    const changes: Array<[string, string]> = [
      ['Footer', '<b>Footer</b>'],
      ['TaskEnabled', 'false'],
      ['TopUpLink', 'https://shop.example.com'],
      ['MinTopUp', '10'],
      ['general_setting.docs_link', 'https://docs.example.com'],
      ['GitHubClientId', 'github-client'],
      ['GitHubClientSecret', 'github-secret-value'],
      ['GitHubOAuthEnabled', 'true'],
      ['TurnstileSiteKey', 'turnstile-site'],
      ['TurnstileSecretKey', 'turnstile-secret-value'],
      ['TurnstileCheckEnabled', 'true'],
      ['TelegramBotToken', 'telegram-token-value'],
      ['TelegramBotName', 'switchyard_bot'],
      ['WeChatServerToken', 'wechat-token-value'],
      ['SMTPToken', 'smtp-token-value'],
      ['WorkerValidKey', 'worker-key-value'],
      ['Chats', '[{"Web":"https://chat.example.com/?k={key}"}]'],
    ];
    for (const [key, value] of changes) await options.set(key, value);
    context.setup.done = true;
    const status = buildPublicStatus(options, context);
    expect(status).toMatchObject({
      footer_html: '<b>Footer</b>',
      enable_task: false,
      top_up_link: 'https://shop.example.com',
      min_topup: 10,
      docs_link: 'https://docs.example.com',
      github_oauth: true,
      github_client_id: 'github-client',
      turnstile_check: true,
      turnstile_site_key: 'turnstile-site',
      telegram_bot_name: 'switchyard_bot',
      chats: [{ Web: 'https://chat.example.com/?k={key}' }],
      setup: true,
    });
    // Every secret value above, and only those, is spelled `…-value`.
    expect(JSON.stringify(status)).not.toMatch(/-value\b/);
  });

  it('reports Midjourney callbacks on only when they can be sent: MjNotifyEnabled and a ServerAddress', async () => {
    const asked = { protocol: 'https', host: 'gateway.example.com' };
    await options.set('MjNotifyEnabled', 'true');
    // The callback address never comes from a request: without ServerAddress callbacks are off.
    expect(buildPublicStatus(options, context, asked).mj_notify_enabled).toBe(false);
    await options.set('ServerAddress', 'https://gateway.example.com');
    expect(buildPublicStatus(options, context, asked).mj_notify_enabled).toBe(true);
    await options.set('MjNotifyEnabled', 'false');
    expect(buildPublicStatus(options, context, asked).mj_notify_enabled).toBe(false);
    await options.set('ServerAddress', '');
  });

  it('turns online top-up on only when address, merchant id and key are all set', async () => {
    await options.set('PayAddress', 'https://pay.example.com/');
    expect(onlineTopUpEnabled(options)).toBe(false);
    await options.set('EpayId', '1001');
    expect(onlineTopUpEnabled(options)).toBe(false);
    await options.set('EpayKey', 'merchant-key-value');
    expect(buildPublicStatus(options, context).enable_online_topup).toBe(true);
    expect(JSON.stringify(buildPublicStatus(options, context))).not.toContain('merchant-key-value');
    await options.set('EpayId', '');
    expect(buildPublicStatus(options, context).enable_online_topup).toBe(false);
  });
});
