/** The option fields of the system tab (root) and of the other tab (docs/reference/console-screens.md "Settings", docs/reference/console-entities.md Option). */
import { type FieldSpec, optionField } from './field-spec.ts';

export const serverFields: FieldSpec[] = [
  optionField('ServerAddress', 'text', { help: true, address: true, stripSlash: true, wide: true }),
];

export const workerFields: FieldSpec[] = [
  optionField('WorkerUrl', 'text', { help: true, address: true, stripSlash: true }),
  optionField('WorkerValidKey', 'secret'),
];

export const paymentFields: FieldSpec[] = [
  optionField('PayAddress', 'text', { stripSlash: true, address: true }),
  optionField('EpayId', 'text'),
  optionField('EpayKey', 'secret'),
  optionField('Price', 'number', { step: 0.1 }),
  optionField('MinTopUp', 'number'),
  optionField('CustomCallbackAddress', 'text', { help: true, address: true, stripSlash: true }),
  optionField('TopupGroupRatio', 'json', { help: true }),
  optionField('PayMethods', 'json', { help: true }),
];

export const loginFields: FieldSpec[] = [
  optionField('PasswordLoginEnabled', 'switch', {
    confirmOff: { title: 'settings.login.confirmOffTitle', content: 'settings.login.confirmOffContent' },
  }),
  optionField('PasswordRegisterEnabled', 'switch'),
  optionField('EmailVerificationEnabled', 'switch'),
  optionField('RegisterEnabled', 'switch'),
  optionField('GitHubOAuthEnabled', 'switch'),
  optionField('oidc.enabled', 'switch', { name: 'oidcEnabled' }),
  optionField('LinuxDOOAuthEnabled', 'switch'),
  optionField('WeChatAuthEnabled', 'switch'),
  optionField('TelegramOAuthEnabled', 'switch'),
  optionField('TurnstileCheckEnabled', 'switch'),
];

export const emailDomainFields: FieldSpec[] = [
  optionField('EmailDomainRestrictionEnabled', 'switch'),
  optionField('EmailAliasRestrictionEnabled', 'switch', { help: true }),
  optionField('EmailDomainWhitelist', 'text', { editor: 'domain-list', wide: true }),
];

export const smtpFields: FieldSpec[] = [
  optionField('SMTPServer', 'text'),
  optionField('SMTPPort', 'number', { max: 65535 }),
  optionField('SMTPAccount', 'text'),
  optionField('SMTPFrom', 'text'),
  optionField('SMTPToken', 'secret'),
  optionField('SMTPSSLEnabled', 'switch'),
];

export const oidcFields: FieldSpec[] = [
  optionField('oidc.well_known', 'text', { name: 'oidcWellKnown', help: true, address: true, wide: true }),
  optionField('oidc.client_id', 'text', { name: 'oidcClientId' }),
  optionField('oidc.client_secret', 'secret', { name: 'oidcClientSecret' }),
  optionField('oidc.authorization_endpoint', 'text', { name: 'oidcAuthorizationEndpoint', address: true }),
  optionField('oidc.token_endpoint', 'text', { name: 'oidcTokenEndpoint', address: true }),
  optionField('oidc.user_info_endpoint', 'text', { name: 'oidcUserInfoEndpoint', address: true }),
];

export const githubFields: FieldSpec[] = [
  optionField('GitHubClientId', 'text'),
  optionField('GitHubClientSecret', 'secret'),
];

export const linuxDoFields: FieldSpec[] = [
  optionField('LinuxDOClientId', 'text'),
  optionField('LinuxDOClientSecret', 'secret'),
];

export const wechatFields: FieldSpec[] = [
  optionField('WeChatServerAddress', 'text', { stripSlash: true, address: true }),
  optionField('WeChatServerToken', 'secret'),
  optionField('WeChatAccountQRCodeImageURL', 'text'),
];

export const telegramFields: FieldSpec[] = [
  optionField('TelegramBotName', 'text'),
  optionField('TelegramBotToken', 'secret'),
];

export const turnstileFields: FieldSpec[] = [
  optionField('TurnstileSiteKey', 'text'),
  optionField('TurnstileSecretKey', 'secret'),
];

export const noticeFields: FieldSpec[] = [optionField('Notice', 'textarea', { help: true })];

export const personalizationFields: FieldSpec[] = [
  optionField('SystemName', 'text'),
  optionField('Logo', 'text'),
  optionField('HomePageContent', 'textarea', { help: true }),
  optionField('About', 'textarea', { help: true }),
  optionField('Footer', 'textarea', { help: true }),
];

/**
 * The system-load guard (new-api's performance monitor): relay calls answer 503 while CPU, memory or disk use
 * is above its threshold (server/src/relay/http/load-guard.ts). Texts in parts/load-guard.*.json.
 */
const threshold = (key: string, label: string): FieldSpec => ({
  ...optionField(key, 'number', {
    help: 'loadGuard.help.threshold',
    min: 0,
    max: 100,
    step: 1,
    enabledBy: 'performance_setting.monitor_enabled',
  }),
  label,
});

export const loadGuardFields: FieldSpec[] = [
  {
    ...optionField('performance_setting.monitor_enabled', 'switch', { help: 'loadGuard.help.enabled' }),
    label: 'loadGuard.field.enabled',
  },
  threshold('performance_setting.monitor_cpu_threshold', 'loadGuard.field.cpuThreshold'),
  threshold('performance_setting.monitor_memory_threshold', 'loadGuard.field.memoryThreshold'),
  threshold('performance_setting.monitor_disk_threshold', 'loadGuard.field.diskThreshold'),
];
