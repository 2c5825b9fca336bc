import { AutoComplete, Form, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormInput } from '../../components/FormInput.tsx';
import { ruleOf } from '../../components/form-rules.ts';
import { useStatus } from '../../components/status.tsx';
import type { SettingFormFields } from './AccountSettingsCard.tsx';
import {
  type NotifyType,
  thresholdOptions,
  validateThreshold,
  validateWebhookUrl,
} from './user-setting-rules.ts';

const WEBHOOK_EXAMPLE = `{
  "type": "quota_exceed",
  "title": "…",
  "content": "…",
  "timestamp": 1735689600
}`;

/** Notification method (email or https webhook), warning threshold and where the warning goes. */
export function NotificationSettingsTab({ accountEmail }: { accountEmail: string }) {
  const { t } = useTranslation();
  const status = useStatus();
  const form = Form.useFormInstance<SettingFormFields>();
  const notifyType: NotifyType = Form.useWatch('notify_type', form) ?? 'email';

  const thresholdRule = ruleOf(t, validateThreshold);
  const webhookRule = ruleOf(t, (url) => validateWebhookUrl(notifyType, url));

  return (
    <>
      <Form.Item name="notify_type" label={t('personal.notify.type')}>
        <Radio.Group
          options={[
            { value: 'email', label: t('personal.notify.typeEmail') },
            { value: 'webhook', label: t('personal.notify.typeWebhook') },
          ]}
          data-testid="personal-notify-type"
        />
      </Form.Item>
      <Form.Item
        name="quota_warning_threshold"
        label={t('personal.notify.threshold')}
        extra={t('personal.notify.thresholdHelp')}
        rules={[thresholdRule]}
      >
        <AutoComplete
          options={thresholdOptions(status.quota_per_unit)}
          placeholder={t('personal.notify.thresholdPlaceholder')}
          data-testid="personal-notify-threshold"
        />
      </Form.Item>
      {notifyType === 'email' ? (
        <FormInput
          name="notification_email"
          label={t('personal.notify.email')}
          extra={t('personal.notify.emailHelp')}
          rules={[{ type: 'email', message: t('personal.notify.emailInvalid') }]}
          placeholder={accountEmail || t('personal.notify.emailPlaceholder')}
          autoComplete="email"
          testId="personal-notify-email"
        />
      ) : (
        <>
          <FormInput
            name="webhook_url"
            label={t('personal.notify.webhookUrl')}
            rules={[webhookRule]}
            extra={t('personal.notify.webhookUrlHelp')}
            placeholder="https://example.com/webhook"
            testId="personal-notify-webhook-url"
          />
          <FormInput
            name="webhook_secret"
            label={t('personal.notify.webhookSecret')}
            extra={t('personal.notify.webhookSecretHelp')}
            password
            placeholder={t('personal.notify.webhookSecretPlaceholder')}
            autoComplete="new-password"
            testId="personal-notify-webhook-secret"
          />
          <Typography.Text type="secondary">{t('personal.notify.webhookFormat')}</Typography.Text>
          <pre style={{ fontSize: 12, marginTop: 8 }}>{WEBHOOK_EXAMPLE}</pre>
        </>
      )}
    </>
  );
}
