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
  /** Values stored exactly as sent. */
  const keptAsSent: Array<[key: string, value: string]> = [
    ['PasswordLoginEnabled', 'true'],
    ['PasswordLoginEnabled', 'false'],
    ['QuotaPerUnit', '500000'],
    ['QuotaPerUnit', '0.5'],
    ['Price', '0'],
    ['DataExportInterval', '1'],
    ['ModelRequestRateLimitCount', '0'],
    ['ModelRequestRateLimitSuccessCount', '1'],
    ['ModelRequestRateLimitDurationMinutes', '0'],
    ['gemini.thinking_adapter_budget_tokens_percentage', '0.1'],
    ['claude.thinking_adapter_budget_tokens_percentage', '1'],
    ['general_setting.ping_interval_seconds', '1'],
    ['ChannelDisableThreshold', '2.5'],
    ['SMTPPort', '465'],
    ['WorkerUrl', ''],
    ['oidc.well_known', 'https://id.example.com/.well-known/openid-configuration'],
    ['EmailDomainWhitelist', ''],
    ['DataExportDefaultTime', 'week'],
    ['SystemName', '  My Gateway '],
    ['Footer', '<a href="/">home</a>'],
    ['GroupRatio', '{"default":1,"vip":0.5,"free":0}'],
    ['ModelRatio', '{}'],
    ['UserUsableGroups', '{"default":"Default"}'],
    ['GroupGroupRatio', '{"vip":{"default":0.8}}'],
    ['AutoGroups', '["default","vip"]'],
    ['Chats', '[{"Web":"https://chat.example.com/?key={key}"}]'],
    // The default links (app schemes included) and other custom app schemes stay valid.
    ['Chats', defaults.Chats ?? ''],
    ['Chats', '[{"Cherry Studio":"cherrystudio://providers/api-keys?v=1&data={key}"}]'],
    ['PayMethods', '[{"name":"Stripe","type":"stripe","min_topup":5}]'],
    ['claude.model_headers_settings', '{"claude-3-7":{"anthropic-beta":["x"]}}'],
    ['claude.default_max_tokens', '{"default":4096}'],
    ['gemini.supported_imagine_models', '[]'],
  ];
  /** Values normalised before they are stored. */
  const normalised: Array<[key: string, value: string, stored: string]> = [
    ['DrawingEnabled', ' TRUE ', 'true'],
    ['USDExchangeRate', '7.30', '7.3'],
    ['RetryTimes', ' 3 ', '3'],
    ['QuotaForNewUser', '1e3', '1000'],
    ['ServerAddress', 'https://gateway.example.com/', 'https://gateway.example.com'],
    ['PayAddress', 'https://pay.example.com//', 'https://pay.example.com'],
    ['WorkerUrl', ' https://worker.example.com/ ', 'https://worker.example.com'],
    ['EmailDomainWhitelist', ' Gmail.com, qq.com,,gmail.com ', 'gmail.com,qq.com'],
  ];
  it.each([...keptAsSent.map(([key, value]) => [key, value, value]), ...normalised])(
    '%s accepts %j as %j',
    (key, value, stored) => {
      expect(validateOptionValue(key, value, fromDefaults())).toBe(stored);
    },
  );

  /** The refusals by message; `{key}` stands for the option's name. */
  const refusals: Record<string, Array<[key: string, value: string]>> = {
    '{key} must be true or false': [
      ['PasswordLoginEnabled', 'yes'],
      ['DrawingEnabled', '1'],
      ['DrawingEnabled', ''],
    ],
    '{key} must be a number': [
      ['RetryTimes', 'three'],
      ['RetryTimes', ''],
      ['RetryTimes', 'Infinity'],
      ['RetryTimes', '0x10'],
    ],
    '{key} must be a whole number': [['RetryTimes', '1.5']],
    '{key} must be at least 0': [
      ['RetryTimes', '-1'],
      ['QuotaForNewUser', '-100'],
      ['Price', '-0.1'],
      ['ModelRequestRateLimitCount', '-1'],
    ],
    '{key} must be greater than 0': [['QuotaPerUnit', '0']],
    '{key} must be at least 1': [
      ['DataExportInterval', '0'],
      ['ModelRequestRateLimitSuccessCount', '0'],
      ['general_setting.ping_interval_seconds', '0'],
    ],
    '{key} must be at least 0.1': [['gemini.thinking_adapter_budget_tokens_percentage', '0.05']],
    '{key} must be at most 1': [['claude.thinking_adapter_budget_tokens_percentage', '1.5']],
    '{key} must be at most 65535': [['SMTPPort', '70000']],
    '{key} must be one of: hour, day, week': [['DataExportDefaultTime', 'month']],
    '{key} must be an address starting with http:// or https://': [
      ['ServerAddress', 'gateway.example.com'],
      ['oidc.token_endpoint', 'ftp://id.example.com'],
    ],
    'Invalid email domain format: not a domain (e.g. gmail.com)': [
      ['EmailDomainWhitelist', 'gmail.com,not a domain'],
    ],
    'not a valid JSON string': [
      ['GroupRatio', '{"default":1'],
      ['ModelRatio', ''],
      ['Chats', "[{'a':'b'}]"],
    ],
    '{key} must be a JSON array of objects mapping a chat name to an absolute link (javascript:, data:, vbscript: and file: links are not allowed)':
      [
        ['Chats', '[{"Evil":"javascript:alert(document.cookie)"}]'],
        ...['VBScript:msgbox(1)', 'file:///etc/passwd', 'blob:https://x/1', '{address}/chat'].map(
          (link): [string, string] => [
            'Chats',
            JSON.stringify([{ Web: 'https://ok.example.com' }, { Evil: link }]),
          ],
        ),
        ['Chats', '[{"Evil":" data:text/html,<script>1</script>"}]'],
        ['Chats', '{"Web":"https://x"}'],
      ],
    '{key} must be a JSON object mapping names to non-negative numbers': [
      ['GroupRatio', '{"default":"1"}'],
      ['GroupRatio', '{"default":-1}'],
      ['GroupRatio', '[1,2]'],
      ['ModelPrice', 'null'],
    ],
    '{key} must be a JSON object mapping names to strings': [['UserUsableGroups', '{"default":1}']],
    '{key} must be a JSON array of strings': [['AutoGroups', '"default"']],
    '{key} must be a JSON object of groups, each mapping group names to non-negative numbers': [
      ['GroupGroupRatio', '{"vip":1}'],
    ],
    '{key} must be a JSON array of payment methods, each with a name and a type': [
      ['PayMethods', '[{"name":"Alipay"}]'],
    ],
    '{key} must be a JSON object mapping models to objects of header names and lists of values': [
      ['claude.model_headers_settings', '{"m":{"h":"v"}}'],
    ],
    '{key} must be a JSON object mapping models to positive whole numbers': [
      ['claude.default_max_tokens', '{"default":0}'],
    ],
    'Unknown option: {key}': [
      ['NoSuchOption', 'x'],
      ['internal.session_secret', 'x'],
    ],
  };
  it.each(
    Object.entries(refusals).flatMap(([message, cases]) =>
      cases.map(([key, value]) => [key, value, message.replace('{key}', key)]),
    ),
  )('%s refuses %j: %s', (key, value, message) => {
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
