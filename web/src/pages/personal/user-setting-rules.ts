/**
 * Rules of the notification, price and privacy settings tabs (docs/reference/console-entities.md "User setting", docs/reference/console-validation.md "Webhook URL must be
 * https", docs/reference/console-constants.md threshold presets). Validators return the i18n key of their message, or null.
 */
import type { UserSetting } from '../../../../common/api-types.ts';
import { effectiveQuotaPerUnit } from '../../components/quota-settings.ts';

export type NotifyType = 'email' | 'webhook';

/** Quota warning threshold presets (docs/reference/console-constants.md). */
export const QUOTA_WARNING_PRESETS = [100_000, 500_000, 1_000_000, 5_000_000] as const;
/** The threshold stored when none is set. */
export const DEFAULT_QUOTA_WARNING_THRESHOLD = 500_000;

export type SettingFormValues = Required<UserSetting>;

export const DEFAULT_SETTING: SettingFormValues = {
  notify_type: 'email',
  quota_warning_threshold: DEFAULT_QUOTA_WARNING_THRESHOLD,
  webhook_url: '',
  webhook_secret: '',
  notification_email: '',
  accept_unset_model_ratio_model: false,
  record_ip_log: false,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The form values held in users.setting (JSON text); missing or broken fields take their defaults. */
export function parseUserSetting(text: string | null | undefined): SettingFormValues {
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!isRecord(parsed)) return { ...DEFAULT_SETTING };
  const threshold = parsed.quota_warning_threshold;
  return {
    notify_type: parsed.notify_type === 'webhook' ? 'webhook' : 'email',
    quota_warning_threshold:
      typeof threshold === 'number' && Number.isFinite(threshold) && threshold >= 0
        ? threshold
        : DEFAULT_QUOTA_WARNING_THRESHOLD,
    webhook_url: typeof parsed.webhook_url === 'string' ? parsed.webhook_url : '',
    webhook_secret: '',
    notification_email: typeof parsed.notification_email === 'string' ? parsed.notification_email : '',
    accept_unset_model_ratio_model: parsed.accept_unset_model_ratio_model === true,
    record_ip_log: parsed.record_ip_log === true,
  };
}

/** A threshold typed by hand: a non-negative whole number of quota units, else null. */
export function parseThreshold(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const number = Math.floor(Number(text));
  return Number.isSafeInteger(number) ? number : null;
}

export function validateThreshold(value: string | number | null | undefined): string | null {
  return parseThreshold(value) === null ? 'personal.notify.thresholdInvalid' : null;
}

/** The webhook address is required for webhook notifications and must be an https URL. */
export function validateWebhookUrl(notifyType: NotifyType, url: string): string | null {
  if (notifyType !== 'webhook') return null;
  const trimmed = url.trim();
  if (trimmed === '') return 'personal.notify.webhookUrlRequired';
  try {
    return new URL(trimmed).protocol === 'https:' ? null : 'personal.notify.webhookHttps';
  } catch {
    return 'personal.notify.webhookHttps';
  }
}

/** What PUT /api/user/setting receives: trimmed texts, a whole threshold; an empty secret keeps the stored one. */
export function buildSettingPayload(
  values: Omit<SettingFormValues, 'quota_warning_threshold'> & { quota_warning_threshold: string | number },
): SettingFormValues {
  return {
    notify_type: values.notify_type,
    quota_warning_threshold:
      parseThreshold(values.quota_warning_threshold) ?? DEFAULT_QUOTA_WARNING_THRESHOLD,
    webhook_url: values.webhook_url.trim(),
    webhook_secret: values.webhook_secret,
    notification_email: values.notification_email.trim(),
    accept_unset_model_ratio_model: values.accept_unset_model_ratio_model,
    record_ip_log: values.record_ip_log,
  };
}

export interface ThresholdOption {
  value: string;
  /** The quota and its dollar value, e.g. '500000 ($1.00)'. */
  label: string;
}

/** The threshold presets as choices, each with its dollar value at the site's quota per unit. */
export function thresholdOptions(quotaPerUnit: number): ThresholdOption[] {
  const perUnit = effectiveQuotaPerUnit(quotaPerUnit);
  return QUOTA_WARNING_PRESETS.map((quota) => ({
    value: String(quota),
    label: `${quota} ($${(quota / perUnit).toFixed(2)})`,
  }));
}
