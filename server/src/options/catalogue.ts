/**
 * Every option the console may set (docs/reference/options.md "Option", plus TaskEnabled, ChatLink, ChatLink2,
 * LogRetentionDays and new-api's later performance_setting.monitor_* keys): its type, its default (new-api's defaults and docs/reference/console-constants.md), how a value is validated,
 * and whether it is a secret. Values travel and are stored as strings.
 */

import { AFFINITY_OPTIONS } from './catalogue-affinity.ts';
import { AUDIT_OPTIONS } from './catalogue-audit.ts';
import { CHECKIN_OPTIONS } from './catalogue-checkin.ts';
import { CATALOGUE_MODEL_OPTIONS } from './catalogue-models.ts';
import { PAYMENT_OPTIONS } from './catalogue-payments.ts';
import { PRICING_TIER_OPTIONS } from './catalogue-pricing-tiers.ts';
import { SECURITY_OPTIONS } from './catalogue-security.ts';
import { SUBSCRIPTION_OPTIONS } from './catalogue-subscriptions.ts';
import { TRAFFIC_OPTIONS } from './catalogue-traffic.ts';
import {
  defaultCacheRatios,
  defaultCompletionRatios,
  defaultModelPrices,
  defaultModelRatios,
} from './default-ratios.ts';
import { decimal, flag, json, number, type OptionDefinition, text, url } from './definitions.ts';
import { jsonShapes } from './json-shapes.ts';

export * from './definitions.ts';

const defaultEmailDomains = [
  'gmail.com',
  '163.com',
  '126.com',
  'qq.com',
  'outlook.com',
  'hotmail.com',
  'icloud.com',
  'yahoo.com',
  'foxmail.com',
];

/** Upstream error texts meaning the key or account is dead (matched case-insensitively). */
const defaultAutomaticDisableKeywords = [
  'Your credit balance is too low',
  'This organization has been disabled.',
  'You exceeded your current quota',
  'Permission denied',
  'The security token included in the request is invalid',
  'Operation not allowed',
  'Your account is not authorized',
];

/** Chat clients the console can open with the user's key: {key} and {address} are filled in. */
const defaultChats = [
  {
    'Lobe Chat':
      'https://chat-preview.lobehub.com/?settings={"keyVaults":{"openai":{"apiKey":"{key}","baseURL":"{address}/v1"}}}',
  },
  { 'ChatGPT Next Web': 'https://app.nextchat.dev/#/?settings={"key":"{key}","url":"{address}"}' },
  {
    'AI as Workspace':
      'https://aiaw.app/set-provider?provider={"type":"openai","settings":{"apiKey":"{key}","baseURL":"{address}/v1","compatibility":"strict"}}',
  },
  { AMA: 'ama://set-api-key?server={address}&key={key}' },
  { OpenCat: 'opencat://team/join?domain={address}&token={key}' },
];

const defaultPayMethods = [
  { name: '支付宝', color: 'rgba(var(--semi-blue-5), 1)', type: 'alipay' },
  { name: '微信', color: 'rgba(var(--semi-green-5), 1)', type: 'wxpay' },
];

const thinkingPercentage = decimal({ minimum: 0.1, maximum: 1 });

const definitions: OptionDefinition[] = [
  // Payment
  // Empty: derived from the request or the port until saved (server-address.ts).
  url('ServerAddress'),
  url('WorkerUrl'),
  text('WorkerValidKey'),
  url('PayAddress'),
  text('EpayId'),
  text('EpayKey'),
  url('CustomCallbackAddress'),
  number('Price', 7.3, decimal()),
  number('MinTopUp', 1),
  json('TopupGroupRatio', { default: 1, vip: 1, svip: 1 }, jsonShapes.numberMap),
  json('PayMethods', defaultPayMethods, jsonShapes.payMethods),
  // Login and registration
  flag('PasswordLoginEnabled', true),
  flag('PasswordRegisterEnabled', true),
  flag('EmailVerificationEnabled', false),
  flag('RegisterEnabled', true),
  flag('TurnstileCheckEnabled', false, {
    requires: ['TurnstileSiteKey'],
    message: 'option.turnstile_incomplete',
  }),
  text('TurnstileSiteKey'),
  text('TurnstileSecretKey'),
  flag('GitHubOAuthEnabled', false, {
    requires: ['GitHubClientId', 'GitHubClientSecret'],
    message: 'option.github_oauth_incomplete',
  }),
  text('GitHubClientId'),
  text('GitHubClientSecret'),
  flag('WeChatAuthEnabled', false, {
    requires: ['WeChatServerAddress'],
    message: 'option.wechat_auth_incomplete',
  }),
  url('WeChatServerAddress'),
  text('WeChatServerToken'),
  text('WeChatAccountQRCodeImageURL'),
  flag('TelegramOAuthEnabled', false, {
    requires: ['TelegramBotToken'],
    message: 'option.telegram_oauth_incomplete',
  }),
  text('TelegramBotToken'),
  text('TelegramBotName'),
  flag('LinuxDOOAuthEnabled', false, {
    requires: ['LinuxDOClientId'],
    message: 'option.linuxdo_oauth_incomplete',
  }),
  text('LinuxDOClientId'),
  text('LinuxDOClientSecret'),
  flag('oidc.enabled', false, {
    requires: [
      'oidc.client_id',
      'oidc.client_secret',
      'oidc.authorization_endpoint',
      'oidc.token_endpoint',
      'oidc.user_info_endpoint',
    ],
    message: 'option.oidc_incomplete',
  }),
  text('oidc.client_id'),
  text('oidc.client_secret'),
  url('oidc.well_known'),
  url('oidc.authorization_endpoint'),
  url('oidc.token_endpoint'),
  url('oidc.user_info_endpoint'),
  flag('EmailDomainRestrictionEnabled', false, {
    requires: ['EmailDomainWhitelist'],
    message: 'option.email_domain_whitelist_empty',
  }),
  flag('EmailAliasRestrictionEnabled', false),
  text('EmailDomainWhitelist', defaultEmailDomains.join(','), { format: 'email-domains' }),
  // SMTP
  text('SMTPServer'),
  number('SMTPPort', 587, { maximum: 65535 }),
  text('SMTPAccount'),
  text('SMTPFrom'),
  text('SMTPToken'),
  flag('SMTPSSLEnabled', false),
  // Site content
  text('Notice'),
  text('SystemName', 'Switchyard'),
  text('Logo'),
  text('Footer'),
  text('About'),
  text('HomePageContent'),
  text('TopUpLink'),
  text('general_setting.docs_link'),
  text('ChatLink'),
  text('ChatLink2'),
  // General
  number('QuotaPerUnit', 500000, decimal({ exclusiveMinimum: true })),
  number('RetryTimes', 0),
  flag('DisplayInCurrencyEnabled', true),
  flag('DisplayTokenStatEnabled', true),
  flag('DefaultCollapseSidebar', false),
  flag('DemoSiteEnabled', false),
  number('USDExchangeRate', 7.3, decimal()),
  flag('SelfUseModeEnabled', false),
  flag('TaskEnabled', true),
  // Drawing
  flag('DrawingEnabled', true),
  flag('MjNotifyEnabled', false),
  flag('MjAccountFilterEnabled', false),
  flag('MjForwardUrlEnabled', true),
  flag('MjModeClearEnabled', false),
  flag('MjActionCheckSuccessEnabled', true),
  // Sensitive words
  flag('CheckSensitiveEnabled', true),
  flag('CheckSensitiveOnPromptEnabled', true),
  flag('CheckSensitiveOnCompletionEnabled', false),
  flag('StopOnSensitiveEnabled', true),
  text('SensitiveWords', 'test_sensitive'),
  // Logs and data dashboard
  flag('LogConsumeEnabled', true),
  number('LogRetentionDays', 0),
  flag('DataExportEnabled', true),
  number('DataExportInterval', 5, { minimum: 1 }),
  text('DataExportDefaultTime', 'hour', { choices: ['hour', 'day', 'week'] }),
  // Monitoring
  number('ChannelDisableThreshold', 5, decimal()),
  number('QuotaRemindThreshold', 1000),
  flag('AutomaticDisableChannelEnabled', false),
  flag('AutomaticEnableChannelEnabled', false),
  text('AutomaticDisableKeywords', defaultAutomaticDisableKeywords.join('\n')),
  // Quota
  number('QuotaForNewUser', 0),
  number('PreConsumedQuota', 500),
  number('QuotaForInviter', 0),
  number('QuotaForInvitee', 0),
  number('StreamCacheQueueLength', 0),
  // Pricing
  json('ModelPrice', defaultModelPrices(), jsonShapes.numberMap),
  json('ModelRatio', defaultModelRatios(), jsonShapes.numberMap),
  json('CacheRatio', defaultCacheRatios(), jsonShapes.numberMap),
  json('CompletionRatio', defaultCompletionRatios(), jsonShapes.numberMap),
  json('GroupRatio', { default: 1, vip: 1, svip: 1 }, jsonShapes.numberMap),
  json('UserUsableGroups', { default: '默认分组', vip: 'vip分组' }, jsonShapes.stringMap),
  json('GroupGroupRatio', {}, jsonShapes.nestedNumberMap),
  flag('DefaultUseAutoGroup', false),
  json('AutoGroups', ['default'], jsonShapes.stringList),
  json('Chats', defaultChats, jsonShapes.chats),
  // Model request rate limit
  flag('ModelRequestRateLimitEnabled', false),
  number('ModelRequestRateLimitCount', 0),
  number('ModelRequestRateLimitSuccessCount', 1000, { minimum: 1 }),
  number('ModelRequestRateLimitDurationMinutes', 1),
  // Model settings
  json('gemini.safety_settings', { default: 'OFF' }, jsonShapes.stringMap),
  json('gemini.version_settings', { default: 'v1beta' }, jsonShapes.stringMap),
  json(
    'gemini.supported_imagine_models',
    ['gemini-2.0-flash-exp-image-generation', 'gemini-2.0-flash-exp'],
    jsonShapes.stringList,
  ),
  flag('gemini.thinking_adapter_enabled', false),
  number('gemini.thinking_adapter_budget_tokens_percentage', 0.6, thinkingPercentage),
  json('claude.model_headers_settings', {}, jsonShapes.headerMap),
  json('claude.default_max_tokens', { default: 8192 }, jsonShapes.positiveIntegerMap),
  flag('claude.thinking_adapter_enabled', true),
  number('claude.thinking_adapter_budget_tokens_percentage', 0.8, thinkingPercentage),
  flag('global.pass_through_request_enabled', false),
  flag('general_setting.ping_interval_enabled', false),
  number('general_setting.ping_interval_seconds', 60, { minimum: 1 }),
  // The system-load guard (new-api's performance monitor; server/src/relay/http/load-guard.ts): percentages,
  // 0 leaves that check out.
  flag('performance_setting.monitor_enabled', false),
  number('performance_setting.monitor_cpu_threshold', 90, { maximum: 100 }),
  number('performance_setting.monitor_memory_threshold', 90, { maximum: 100 }),
  number('performance_setting.monitor_disk_threshold', 95, { maximum: 100 }),
  // Areas of today's new-api, one file each.
  ...SECURITY_OPTIONS,
  ...TRAFFIC_OPTIONS,
  ...AFFINITY_OPTIONS,
  ...AUDIT_OPTIONS,
  ...PRICING_TIER_OPTIONS,
  ...SUBSCRIPTION_OPTIONS,
  ...CHECKIN_OPTIONS,
  ...PAYMENT_OPTIONS,
  ...CATALOGUE_MODEL_OPTIONS,
];

/** Every console-settable option, in the catalogue's order. */
export const optionCatalogue: ReadonlyMap<string, Readonly<OptionDefinition>> = new Map(
  definitions.map((definition) => [definition.key, Object.freeze(definition)]),
);

export function optionDefinition(key: string): Readonly<OptionDefinition> | undefined {
  return optionCatalogue.get(key);
}

/** key → default value, a fresh object on every call. */
export function optionDefaults(): Record<string, string> {
  const defaults: Record<string, string> = {};
  for (const definition of optionCatalogue.values()) defaults[definition.key] = definition.defaultValue;
  return defaults;
}

/** The options restored by POST /api/option/rest_model_ratio. */
export const modelPricingOptionKeys = ['ModelRatio', 'CompletionRatio', 'CacheRatio', 'ModelPrice'] as const;
