import { Button, Card, Form } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserView } from '../../../../common/api-types.ts';
import { showSuccess } from '../../components/feedback.ts';
import { ruleOf } from '../../components/form-rules.ts';
import { useSession } from '../../components/session.tsx';
import { UserNameFields } from '../../components/UserNameFields.tsx';
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

  return (
    <Card title={t('personal.profile.title')}>
      <Form form={form} layout="vertical" onFinish={submit} data-testid="personal-profile-form">
        <UserNameFields
          labels={{
            username: t('personal.profile.username'),
            displayName: t('personal.profile.displayName'),
          }}
          placeholders={{
            username: t('personal.profile.usernamePlaceholder'),
            displayName: t('personal.profile.displayNamePlaceholder'),
          }}
          usernameRules={[ruleOf(t, validateUsername)]}
          testIdPrefix="personal-profile"
        />
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
