import { describe, expect } from 'vitest';
import type { OptionEntry } from '../../../../common/api/options.ts';
import {
  defaultCompletionRatios,
  defaultModelPrices,
  defaultModelRatios,
} from '../../options/default-ratios.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import { type ApiClient, anonymousClient } from '../../test-support/test-server.ts';
import { setUpSite } from '../../test-support/test-site.ts';

const matrix = await databaseMatrix();

describe.each(matrix)('option API on $name', (dialect) => {
  const {
    server,
    root,
    users: { admin, user },
    run,
  } = setUpSite({
    dialect,
    users: { admin: { username: 'options_admin', role: 'admin' }, user: 'options_user' },
  });

  async function listed(): Promise<Map<string, string>> {
    const response = await root.get<OptionEntry[]>('/api/option/');
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    return new Map(response.body.data!.map((entry) => [entry.key, entry.value]));
  }

  run('is root only: anonymous 401, admin and user 403', async () => {
    const anonymous = anonymousClient(server);
    const calls: Array<(client: ApiClient) => ReturnType<ApiClient['get']>> = [
      (client) => client.get('/api/option/'),
      (client) => client.put('/api/option/', { key: 'SystemName', value: 'Hijacked' }),
      (client) => client.post('/api/option/rest_model_ratio'),
    ];
    for (const call of calls) {
      const unauthenticated = await call(anonymous);
      expect(unauthenticated.status).toBe(401);
      expect(unauthenticated.body.success).toBe(false);
      for (const client of [admin, user]) {
        const refused = await call(client);
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({ success: false, message: 'Permission denied' });
      }
    }
    expect((await listed()).get('SystemName')).not.toBe('Hijacked');
  });

  run('lists every option as strings, without secrets', async () => {
    const response = await root.get<OptionEntry[]>('/api/option/');
    expect(response.body.message).toBe('');
    const entries = response.body.data!;
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(['key', 'value']);
      expect(typeof entry.value).toBe('string');
    }
    const options = new Map(entries.map((entry) => [entry.key, entry.value]));
    expect(options.get('QuotaPerUnit')).toBe('500000');
    expect(options.get('PasswordLoginEnabled')).toBe('true');
    expect(JSON.parse(options.get('GroupRatio')!)).toEqual({ default: 1, vip: 1, svip: 1 });
    expect(options.has('TurnstileSiteKey')).toBe(true);
    for (const key of options.keys()) {
      expect(/(token|secret|key)$/i.test(key) && key !== 'TurnstileSiteKey', key).toBe(false);
      expect(key.startsWith('internal.'), key).toBe(false);
    }
  });

  run('never returns secrets, even once they are set', async () => {
    const secrets: Record<string, string> = {
      EpayKey: 'epay-merchant-secret',
      GitHubClientSecret: 'github-client-secret',
      SMTPToken: 'smtp-password-secret',
      TurnstileSecretKey: 'turnstile-secret-value',
      'oidc.client_secret': 'oidc-client-secret',
      TelegramBotToken: '12345:telegram-bot-secret',
      WeChatServerToken: 'wechat-server-secret',
      LinuxDOClientSecret: 'linuxdo-client-secret',
      WorkerValidKey: 'worker-valid-secret',
    };
    for (const [key, value] of Object.entries(secrets)) {
      const response = await root.put('/api/option/', { key, value });
      expect(response.body, key).toEqual({ success: true, message: '' });
    }
    const response = await root.get('/api/option/');
    const text = JSON.stringify(response.body);
    for (const [key, value] of Object.entries(secrets)) {
      expect(text, key).not.toContain(value);
      expect(text, key).not.toContain(`"${key}"`);
    }
    expect(server.context.options.get('EpayKey')).toBe('epay-merchant-secret');
  });

  run('sets one key per call and reads it back', async () => {
    const updates: Array<[string, string | number | boolean, string]> = [
      ['SystemName', 'My Gateway', 'My Gateway'],
      ['RetryTimes', 3, '3'],
      ['USDExchangeRate', 7.1, '7.1'],
      ['DrawingEnabled', false, 'false'],
      ['ServerAddress', 'https://gateway.example.com/', 'https://gateway.example.com'],
      ['GroupRatio', '{"default":1,"vip":0.8}', '{"default":1,"vip":0.8}'],
      ['Notice', 'Line one\nLine two', 'Line one\nLine two'],
    ];
    for (const [key, value, stored] of updates) {
      const response = await root.put('/api/option/', { key, value });
      expect(response.status, key).toBe(200);
      expect(response.body, key).toEqual({ success: true, message: '' });
      expect(server.context.options.get(key), key).toBe(stored);
    }
    const options = await listed();
    for (const [key, , stored] of updates) expect(options.get(key), key).toBe(stored);
  });

  run('answers bad JSON with "not a valid JSON string", in both languages', async () => {
    const english = await root.put('/api/option/', { key: 'ModelRatio', value: '{"gpt-4o": 1.25' });
    expect(english.status).toBe(400);
    expect(english.body).toEqual({ success: false, message: 'not a valid JSON string' });
    const chinese = await root
      .withHeaders({ 'Accept-Language': 'zh-CN' })
      .put('/api/option/', { key: 'GroupRatio', value: 'not json' });
    expect(chinese.body).toEqual({ success: false, message: '不是合法的 JSON 字符串' });
    expect(JSON.parse((await listed()).get('ModelRatio')!)).toEqual(defaultModelRatios());
  });

  run('refuses unknown keys, invalid values and malformed bodies', async () => {
    const cases: Array<[unknown, number, string | RegExp]> = [
      [{ key: 'NoSuchOption', value: 'x' }, 400, 'Unknown option: NoSuchOption'],
      [{ key: 'internal.session_secret', value: 'x' }, 400, 'Unknown option: internal.session_secret'],
      [{ key: 'DataExportInterval', value: 0 }, 400, 'DataExportInterval must be at least 1'],
      [{ key: 'DrawingEnabled', value: 'yes' }, 400, 'DrawingEnabled must be true or false'],
      [{ key: 'GroupRatio', value: '{"vip":-1}' }, 400, /^GroupRatio must be a JSON object/],
      [{ key: 'SystemName' }, 400, /value/],
      [{ key: 'SystemName', value: null }, 400, /value/],
      [{ key: 'SystemName', value: { nested: true } }, 400, /value/],
      [{ value: 'x' }, 400, /key/],
    ];
    for (const [body, status, message] of cases) {
      const response = await root.put('/api/option/', body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body.success).toBe(false);
      if (typeof message === 'string') expect(response.body.message).toBe(message);
      else expect(response.body.message).toMatch(message);
    }
    const options = await listed();
    expect(options.has('NoSuchOption')).toBe(false);
    expect(options.get('DataExportInterval')).toBe('5');
  });

  run('guards enabling a login method whose settings are missing', async () => {
    const refused = await root.put('/api/option/', { key: 'LinuxDOOAuthEnabled', value: true });
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({
      success: false,
      message: 'Cannot enable Linux DO OAuth: fill in the Linux DO Client ID first',
    });
    expect(
      (await root.put('/api/option/', { key: 'LinuxDOClientId', value: 'linuxdo-id' })).body.success,
    ).toBe(true);
    expect((await root.put('/api/option/', { key: 'LinuxDOOAuthEnabled', value: true })).body.success).toBe(
      true,
    );
    expect((await listed()).get('LinuxDOOAuthEnabled')).toBe('true');
  });

  run('restores the built-in model pricing', async () => {
    for (const [key, value] of [
      ['ModelRatio', '{"gpt-4o":9}'],
      ['CompletionRatio', '{"gpt-4o":1}'],
      ['CacheRatio', '{}'],
      ['ModelPrice', '{"dall-e-3":1}'],
      ['GroupRatio', '{"default":2}'],
    ]) {
      expect((await root.put('/api/option/', { key, value })).body.success).toBe(true);
    }
    const response = await root.post('/api/option/rest_model_ratio');
    expect(response.body).toEqual({ success: true, message: '' });
    const options = await listed();
    expect(JSON.parse(options.get('ModelRatio')!)).toEqual(defaultModelRatios());
    expect(JSON.parse(options.get('CompletionRatio')!)).toEqual(defaultCompletionRatios());
    expect(JSON.parse(options.get('ModelPrice')!)).toEqual(defaultModelPrices());
    expect(JSON.parse(options.get('CacheRatio')!)['gpt-4o']).toBe(0.5);
    expect(JSON.parse(options.get('GroupRatio')!)).toEqual({ default: 2 });
  });
});
