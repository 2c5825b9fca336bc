/** The option fields of the operation tab, section by section (docs/reference/console-screens.md "Settings", docs/reference/console-entities.md Option). */
import { type FieldSpec, optionField } from './field-spec.ts';

export const generalFields: FieldSpec[] = [
  optionField('TopUpLink', 'text'),
  optionField('general_setting.docs_link', 'text', { name: 'docsLink' }),
  optionField('QuotaPerUnit', 'number', { help: true, min: 0.000001, step: 1000 }),
  optionField('USDExchangeRate', 'number', { step: 0.1 }),
  optionField('RetryTimes', 'number'),
  optionField('StreamCacheQueueLength', 'number', { help: true }),
  optionField('DisplayInCurrencyEnabled', 'switch'),
  optionField('DisplayTokenStatEnabled', 'switch'),
  optionField('DefaultCollapseSidebar', 'switch'),
  optionField('TaskEnabled', 'switch'),
  optionField('DemoSiteEnabled', 'switch'),
  optionField('SelfUseModeEnabled', 'switch', { help: true }),
];

export const groupFields: FieldSpec[] = [
  optionField('GroupRatio', 'json', { help: true }),
  optionField('UserUsableGroups', 'json', { help: true }),
  optionField('GroupGroupRatio', 'json', { help: true }),
  optionField('AutoGroups', 'json', { help: true }),
  optionField('DefaultUseAutoGroup', 'switch'),
];

export const chatFields: FieldSpec[] = [
  optionField('Chats', 'json', { help: true }),
  optionField('ChatLink', 'text'),
  optionField('ChatLink2', 'text'),
];

export const drawingFields: FieldSpec[] = [
  optionField('DrawingEnabled', 'switch'),
  // Callbacks and forwarded image links are built from ServerAddress (docs/tasks.md): the help says so.
  optionField('MjNotifyEnabled', 'switch', { help: true }),
  optionField('MjAccountFilterEnabled', 'switch'),
  optionField('MjForwardUrlEnabled', 'switch', { help: true }),
  optionField('MjModeClearEnabled', 'switch'),
  optionField('MjActionCheckSuccessEnabled', 'switch'),
];

export const sensitiveFields: FieldSpec[] = [
  optionField('CheckSensitiveEnabled', 'switch'),
  optionField('CheckSensitiveOnPromptEnabled', 'switch'),
  optionField('CheckSensitiveOnCompletionEnabled', 'switch'),
  optionField('StopOnSensitiveEnabled', 'switch'),
  optionField('SensitiveWords', 'textarea', { help: true }),
];

export const logFields: FieldSpec[] = [
  optionField('LogConsumeEnabled', 'switch'),
  optionField('LogRetentionDays', 'number', { help: true }),
];

export const dashboardFields: FieldSpec[] = [
  optionField('DataExportEnabled', 'switch'),
  optionField('DataExportInterval', 'number', { min: 1, enabledBy: 'DataExportEnabled' }),
  optionField('DataExportDefaultTime', 'select', {
    enabledBy: 'DataExportEnabled',
    choices: [
      { value: 'hour', label: 'settings.choice.hour' },
      { value: 'day', label: 'settings.choice.day' },
      { value: 'week', label: 'settings.choice.week' },
    ],
  }),
];

export const monitoringFields: FieldSpec[] = [
  optionField('ChannelDisableThreshold', 'number', { step: 0.5 }),
  optionField('QuotaRemindThreshold', 'number'),
  optionField('AutomaticDisableChannelEnabled', 'switch'),
  optionField('AutomaticEnableChannelEnabled', 'switch'),
  optionField('AutomaticDisableKeywords', 'textarea', { help: true }),
];

/** Daily check-in (docs/checkin.md): new-api's checkin_setting.* options; texts in i18n/parts/checkin.*.json. */
export const checkinFields: FieldSpec[] = [
  { key: 'checkin_setting.enabled', kind: 'switch', label: 'checkin.settings.enabled' },
  {
    key: 'checkin_setting.min_quota',
    kind: 'number',
    label: 'checkin.settings.minQuota',
    help: 'checkin.settings.quotaHelp',
    min: 0,
    step: 1000,
  },
  {
    key: 'checkin_setting.max_quota',
    kind: 'number',
    label: 'checkin.settings.maxQuota',
    help: 'checkin.settings.quotaHelp',
    min: 0,
    step: 1000,
  },
];

/** The check-in section's check before saving: a translation key when the smallest reward is above the largest. */
export function checkinRangeProblem(values: Readonly<Record<string, unknown>>): string | null {
  const low = values['checkin_setting.min_quota'];
  const high = values['checkin_setting.max_quota'];
  if (low === '' || low == null || high === '' || high == null) return null;
  return Number(low) > Number(high) ? 'checkin.settings.rangeInverted' : null;
}

export const quotaFields: FieldSpec[] = [
  optionField('QuotaForNewUser', 'number'),
  optionField('PreConsumedQuota', 'number'),
  optionField('QuotaForInviter', 'number'),
  optionField('QuotaForInvitee', 'number'),
];

/** The JSON sub-tab of the model ratios. */
export const modelRatioFields: FieldSpec[] = [
  optionField('ModelPrice', 'json', { help: true }),
  optionField('ModelRatio', 'json', { help: true }),
  optionField('CacheRatio', 'json', { help: true }),
  optionField('CompletionRatio', 'json', { help: true }),
];

export const rateLimitFields: FieldSpec[] = [
  optionField('ModelRequestRateLimitEnabled', 'switch', { wide: true }),
  optionField('ModelRequestRateLimitDurationMinutes', 'number', { help: true }),
  optionField('ModelRequestRateLimitCount', 'number', { help: true }),
  optionField('ModelRequestRateLimitSuccessCount', 'number', { help: true, min: 1 }),
];

const thinkingPercentage = { min: 0.1, max: 1, step: 0.1 } as const;

export const globalModelFields: FieldSpec[] = [
  optionField('global.pass_through_request_enabled', 'switch', { name: 'passThrough', help: true }),
  optionField('general_setting.ping_interval_enabled', 'switch', { name: 'pingEnabled' }),
  optionField('general_setting.ping_interval_seconds', 'number', {
    name: 'pingSeconds',
    help: true,
    min: 1,
    enabledBy: 'general_setting.ping_interval_enabled',
  }),
];

export const geminiFields: FieldSpec[] = [
  optionField('gemini.safety_settings', 'json', { name: 'geminiSafety' }),
  optionField('gemini.version_settings', 'json', { name: 'geminiVersion' }),
  optionField('gemini.supported_imagine_models', 'json', { name: 'geminiImagineModels' }),
  optionField('gemini.thinking_adapter_enabled', 'switch', { name: 'thinkingAdapter' }),
  optionField('gemini.thinking_adapter_budget_tokens_percentage', 'number', {
    name: 'thinkingPercentage',
    help: 'settings.help.geminiThinkingPercentage',
    enabledBy: 'gemini.thinking_adapter_enabled',
    ...thinkingPercentage,
  }),
];

export const claudeFields: FieldSpec[] = [
  optionField('claude.model_headers_settings', 'json', { name: 'claudeHeaders', help: true }),
  optionField('claude.default_max_tokens', 'json', { name: 'claudeMaxTokens', help: true }),
  optionField('claude.thinking_adapter_enabled', 'switch', { name: 'thinkingAdapter' }),
  optionField('claude.thinking_adapter_budget_tokens_percentage', 'number', {
    name: 'thinkingPercentage',
    help: 'settings.help.claudeThinkingPercentage',
    enabledBy: 'claude.thinking_adapter_enabled',
    ...thinkingPercentage,
  }),
];
