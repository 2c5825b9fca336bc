/** The option fields of the system tab (root) and of the other tab (docs/reference/console-screens.md "Settings", docs/reference/console-entities.md Option). */
import type { FieldSpec } from './field-spec.ts';

export const serverFields: FieldSpec[] = [
  {
    key: 'ServerAddress',
    address: true,
    kind: 'text',
    label: 'settings.field.ServerAddress',
    help: 'settings.help.ServerAddress',
    stripSlash: true,
    wide: true,
  },
];

export const workerFields: FieldSpec[] = [
  {
    key: 'WorkerUrl',
    address: true,
    kind: 'text',
    label: 'settings.field.WorkerUrl',
    help: 'settings.help.WorkerUrl',
    stripSlash: true,
  },
  { key: 'WorkerValidKey', kind: 'secret', label: 'settings.field.WorkerValidKey' },
];

export const paymentFields: FieldSpec[] = [
  { key: 'PayAddress', kind: 'text', label: 'settings.field.PayAddress', stripSlash: true, address: true },
  { key: 'EpayId', kind: 'text', label: 'settings.field.EpayId' },
  { key: 'EpayKey', kind: 'secret', label: 'settings.field.EpayKey' },
  { key: 'Price', kind: 'number', label: 'settings.field.Price', step: 0.1 },
  { key: 'MinTopUp', kind: 'number', label: 'settings.field.MinTopUp' },
  {
    key: 'CustomCallbackAddress',
    address: true,
    kind: 'text',
    label: 'settings.field.CustomCallbackAddress',
    help: 'settings.help.CustomCallbackAddress',
    stripSlash: true,
  },
  {
    key: 'TopupGroupRatio',
    kind: 'json',
    label: 'settings.field.TopupGroupRatio',
    help: 'settings.help.TopupGroupRatio',
  },
  { key: 'PayMethods', kind: 'json', label: 'settings.field.PayMethods', help: 'settings.help.PayMethods' },
];

export const loginFields: FieldSpec[] = [
  {
    key: 'PasswordLoginEnabled',
    kind: 'switch',
    label: 'settings.field.PasswordLoginEnabled',
    confirmOff: { title: 'settings.login.confirmOffTitle', content: 'settings.login.confirmOffContent' },
  },
  { key: 'PasswordRegisterEnabled', kind: 'switch', label: 'settings.field.PasswordRegisterEnabled' },
  { key: 'EmailVerificationEnabled', kind: 'switch', label: 'settings.field.EmailVerificationEnabled' },
  { key: 'RegisterEnabled', kind: 'switch', label: 'settings.field.RegisterEnabled' },
  { key: 'GitHubOAuthEnabled', kind: 'switch', label: 'settings.field.GitHubOAuthEnabled' },
  { key: 'oidc.enabled', kind: 'switch', label: 'settings.field.oidcEnabled' },
  { key: 'LinuxDOOAuthEnabled', kind: 'switch', label: 'settings.field.LinuxDOOAuthEnabled' },
  { key: 'WeChatAuthEnabled', kind: 'switch', label: 'settings.field.WeChatAuthEnabled' },
  { key: 'TelegramOAuthEnabled', kind: 'switch', label: 'settings.field.TelegramOAuthEnabled' },
  { key: 'TurnstileCheckEnabled', kind: 'switch', label: 'settings.field.TurnstileCheckEnabled' },
];

export const emailDomainFields: FieldSpec[] = [
  {
    key: 'EmailDomainRestrictionEnabled',
    kind: 'switch',
    label: 'settings.field.EmailDomainRestrictionEnabled',
  },
  {
    key: 'EmailAliasRestrictionEnabled',
    kind: 'switch',
    label: 'settings.field.EmailAliasRestrictionEnabled',
    help: 'settings.help.EmailAliasRestrictionEnabled',
  },
  {
    key: 'EmailDomainWhitelist',
    kind: 'text',
    label: 'settings.field.EmailDomainWhitelist',
    editor: 'domain-list',
    wide: true,
  },
];

export const smtpFields: FieldSpec[] = [
  { key: 'SMTPServer', kind: 'text', label: 'settings.field.SMTPServer' },
  { key: 'SMTPPort', kind: 'number', label: 'settings.field.SMTPPort', max: 65535 },
  { key: 'SMTPAccount', kind: 'text', label: 'settings.field.SMTPAccount' },
  { key: 'SMTPFrom', kind: 'text', label: 'settings.field.SMTPFrom' },
  { key: 'SMTPToken', kind: 'secret', label: 'settings.field.SMTPToken' },
  { key: 'SMTPSSLEnabled', kind: 'switch', label: 'settings.field.SMTPSSLEnabled' },
];

export const oidcFields: FieldSpec[] = [
  {
    key: 'oidc.well_known',
    address: true,
    kind: 'text',
    label: 'settings.field.oidcWellKnown',
    help: 'settings.help.oidcWellKnown',
    wide: true,
  },
  { key: 'oidc.client_id', kind: 'text', label: 'settings.field.oidcClientId' },
  { key: 'oidc.client_secret', kind: 'secret', label: 'settings.field.oidcClientSecret' },
  {
    key: 'oidc.authorization_endpoint',
    kind: 'text',
    label: 'settings.field.oidcAuthorizationEndpoint',
    address: true,
  },
  { key: 'oidc.token_endpoint', kind: 'text', label: 'settings.field.oidcTokenEndpoint', address: true },
  {
    key: 'oidc.user_info_endpoint',
    kind: 'text',
    label: 'settings.field.oidcUserInfoEndpoint',
    address: true,
  },
];

export const githubFields: FieldSpec[] = [
  { key: 'GitHubClientId', kind: 'text', label: 'settings.field.GitHubClientId' },
  { key: 'GitHubClientSecret', kind: 'secret', label: 'settings.field.GitHubClientSecret' },
];

export const linuxDoFields: FieldSpec[] = [
  { key: 'LinuxDOClientId', kind: 'text', label: 'settings.field.LinuxDOClientId' },
  { key: 'LinuxDOClientSecret', kind: 'secret', label: 'settings.field.LinuxDOClientSecret' },
];

export const wechatFields: FieldSpec[] = [
  {
    key: 'WeChatServerAddress',
    kind: 'text',
    label: 'settings.field.WeChatServerAddress',
    stripSlash: true,
    address: true,
  },
  { key: 'WeChatServerToken', kind: 'secret', label: 'settings.field.WeChatServerToken' },
  { key: 'WeChatAccountQRCodeImageURL', kind: 'text', label: 'settings.field.WeChatAccountQRCodeImageURL' },
];

export const telegramFields: FieldSpec[] = [
  { key: 'TelegramBotName', kind: 'text', label: 'settings.field.TelegramBotName' },
  { key: 'TelegramBotToken', kind: 'secret', label: 'settings.field.TelegramBotToken' },
];

export const turnstileFields: FieldSpec[] = [
  { key: 'TurnstileSiteKey', kind: 'text', label: 'settings.field.TurnstileSiteKey' },
  { key: 'TurnstileSecretKey', kind: 'secret', label: 'settings.field.TurnstileSecretKey' },
];

export const noticeFields: FieldSpec[] = [
  { key: 'Notice', kind: 'textarea', label: 'settings.field.Notice', help: 'settings.help.Notice' },
];

export const personalizationFields: FieldSpec[] = [
  { key: 'SystemName', kind: 'text', label: 'settings.field.SystemName' },
  { key: 'Logo', kind: 'text', label: 'settings.field.Logo' },
  {
    key: 'HomePageContent',
    kind: 'textarea',
    label: 'settings.field.HomePageContent',
    help: 'settings.help.HomePageContent',
  },
  { key: 'About', kind: 'textarea', label: 'settings.field.About', help: 'settings.help.About' },
  { key: 'Footer', kind: 'textarea', label: 'settings.field.Footer', help: 'settings.help.Footer' },
];
