import { describe, expect, it } from 'vitest';
import {
  isInternalOptionKey,
  isSecretOptionKey,
  modelPricingOptionKeys,
  optionCatalogue,
  optionDefaults,
  optionDefinition,
} from './catalogue.ts';
import { defaultModelPrices, defaultModelRatios } from './default-ratios.ts';
import { validateOptionValue } from './validate.ts';

/** docs/reference/options.md "Option", copied as written. */
const specificationKeys =
  `ServerAddress, WorkerUrl, WorkerValidKey, PayAddress, EpayId, EpayKey, CustomCallbackAddress, Price,
MinTopUp, TopupGroupRatio, PayMethods, PasswordLoginEnabled, PasswordRegisterEnabled, EmailVerificationEnabled,
RegisterEnabled, TurnstileCheckEnabled, TurnstileSiteKey, TurnstileSecretKey, GitHubOAuthEnabled, GitHubClientId,
GitHubClientSecret, WeChatAuthEnabled, WeChatServerAddress, WeChatServerToken, WeChatAccountQRCodeImageURL,
TelegramOAuthEnabled, TelegramBotToken, TelegramBotName, LinuxDOOAuthEnabled, LinuxDOClientId, LinuxDOClientSecret,
oidc.enabled, oidc.client_id, oidc.client_secret, oidc.well_known, oidc.authorization_endpoint, oidc.token_endpoint,
oidc.user_info_endpoint, EmailDomainRestrictionEnabled, EmailAliasRestrictionEnabled, EmailDomainWhitelist, SMTPServer,
SMTPPort, SMTPAccount, SMTPFrom, SMTPToken, SMTPSSLEnabled, Notice, SystemName, Logo, Footer, About, HomePageContent,
TopUpLink, general_setting.docs_link, QuotaPerUnit, RetryTimes, DisplayInCurrencyEnabled, DisplayTokenStatEnabled,
DefaultCollapseSidebar, DemoSiteEnabled, USDExchangeRate, SelfUseModeEnabled, DrawingEnabled, MjNotifyEnabled,
MjAccountFilterEnabled, MjForwardUrlEnabled, MjModeClearEnabled, MjActionCheckSuccessEnabled, CheckSensitiveEnabled,
CheckSensitiveOnPromptEnabled, CheckSensitiveOnCompletionEnabled, StopOnSensitiveEnabled, SensitiveWords,
LogConsumeEnabled, DataExportEnabled, DataExportInterval, DataExportDefaultTime, ChannelDisableThreshold,
QuotaRemindThreshold, AutomaticDisableChannelEnabled, AutomaticEnableChannelEnabled, AutomaticDisableKeywords,
QuotaForNewUser, PreConsumedQuota, QuotaForInviter, QuotaForInvitee, StreamCacheQueueLength, ModelPrice, ModelRatio,
CacheRatio, CompletionRatio, GroupRatio, UserUsableGroups, GroupGroupRatio, DefaultUseAutoGroup, AutoGroups, Chats,
ModelRequestRateLimitEnabled, ModelRequestRateLimitCount, ModelRequestRateLimitSuccessCount,
ModelRequestRateLimitDurationMinutes, gemini.safety_settings, gemini.version_settings, gemini.supported_imagine_models,
gemini.thinking_adapter_enabled, gemini.thinking_adapter_budget_tokens_percentage, claude.model_headers_settings,
claude.default_max_tokens, claude.thinking_adapter_enabled, claude.thinking_adapter_budget_tokens_percentage,
global.pass_through_request_enabled, general_setting.ping_interval_enabled, general_setting.ping_interval_seconds`
    .split(',')
    .map((key) => key.trim());

const switchyardKeys = [
  'TaskEnabled',
  'ChatLink',
  'ChatLink2',
  'LogRetentionDays',
  'PriceSyncSources',
  // Traffic control (docs/limits.md, docs/reference/routing.md).
  'traffic_setting.group_limits',
  'traffic_setting.model_limits',
  'traffic_setting.fallback_models',
  'traffic_setting.fallback_reply_model',
  'traffic_setting.error_policy',
  'traffic_setting.queue_wait_ms',
  'traffic_setting.queue_max',
  // How long audit rows are kept (docs/audit.md).
  'AuditLogRetentionDays',
  // Administrators must have a second factor (docs/security.md).
  'AdminTwoFactorRequired',
];

/** new-api's later options (setting/performance_setting there): the system-load guard. */
const loadGuardKeys = [
  'performance_setting.monitor_enabled',
  'performance_setting.monitor_cpu_threshold',
  'performance_setting.monitor_memory_threshold',
  'performance_setting.monitor_disk_threshold',
];

/**
 * new-api's later options: the load guard, passkeys (docs/security.md), Stripe and Creem
 * (docs/reference/payments.md), the exposed ratio config (docs/model-catalogue.md), channel affinity
 * (docs/reference/routing.md).
 */
const laterNewApiKeys = [
  ...loadGuardKeys,
  'passkey.enabled',
  'passkey.rp_display_name',
  'passkey.rp_id',
  'passkey.origins',
  'passkey.allow_insecure_origin',
  'passkey.user_verification',
  'passkey.attachment_preference',
  'StripeApiSecret',
  'StripeWebhookSecret',
  'StripePriceId',
  'StripeUnitPrice',
  'StripeMinTopUp',
  'StripePromotionCodesEnabled',
  'CreemApiKey',
  'CreemWebhookSecret',
  'CreemProducts',
  'CreemTestMode',
  'ExposeRatioEnabled',
  'channel_affinity_setting.enabled',
  'channel_affinity_setting.switch_on_success',
  'channel_affinity_setting.max_entries',
  'channel_affinity_setting.default_ttl_seconds',
  'channel_affinity_setting.rules',
  // Tiered, expression and tool pricing (docs/reference/pricing-tiers.md).
  'billing_setting.billing_mode',
  'billing_setting.billing_expr',
  'tool_price_setting.prices',
  // Daily check-in (docs/checkin.md).
  'checkin_setting.enabled',
  'checkin_setting.min_quota',
  'checkin_setting.max_quota',
];

describe('option catalogue', () => {
  it('holds exactly new-api’s option keys plus Switchyard’s own', () => {
    expect(specificationKeys).toHaveLength(114);
    expect([...optionCatalogue.keys()].sort()).toEqual(
      [...specificationKeys, ...laterNewApiKeys, ...switchyardKeys].sort(),
    );
  });

  it.each([
    ['PasswordLoginEnabled', 'true'],
    ['PasswordRegisterEnabled', 'true'],
    ['RegisterEnabled', 'true'],
    ['EmailVerificationEnabled', 'false'],
    ['GitHubOAuthEnabled', 'false'],
    ['TurnstileCheckEnabled', 'false'],
    ['oidc.enabled', 'false'],
    ['LogConsumeEnabled', 'true'],
    ['DisplayInCurrencyEnabled', 'true'],
    ['DrawingEnabled', 'true'],
    ['TaskEnabled', 'true'],
    ['DataExportEnabled', 'true'],
    ['DataExportInterval', '5'],
    ['DataExportDefaultTime', 'hour'],
    ['QuotaPerUnit', '500000'],
    ['USDExchangeRate', '7.3'],
    ['Price', '7.3'],
    ['MinTopUp', '1'],
    ['RetryTimes', '0'],
    ['ChannelDisableThreshold', '5'],
    ['QuotaRemindThreshold', '1000'],
    ['PreConsumedQuota', '500'],
    ['SystemName', 'Switchyard'],
    ['ServerAddress', ''],
    ['SMTPPort', '587'],
    ['MjForwardUrlEnabled', 'true'],
    ['MjNotifyEnabled', 'false'],
    ['GroupRatio', '{"default":1,"vip":1,"svip":1}'],
    ['UserUsableGroups', '{"default":"默认分组","vip":"vip分组"}'],
    ['GroupGroupRatio', '{}'],
    ['AutoGroups', '["default"]'],
    ['ModelRequestRateLimitSuccessCount', '1000'],
    ['ModelRequestRateLimitDurationMinutes', '1'],
    ['gemini.safety_settings', '{"default":"OFF"}'],
    ['gemini.version_settings', '{"default":"v1beta"}'],
    ['gemini.thinking_adapter_budget_tokens_percentage', '0.6'],
    ['claude.default_max_tokens', '{"default":8192}'],
    ['claude.thinking_adapter_enabled', 'true'],
    ['claude.thinking_adapter_budget_tokens_percentage', '0.8'],
    ['general_setting.ping_interval_seconds', '60'],
    ['performance_setting.monitor_enabled', 'false'],
    ['performance_setting.monitor_cpu_threshold', '90'],
    ['performance_setting.monitor_memory_threshold', '90'],
    ['performance_setting.monitor_disk_threshold', '95'],
    ['LogRetentionDays', '0'],
    ['ChatLink', ''],
    ['Notice', ''],
  ])('%s defaults to %s', (key, value) => {
    expect(optionDefinition(key)?.defaultValue).toBe(value);
  });

  it('ships the built-in pricing tables and the new-api lists', () => {
    const defaults = optionDefaults();
    expect(JSON.parse(defaults.ModelRatio!)).toEqual(defaultModelRatios());
    expect(JSON.parse(defaults.ModelPrice!)).toEqual(defaultModelPrices());
    expect(defaults.EmailDomainWhitelist!.split(',')).toContain('gmail.com');
    expect(defaults.AutomaticDisableKeywords!.split('\n')).toContain('Your credit balance is too low');
    expect(JSON.parse(defaults.PayMethods!)).toEqual([
      { name: '支付宝', color: 'rgba(var(--semi-blue-5), 1)', type: 'alipay' },
      { name: '微信', color: 'rgba(var(--semi-green-5), 1)', type: 'wxpay' },
    ]);
    const chats = JSON.parse(defaults.Chats!) as Array<Record<string, string>>;
    expect(chats.length).toBeGreaterThan(2);
    expect(chats.every((chat) => Object.values(chat).every((link) => link.includes('{key}')))).toBe(true);
    expect([...modelPricingOptionKeys].sort()).toEqual([
      'CacheRatio',
      'CompletionRatio',
      'ModelPrice',
      'ModelRatio',
    ]);
  });

  it('holds the load-guard thresholds to whole percentages from 0 (check left out) to 100', () => {
    const current = (key: string) => optionDefaults()[key] ?? '';
    for (const key of loadGuardKeys.slice(1)) {
      expect(validateOptionValue(key, '0', current)).toBe('0');
      expect(validateOptionValue(key, '100', current)).toBe('100');
      for (const refused of ['101', '-1', '50.5'])
        expect(() => validateOptionValue(key, refused, current)).toThrow();
    }
  });

  it('accepts its own defaults', () => {
    const defaults = optionDefaults();
    for (const [key, value] of Object.entries(defaults)) {
      expect(
        validateOptionValue(key, value, (other) => defaults[other] ?? ''),
        key,
      ).toBe(value);
    }
  });

  it.each([
    ['WorkerValidKey', true],
    ['EpayKey', true],
    ['TurnstileSecretKey', true],
    ['TurnstileSiteKey', false],
    ['GitHubClientSecret', true],
    ['GitHubClientId', false],
    ['WeChatServerToken', true],
    ['TelegramBotToken', true],
    ['LinuxDOClientSecret', true],
    ['oidc.client_secret', true],
    ['SMTPToken', true],
    ['SMTPAccount', false],
    ['internal.session_secret', true],
    ['SomeAdoptedApiKey', true],
    ['some.api_key', true],
    ['SystemName', false],
  ])('%s secret: %s', (key, secret) => {
    expect(isSecretOptionKey(key)).toBe(secret);
    const definition = optionDefinition(key);
    if (definition) expect(definition.secret).toBe(secret);
  });

  it('recognises internal keys', () => {
    expect(isInternalOptionKey('internal.session_secret')).toBe(true);
    expect(isInternalOptionKey('SystemName')).toBe(false);
  });
});
