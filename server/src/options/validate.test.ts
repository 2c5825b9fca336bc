import { describe, expect, it } from 'vitest';
import { GatewayError } from '../lib/errors.ts';
import { registerMessages, translate } from '../lib/messages.ts';
import { optionDefaults } from './catalogue.ts';
import { optionMessages } from './messages.ts';
import { validateOptionValue } from './validate.ts';

registerMessages(optionMessages);

const defaults = optionDefaults();
const fromDefaults =
  (overrides: Record<string, string> = {}) =>
  (key: string) =>
    overrides[key] ?? defaults[key] ?? '';

function failure(key: string, value: string, current = fromDefaults()): { status: number; message: string } {
  try {
    validateOptionValue(key, value, current);
  } catch (error) {
    expect(error).toBeInstanceOf(GatewayError);
    const gatewayError = error as GatewayError;
    return { status: gatewayError.status, message: translate(gatewayError.code, 'en', gatewayError.params) };
  }
  throw new Error(`${key}=${JSON.stringify(value)} was accepted`);
}

describe('validateOptionValue', () => {
  it.each([
    ['PasswordLoginEnabled', 'true', 'true'],
    ['PasswordLoginEnabled', 'false', 'false'],
    ['DrawingEnabled', ' TRUE ', 'true'],
    ['QuotaPerUnit', '500000', '500000'],
    ['QuotaPerUnit', '0.5', '0.5'],
    ['USDExchangeRate', '7.30', '7.3'],
    ['Price', '0', '0'],
    ['RetryTimes', ' 3 ', '3'],
    ['QuotaForNewUser', '1e3', '1000'],
    ['DataExportInterval', '1', '1'],
    ['ModelRequestRateLimitCount', '0', '0'],
    ['ModelRequestRateLimitSuccessCount', '1', '1'],
    ['ModelRequestRateLimitDurationMinutes', '0', '0'],
    ['gemini.thinking_adapter_budget_tokens_percentage', '0.1', '0.1'],
    ['claude.thinking_adapter_budget_tokens_percentage', '1', '1'],
    ['general_setting.ping_interval_seconds', '1', '1'],
    ['ChannelDisableThreshold', '2.5', '2.5'],
    ['SMTPPort', '465', '465'],
    ['ServerAddress', 'https://gateway.example.com/', 'https://gateway.example.com'],
    ['PayAddress', 'https://pay.example.com//', 'https://pay.example.com'],
    ['WorkerUrl', ' https://worker.example.com/ ', 'https://worker.example.com'],
    ['WorkerUrl', '', ''],
    [
      'oidc.well_known',
      'https://id.example.com/.well-known/openid-configuration',
      'https://id.example.com/.well-known/openid-configuration',
    ],
    ['EmailDomainWhitelist', ' Gmail.com, qq.com,,gmail.com ', 'gmail.com,qq.com'],
    ['EmailDomainWhitelist', '', ''],
    ['DataExportDefaultTime', 'week', 'week'],
    ['SystemName', '  My Gateway ', '  My Gateway '],
    ['Footer', '<a href="/">home</a>', '<a href="/">home</a>'],
    ['GroupRatio', '{"default":1,"vip":0.5,"free":0}', '{"default":1,"vip":0.5,"free":0}'],
    ['ModelRatio', '{}', '{}'],
    ['UserUsableGroups', '{"default":"Default"}', '{"default":"Default"}'],
    ['GroupGroupRatio', '{"vip":{"default":0.8}}', '{"vip":{"default":0.8}}'],
    ['AutoGroups', '["default","vip"]', '["default","vip"]'],
    [
      'Chats',
      '[{"Web":"https://chat.example.com/?key={key}"}]',
      '[{"Web":"https://chat.example.com/?key={key}"}]',
    ],
    // The default links (app schemes included) and other custom app schemes stay valid.
    ['Chats', defaults.Chats ?? '', defaults.Chats ?? ''],
    [
      'Chats',
      '[{"Cherry Studio":"cherrystudio://providers/api-keys?v=1&data={key}"}]',
      '[{"Cherry Studio":"cherrystudio://providers/api-keys?v=1&data={key}"}]',
    ],
    [
      'PayMethods',
      '[{"name":"Stripe","type":"stripe","min_topup":5}]',
      '[{"name":"Stripe","type":"stripe","min_topup":5}]',
    ],
    [
      'claude.model_headers_settings',
      '{"claude-3-7":{"anthropic-beta":["x"]}}',
      '{"claude-3-7":{"anthropic-beta":["x"]}}',
    ],
    ['claude.default_max_tokens', '{"default":4096}', '{"default":4096}'],
    ['gemini.supported_imagine_models', '[]', '[]'],
  ])('%s accepts %j as %j', (key, value, stored) => {
    expect(validateOptionValue(key, value, fromDefaults())).toBe(stored);
  });

  it.each([
    ['PasswordLoginEnabled', 'yes', 'PasswordLoginEnabled must be true or false'],
    ['DrawingEnabled', '1', 'DrawingEnabled must be true or false'],
    ['DrawingEnabled', '', 'DrawingEnabled must be true or false'],
    ['RetryTimes', 'three', 'RetryTimes must be a number'],
    ['RetryTimes', '', 'RetryTimes must be a number'],
    ['RetryTimes', 'Infinity', 'RetryTimes must be a number'],
    ['RetryTimes', '0x10', 'RetryTimes must be a number'],
    ['RetryTimes', '1.5', 'RetryTimes must be a whole number'],
    ['RetryTimes', '-1', 'RetryTimes must be at least 0'],
    ['QuotaForNewUser', '-100', 'QuotaForNewUser must be at least 0'],
    ['QuotaPerUnit', '0', 'QuotaPerUnit must be greater than 0'],
    ['Price', '-0.1', 'Price must be at least 0'],
    ['DataExportInterval', '0', 'DataExportInterval must be at least 1'],
    ['ModelRequestRateLimitSuccessCount', '0', 'ModelRequestRateLimitSuccessCount must be at least 1'],
    ['ModelRequestRateLimitCount', '-1', 'ModelRequestRateLimitCount must be at least 0'],
    [
      'gemini.thinking_adapter_budget_tokens_percentage',
      '0.05',
      'gemini.thinking_adapter_budget_tokens_percentage must be at least 0.1',
    ],
    [
      'claude.thinking_adapter_budget_tokens_percentage',
      '1.5',
      'claude.thinking_adapter_budget_tokens_percentage must be at most 1',
    ],
    [
      'general_setting.ping_interval_seconds',
      '0',
      'general_setting.ping_interval_seconds must be at least 1',
    ],
    ['SMTPPort', '70000', 'SMTPPort must be at most 65535'],
    ['DataExportDefaultTime', 'month', 'DataExportDefaultTime must be one of: hour, day, week'],
    [
      'ServerAddress',
      'gateway.example.com',
      'ServerAddress must be an address starting with http:// or https://',
    ],
    [
      'oidc.token_endpoint',
      'ftp://id.example.com',
      'oidc.token_endpoint must be an address starting with http:// or https://',
    ],
    [
      'EmailDomainWhitelist',
      'gmail.com,not a domain',
      'Invalid email domain format: not a domain (e.g. gmail.com)',
    ],
    ['GroupRatio', '{"default":1', 'not a valid JSON string'],
    ['ModelRatio', '', 'not a valid JSON string'],
    ['Chats', "[{'a':'b'}]", 'not a valid JSON string'],
    [
      'Chats',
      '[{"Evil":"javascript:alert(document.cookie)"}]',
      'Chats must be a JSON array of objects mapping a chat name to an absolute link (javascript:, data:, vbscript: and file: links are not allowed)',
    ],
    ...['VBScript:msgbox(1)', 'file:///etc/passwd', 'blob:https://x/1', '{address}/chat'].map((link) => [
      'Chats',
      JSON.stringify([{ Web: 'https://ok.example.com' }, { Evil: link }]),
      'Chats must be a JSON array of objects mapping a chat name to an absolute link (javascript:, data:, vbscript: and file: links are not allowed)',
    ]),
    [
      'Chats',
      '[{"Evil":" data:text/html,<script>1</script>"}]',
      'Chats must be a JSON array of objects mapping a chat name to an absolute link (javascript:, data:, vbscript: and file: links are not allowed)',
    ],
    [
      'GroupRatio',
      '{"default":"1"}',
      'GroupRatio must be a JSON object mapping names to non-negative numbers',
    ],
    [
      'GroupRatio',
      '{"default":-1}',
      'GroupRatio must be a JSON object mapping names to non-negative numbers',
    ],
    ['GroupRatio', '[1,2]', 'GroupRatio must be a JSON object mapping names to non-negative numbers'],
    ['ModelPrice', 'null', 'ModelPrice must be a JSON object mapping names to non-negative numbers'],
    ['UserUsableGroups', '{"default":1}', 'UserUsableGroups must be a JSON object mapping names to strings'],
    ['AutoGroups', '"default"', 'AutoGroups must be a JSON array of strings'],
    [
      'GroupGroupRatio',
      '{"vip":1}',
      'GroupGroupRatio must be a JSON object of groups, each mapping group names to non-negative numbers',
    ],
    [
      'PayMethods',
      '[{"name":"Alipay"}]',
      'PayMethods must be a JSON array of payment methods, each with a name and a type',
    ],
    [
      'Chats',
      '{"Web":"https://x"}',
      'Chats must be a JSON array of objects mapping a chat name to an absolute link (javascript:, data:, vbscript: and file: links are not allowed)',
    ],
    [
      'claude.model_headers_settings',
      '{"m":{"h":"v"}}',
      'claude.model_headers_settings must be a JSON object mapping models to objects of header names and lists of values',
    ],
    [
      'claude.default_max_tokens',
      '{"default":0}',
      'claude.default_max_tokens must be a JSON object mapping models to positive whole numbers',
    ],
    ['NoSuchOption', 'x', 'Unknown option: NoSuchOption'],
    ['internal.session_secret', 'x', 'Unknown option: internal.session_secret'],
  ])('%s refuses %j: %s', (key, value, message) => {
    expect(failure(key, value)).toEqual({ status: 400, message });
  });

  describe('enable-guards', () => {
    it.each([
      [
        'GitHubOAuthEnabled',
        { GitHubClientId: 'id' },
        { GitHubClientId: 'id', GitHubClientSecret: 'secret' },
        'GitHub Client ID',
      ],
      [
        'oidc.enabled',
        {
          'oidc.client_id': 'id',
          'oidc.client_secret': 'secret',
          'oidc.authorization_endpoint': 'https://id.example.com/auth',
          'oidc.token_endpoint': 'https://id.example.com/token',
        },
        {
          'oidc.client_id': 'id',
          'oidc.client_secret': 'secret',
          'oidc.authorization_endpoint': 'https://id.example.com/auth',
          'oidc.token_endpoint': 'https://id.example.com/token',
          'oidc.user_info_endpoint': 'https://id.example.com/userinfo',
        },
        'OIDC',
      ],
      ['LinuxDOOAuthEnabled', {}, { LinuxDOClientId: 'id' }, 'Linux DO Client ID'],
      ['EmailDomainRestrictionEnabled', { EmailDomainWhitelist: '' }, {}, 'allowed email domains'],
      [
        'WeChatAuthEnabled',
        { WeChatServerAddress: '  ' },
        { WeChatServerAddress: 'https://wechat.example.com' },
        'WeChat server address',
      ],
      ['TurnstileCheckEnabled', {}, { TurnstileSiteKey: 'site-key' }, 'Turnstile site key'],
      ['TelegramOAuthEnabled', {}, { TelegramBotToken: '123:abc' }, 'Telegram bot token'],
    ])('%s needs its settings before it can be turned on', (key, missing, complete, mentions) => {
      const refused = failure(key, 'true', fromDefaults(missing as Record<string, string>));
      expect(refused.status).toBe(200);
      expect(refused.message).toMatch(/^Cannot enable/);
      expect(refused.message).toContain(mentions);
      expect(validateOptionValue(key, 'true', fromDefaults(complete as Record<string, string>))).toBe('true');
      expect(validateOptionValue(key, 'false', fromDefaults(missing as Record<string, string>))).toBe(
        'false',
      );
    });

    it('answers in Chinese too', () => {
      try {
        validateOptionValue('GitHubOAuthEnabled', 'true', fromDefaults());
        expect.unreachable();
      } catch (error) {
        const gatewayError = error as GatewayError;
        expect(translate(gatewayError.code, 'zh')).toBe(
          '无法启用 GitHub OAuth，请先填入 GitHub Client ID 以及 GitHub Client Secret！',
        );
      }
    });
  });
});
