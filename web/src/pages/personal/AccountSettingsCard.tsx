import { SaveOutlined } from '@ant-design/icons';
import { Button, Card, Form, Tabs } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserView } from '../../../../common/api-types.ts';
import { showSuccess } from '../../components/feedback.ts';
import { NotificationSettingsTab } from './NotificationSettingsTab.tsx';
import { PriceSettingsTab } from './PriceSettingsTab.tsx';
import { PrivacySettingsTab } from './PrivacySettingsTab.tsx';
import { useUpdateUserSetting } from './use-personal.ts';
import { buildSettingPayload, parseUserSetting, type SettingFormValues } from './user-setting-rules.ts';

export type SettingFormFields = Omit<SettingFormValues, 'quota_warning_threshold'> & {
  quota_warning_threshold: string;
};

export interface AccountSettingsCardProps {
  user: UserView;
}

function formFields(settingText: string): SettingFormFields {
  const setting = parseUserSetting(settingText);
  return { ...setting, quota_warning_threshold: String(setting.quota_warning_threshold) };
}

/** The notification, price and privacy settings tabs, saved together by PUT /api/user/setting. */
export function AccountSettingsCard({ user }: AccountSettingsCardProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SettingFormFields>();
  const saveMutation = useUpdateUserSetting();

  useEffect(() => {
    form.setFieldsValue(formFields(user.setting));
  }, [form, user.setting]);

  const submit = () => {
    // Every field, including those of the hidden notification method, so switching methods loses nothing.
    const values = { ...formFields(user.setting), ...form.getFieldsValue(true) };
    saveMutation.mutate(buildSettingPayload(values), {
      onSuccess: () => {
        showSuccess(t('personal.settings.saved'));
        form.setFieldValue('webhook_secret', '');
      },
    });
  };

  return (
    <Card title={t('personal.settings.title')}>
      <Form<SettingFormFields>
        form={form}
        layout="vertical"
        initialValues={formFields(user.setting)}
        onFinish={submit}
        data-testid="personal-settings-form"
      >
        <Tabs
          items={[
            {
              key: 'notification',
              label: t('personal.settings.notificationTab'),
              forceRender: true,
              children: <NotificationSettingsTab accountEmail={user.email} />,
            },
            {
              key: 'price',
              label: t('personal.settings.priceTab'),
              forceRender: true,
              children: <PriceSettingsTab />,
            },
            {
              key: 'privacy',
              label: t('personal.settings.privacyTab'),
              forceRender: true,
              children: <PrivacySettingsTab />,
            },
          ]}
        />
        <Button
          type="primary"
          htmlType="submit"
          icon={<SaveOutlined />}
          loading={saveMutation.isPending}
          data-testid="personal-settings-save"
        >
          {t('personal.settings.save')}
        </Button>
      </Form>
    </Card>
  );
}
