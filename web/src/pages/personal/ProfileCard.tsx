import { Button, Card, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserView } from '../../../../common/api-types.ts';
import { DISPLAY_NAME_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../../../../common/limits.ts';
import { showSuccess } from '../../components/feedback.ts';
import { useSession } from '../../components/session.tsx';
import { validateUsername } from './personal-rules.ts';
import { useUpdateSelf } from './use-personal.ts';

interface ProfileValues {
  username: string;
  display_name: string;
}

export interface ProfileCardProps {
  user: UserView;
}

/** Edits the caller's own display name and username (docs/reference/console-roles.md). */
export function ProfileCard({ user }: ProfileCardProps) {
  const { t } = useTranslation();
  const session = useSession();
  const [form] = Form.useForm<ProfileValues>();
  const updateSelfMutation = useUpdateSelf();

  useEffect(() => {
    form.setFieldsValue({ username: user.username, display_name: user.display_name });
  }, [form, user.username, user.display_name]);

  const submit = (values: ProfileValues) => {
    const profile = { username: values.username.trim(), display_name: values.display_name?.trim() ?? '' };
    updateSelfMutation.mutate(profile, {
      onSuccess: () => {
        showSuccess(t('personal.profile.success'));
        if (session.user) session.setUser({ ...session.user, ...profile });
      },
    });
  };

  const usernameRule = {
    validator: (_rule: unknown, value: string | undefined) => {
      const error = validateUsername(value ?? '');
      return error ? Promise.reject(new Error(t(error))) : Promise.resolve();
    },
  };

  return (
    <Card title={t('personal.profile.title')}>
      <Form form={form} layout="vertical" onFinish={submit} data-testid="personal-profile-form">
        <Form.Item name="username" label={t('personal.profile.username')} rules={[usernameRule]}>
          <Input
            maxLength={USERNAME_MAX_LENGTH}
            placeholder={t('personal.profile.usernamePlaceholder')}
            autoComplete="username"
            data-testid="personal-profile-username"
          />
        </Form.Item>
        <Form.Item name="display_name" label={t('personal.profile.displayName')}>
          <Input
            maxLength={DISPLAY_NAME_MAX_LENGTH}
            placeholder={t('personal.profile.displayNamePlaceholder')}
            autoComplete="nickname"
            data-testid="personal-profile-display-name"
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={updateSelfMutation.isPending}
          data-testid="personal-profile-save"
        >
          {t('personal.profile.save')}
        </Button>
      </Form>
    </Card>
  );
}
