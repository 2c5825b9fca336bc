/** The option fields of the operation tab, section by section (docs/reference/console-screens.md "Settings", docs/reference/console-entities.md Option). */
import type { FieldSpec } from './field-spec.ts';

export const generalFields: FieldSpec[] = [
  { key: 'TopUpLink', kind: 'text', label: 'settings.field.TopUpLink' },
  { key: 'general_setting.docs_link', kind: 'text', label: 'settings.field.docsLink' },
  {
    key: 'QuotaPerUnit',
    kind: 'number',
    label: 'settings.field.QuotaPerUnit',
    help: 'settings.help.QuotaPerUnit',
    min: 0.000001,
    step: 1000,
  },
  { key: 'USDExchangeRate', kind: 'number', label: 'settings.field.USDExchangeRate', step: 0.1 },
  { key: 'RetryTimes', kind: 'number', label: 'settings.field.RetryTimes' },
  {
    key: 'StreamCacheQueueLength',
    kind: 'number',
    label: 'settings.field.StreamCacheQueueLength',
    help: 'settings.help.StreamCacheQueueLength',
  },
  { key: 'DisplayInCurrencyEnabled', kind: 'switch', label: 'settings.field.DisplayInCurrencyEnabled' },
  { key: 'DisplayTokenStatEnabled', kind: 'switch', label: 'settings.field.DisplayTokenStatEnabled' },
  { key: 'DefaultCollapseSidebar', kind: 'switch', label: 'settings.field.DefaultCollapseSidebar' },
  { key: 'TaskEnabled', kind: 'switch', label: 'settings.field.TaskEnabled' },
  { key: 'DemoSiteEnabled', kind: 'switch', label: 'settings.field.DemoSiteEnabled' },
  {
    key: 'SelfUseModeEnabled',
    kind: 'switch',
    label: 'settings.field.SelfUseModeEnabled',
    help: 'settings.help.SelfUseModeEnabled',
  },
];

export const groupFields: FieldSpec[] = [
  { key: 'GroupRatio', kind: 'json', label: 'settings.field.GroupRatio', help: 'settings.help.GroupRatio' },
  {
    key: 'UserUsableGroups',
    kind: 'json',
    label: 'settings.field.UserUsableGroups',
    help: 'settings.help.UserUsableGroups',
  },
  {
    key: 'GroupGroupRatio',
    kind: 'json',
    label: 'settings.field.GroupGroupRatio',
    help: 'settings.help.GroupGroupRatio',
  },
  { key: 'AutoGroups', kind: 'json', label: 'settings.field.AutoGroups', help: 'settings.help.AutoGroups' },
  { key: 'DefaultUseAutoGroup', kind: 'switch', label: 'settings.field.DefaultUseAutoGroup' },
];

export const chatFields: FieldSpec[] = [
  { key: 'Chats', kind: 'json', label: 'settings.field.Chats', help: 'settings.help.Chats' },
  { key: 'ChatLink', kind: 'text', label: 'settings.field.ChatLink' },
  { key: 'ChatLink2', kind: 'text', label: 'settings.field.ChatLink2' },
];

export const drawingFields: FieldSpec[] = [
  { key: 'DrawingEnabled', kind: 'switch', label: 'settings.field.DrawingEnabled' },
  { key: 'MjNotifyEnabled', kind: 'switch', label: 'settings.field.MjNotifyEnabled' },
  { key: 'MjAccountFilterEnabled', kind: 'switch', label: 'settings.field.MjAccountFilterEnabled' },
  { key: 'MjForwardUrlEnabled', kind: 'switch', label: 'settings.field.MjForwardUrlEnabled' },
  { key: 'MjModeClearEnabled', kind: 'switch', label: 'settings.field.MjModeClearEnabled' },
  { key: 'MjActionCheckSuccessEnabled', kind: 'switch', label: 'settings.field.MjActionCheckSuccessEnabled' },
];

export const sensitiveFields: FieldSpec[] = [
  { key: 'CheckSensitiveEnabled', kind: 'switch', label: 'settings.field.CheckSensitiveEnabled' },
  {
    key: 'CheckSensitiveOnPromptEnabled',
    kind: 'switch',
    label: 'settings.field.CheckSensitiveOnPromptEnabled',
  },
  {
    key: 'CheckSensitiveOnCompletionEnabled',
    kind: 'switch',
    label: 'settings.field.CheckSensitiveOnCompletionEnabled',
  },
  { key: 'StopOnSensitiveEnabled', kind: 'switch', label: 'settings.field.StopOnSensitiveEnabled' },
  {
    key: 'SensitiveWords',
    kind: 'textarea',
    label: 'settings.field.SensitiveWords',
    help: 'settings.help.SensitiveWords',
  },
];

export const logFields: FieldSpec[] = [
  { key: 'LogConsumeEnabled', kind: 'switch', label: 'settings.field.LogConsumeEnabled' },
  {
    key: 'LogRetentionDays',
    kind: 'number',
    label: 'settings.field.LogRetentionDays',
    help: 'settings.help.LogRetentionDays',
  },
];

export const dashboardFields: FieldSpec[] = [
  { key: 'DataExportEnabled', kind: 'switch', label: 'settings.field.DataExportEnabled' },
  {
    key: 'DataExportInterval',
    kind: 'number',
    label: 'settings.field.DataExportInterval',
    min: 1,
    enabledBy: 'DataExportEnabled',
  },
  {
    key: 'DataExportDefaultTime',
    kind: 'select',
    label: 'settings.field.DataExportDefaultTime',
    enabledBy: 'DataExportEnabled',
    choices: [
      { value: 'hour', label: 'settings.choice.hour' },
      { value: 'day', label: 'settings.choice.day' },
      { value: 'week', label: 'settings.choice.week' },
    ],
  },
];

export const monitoringFields: FieldSpec[] = [
  {
    key: 'ChannelDisableThreshold',
    kind: 'number',
    label: 'settings.field.ChannelDisableThreshold',
    step: 0.5,
  },
  { key: 'QuotaRemindThreshold', kind: 'number', label: 'settings.field.QuotaRemindThreshold' },
  {
    key: 'AutomaticDisableChannelEnabled',
    kind: 'switch',
    label: 'settings.field.AutomaticDisableChannelEnabled',
  },
  {
    key: 'AutomaticEnableChannelEnabled',
    kind: 'switch',
    label: 'settings.field.AutomaticEnableChannelEnabled',
  },
  {
    key: 'AutomaticDisableKeywords',
    kind: 'textarea',
    label: 'settings.field.AutomaticDisableKeywords',
    help: 'settings.help.AutomaticDisableKeywords',
  },
];

export const quotaFields: FieldSpec[] = [
  { key: 'QuotaForNewUser', kind: 'number', label: 'settings.field.QuotaForNewUser' },
  { key: 'PreConsumedQuota', kind: 'number', label: 'settings.field.PreConsumedQuota' },
  { key: 'QuotaForInviter', kind: 'number', label: 'settings.field.QuotaForInviter' },
  { key: 'QuotaForInvitee', kind: 'number', label: 'settings.field.QuotaForInvitee' },
];

/** The JSON sub-tab of the model ratios. */
export const modelRatioFields: FieldSpec[] = [
  { key: 'ModelPrice', kind: 'json', label: 'settings.field.ModelPrice', help: 'settings.help.ModelPrice' },
  { key: 'ModelRatio', kind: 'json', label: 'settings.field.ModelRatio', help: 'settings.help.ModelRatio' },
  { key: 'CacheRatio', kind: 'json', label: 'settings.field.CacheRatio', help: 'settings.help.CacheRatio' },
  {
    key: 'CompletionRatio',
    kind: 'json',
    label: 'settings.field.CompletionRatio',
    help: 'settings.help.CompletionRatio',
  },
];

export const rateLimitFields: FieldSpec[] = [
  {
    key: 'ModelRequestRateLimitEnabled',
    kind: 'switch',
    label: 'settings.field.ModelRequestRateLimitEnabled',
    wide: true,
  },
  {
    key: 'ModelRequestRateLimitDurationMinutes',
    kind: 'number',
    label: 'settings.field.ModelRequestRateLimitDurationMinutes',
    help: 'settings.help.ModelRequestRateLimitDurationMinutes',
  },
  {
    key: 'ModelRequestRateLimitCount',
    kind: 'number',
    label: 'settings.field.ModelRequestRateLimitCount',
    help: 'settings.help.ModelRequestRateLimitCount',
  },
  {
    key: 'ModelRequestRateLimitSuccessCount',
    kind: 'number',
    label: 'settings.field.ModelRequestRateLimitSuccessCount',
    help: 'settings.help.ModelRequestRateLimitSuccessCount',
    min: 1,
  },
];

const thinkingPercentage = { min: 0.1, max: 1, step: 0.1 } as const;

export const globalModelFields: FieldSpec[] = [
  {
    key: 'global.pass_through_request_enabled',
    kind: 'switch',
    label: 'settings.field.passThrough',
    help: 'settings.help.passThrough',
  },
  { key: 'general_setting.ping_interval_enabled', kind: 'switch', label: 'settings.field.pingEnabled' },
  {
    key: 'general_setting.ping_interval_seconds',
    kind: 'number',
    label: 'settings.field.pingSeconds',
    help: 'settings.help.pingSeconds',
    min: 1,
    enabledBy: 'general_setting.ping_interval_enabled',
  },
];

export const geminiFields: FieldSpec[] = [
  { key: 'gemini.safety_settings', kind: 'json', label: 'settings.field.geminiSafety' },
  { key: 'gemini.version_settings', kind: 'json', label: 'settings.field.geminiVersion' },
  { key: 'gemini.supported_imagine_models', kind: 'json', label: 'settings.field.geminiImagineModels' },
  { key: 'gemini.thinking_adapter_enabled', kind: 'switch', label: 'settings.field.thinkingAdapter' },
  {
    key: 'gemini.thinking_adapter_budget_tokens_percentage',
    kind: 'number',
    label: 'settings.field.thinkingPercentage',
    help: 'settings.help.geminiThinkingPercentage',
    enabledBy: 'gemini.thinking_adapter_enabled',
    ...thinkingPercentage,
  },
];

export const claudeFields: FieldSpec[] = [
  {
    key: 'claude.model_headers_settings',
    kind: 'json',
    label: 'settings.field.claudeHeaders',
    help: 'settings.help.claudeHeaders',
  },
  {
    key: 'claude.default_max_tokens',
    kind: 'json',
    label: 'settings.field.claudeMaxTokens',
    help: 'settings.help.claudeMaxTokens',
  },
  { key: 'claude.thinking_adapter_enabled', kind: 'switch', label: 'settings.field.thinkingAdapter' },
  {
    key: 'claude.thinking_adapter_budget_tokens_percentage',
    kind: 'number',
    label: 'settings.field.thinkingPercentage',
    help: 'settings.help.claudeThinkingPercentage',
    enabledBy: 'claude.thinking_adapter_enabled',
    ...thinkingPercentage,
  },
];
