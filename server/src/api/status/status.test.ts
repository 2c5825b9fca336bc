import { describe, expect } from 'vitest';
import type { PublicStatus } from '../../../../common/api/status.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import { loginAsRoot } from '../../test-support/test-server.ts';
import { setUpSite } from '../../test-support/test-site.ts';

/** Every field of PublicStatus (common/api/status.ts). */
const statusFields: Array<keyof PublicStatus> = [
  'system_name',
  'logo',
  'footer_html',
  'quota_per_unit',
  'display_in_currency',
  'enable_drawing',
  'enable_task',
  'enable_data_export',
  'chats',
  'pay_methods',
  'data_export_default_time',
  'default_collapse_sidebar',
  'mj_notify_enabled',
  'chat_link',
  'chat_link2',
  'docs_link',
  'version',
  'start_time',
  'email_verification',
  'turnstile_check',
  'turnstile_site_key',
  'github_oauth',
  'github_client_id',
  'oidc_enabled',
  'passkey_login',
  'checkin_enabled',
  'oidc_client_id',
  'oidc_authorization_endpoint',
  'wechat_login',
  'wechat_qrcode',
  'telegram_oauth',
  'telegram_bot_name',
  'linuxdo_oauth',
  'linuxdo_client_id',
  'server_address',
  'setup',
  'self_use_mode_enabled',
  'demo_site_enabled',
  'enable_online_topup',
  'price',
  'usd_exchange_rate',
  'default_use_auto_group',
  'top_up_link',
  'min_topup',
  'display_token_stat_enabled',
];

const matrix = await databaseMatrix();

describe.each(matrix)('public status on $name', (dialect) => {
  const { server, anonymous, run } = setUpSite({ dialect, fresh: true });

  async function status(): Promise<PublicStatus> {
    const response = await anonymous.get<PublicStatus>('/api/status');
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    return response.body.data!;
  }

  run('answers anonymously with every field, before and after setup', async () => {
    const before = await status();
    expect(Object.keys(before).sort()).toEqual([...statusFields].sort());
    expect(before).toMatchObject({
      setup: false,
      system_name: 'Switchyard',
      quota_per_unit: 500000,
      display_in_currency: true,
      enable_task: true,
      data_export_default_time: 'hour',
      enable_online_topup: false,
      price: 7.3,
      usd_exchange_rate: 7.3,
      min_topup: 1,
      version: server.context.version,
      start_time: server.context.startTime,
    });
    expect(typeof before.version).toBe('string');
    expect(before.start_time).toBeGreaterThan(1_600_000_000);
    expect(before.pay_methods.map((method) => method.type)).toEqual(['alipay', 'wxpay']);
    expect(Array.isArray(before.chats)).toBe(true);
    await loginAsRoot(server);
    expect((await status()).setup).toBe(true);
  });

  run('reflects option changes at once', async () => {
    const root = await loginAsRoot(server);
    const changes: Array<[string, string | number | boolean]> = [
      ['SystemName', 'Harbor Gateway'],
      ['Footer', '<p>Harbor footer</p>'],
      ['TaskEnabled', false],
      ['DrawingEnabled', false],
      ['DisplayInCurrencyEnabled', false],
      ['ChatLink', 'https://chat.example.com'],
      ['general_setting.docs_link', 'https://docs.example.com'],
      ['TopUpLink', 'https://shop.example.com/buy'],
      ['MinTopUp', 5],
      ['Price', 7],
      ['PayMethods', '[{"name":"Stripe","type":"stripe","color":"blue"}]'],
      ['Chats', '[{"Web":"https://web.example.com/#/?key={key}&url={address}"}]'],
      ['DataExportDefaultTime', 'day'],
      ['ServerAddress', 'https://gateway.example.com/'],
    ];
    for (const [key, value] of changes) {
      expect((await root.put('/api/option/', { key, value })).body, key).toEqual({
        success: true,
        message: '',
      });
    }
    expect(await status()).toMatchObject({
      system_name: 'Harbor Gateway',
      footer_html: '<p>Harbor footer</p>',
      enable_task: false,
      enable_drawing: false,
      display_in_currency: false,
      chat_link: 'https://chat.example.com',
      docs_link: 'https://docs.example.com',
      top_up_link: 'https://shop.example.com/buy',
      min_topup: 5,
      price: 7,
      pay_methods: [{ name: 'Stripe', type: 'stripe', color: 'blue' }],
      chats: [{ Web: 'https://web.example.com/#/?key={key}&url={address}' }],
      data_export_default_time: 'day',
      server_address: 'https://gateway.example.com',
    });
  });

  run('shows public login identifiers but never a secret', async () => {
    const root = await loginAsRoot(server);
    const settings: Array<[string, string]> = [
      ['GitHubClientId', 'github-public-id'],
      ['GitHubClientSecret', 'github-secret-value'],
      ['GitHubOAuthEnabled', 'true'],
      ['TurnstileSiteKey', 'turnstile-public-site'],
      ['TurnstileSecretKey', 'turnstile-secret-value'],
      ['TurnstileCheckEnabled', 'true'],
      ['TelegramBotName', 'harbor_bot'],
      ['TelegramBotToken', '12345:telegram-secret-value'],
      ['TelegramOAuthEnabled', 'true'],
      ['PayAddress', 'https://pay.example.com'],
      ['EpayId', '1001'],
      ['EpayKey', 'epay-secret-value'],
      ['SMTPToken', 'smtp-secret-value'],
    ];
    for (const [key, value] of settings) {
      expect((await root.put('/api/option/', { key, value })).body.success, key).toBe(true);
    }
    const current = await status();
    expect(current).toMatchObject({
      github_oauth: true,
      github_client_id: 'github-public-id',
      turnstile_check: true,
      turnstile_site_key: 'turnstile-public-site',
      telegram_oauth: true,
      telegram_bot_name: 'harbor_bot',
      enable_online_topup: true,
    });
    // Every secret value above, and only those, is spelled `…secret-value`.
    expect(JSON.stringify(current)).not.toMatch(/secret-value/);
    // Logins now need a bot check: switch it off again for the tests that follow.
    expect(
      (await root.put('/api/option/', { key: 'TurnstileCheckEnabled', value: 'false' })).body.success,
    ).toBe(true);
  });

  run('serves the notice, about and home page content as strings', async () => {
    for (const path of ['/api/notice', '/api/about', '/api/home_page_content']) {
      expect((await anonymous.get(path)).body, path).toEqual({ success: true, message: '', data: '' });
    }
    const root = await loginAsRoot(server);
    const contents: Array<[string, string, string]> = [
      ['Notice', '/api/notice', '**Maintenance** at 02:00'],
      ['About', '/api/about', 'https://about.example.com'],
      ['HomePageContent', '/api/home_page_content', '<h1>Welcome</h1>'],
    ];
    for (const [key, path, value] of contents) {
      expect((await root.put('/api/option/', { key, value })).body.success, key).toBe(true);
      expect((await anonymous.get(path)).body, path).toEqual({ success: true, message: '', data: value });
    }
  });
});
