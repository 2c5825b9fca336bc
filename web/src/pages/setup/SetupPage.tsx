import { QuestionCircleOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Radio, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SetupStatus } from '../../../../common/api-types.ts';
import { getSetup, postSetup } from '../../api/status.ts';
import { AuthCard, SubmitButton } from '../../components/AuthCard.tsx';
import { FormInput } from '../../components/FormInput.tsx';
import { showError, showSuccess } from '../../components/feedback.ts';
import { NewPasswordFields } from '../../components/NewPasswordFields.tsx';
import { i18n } from '../../i18n/index.ts';
import { UsageModeHelp } from './UsageModeHelp.tsx';

type UsageMode = 'external' | 'self' | 'demo';

interface SetupFormValues {
  username?: string;
  password?: string;
  confirmPassword?: string;
  usageMode: UsageMode;
}

/** The page reloads this long after a successful setup (docs/reference/console-screens.md "Setup"). */
const RELOAD_DELAY_MS = 1500;

async function fetchSetupStatus(): Promise<SetupStatus> {
  const reply = await getSetup();
  if (!reply.success || !reply.data) {
    const message = reply.message || i18n.t('setup.fetchFailed');
    showError(message);
    throw new Error(message);
  }
  return reply.data;
}

/** First-run initialization: the root account (unless it exists) and the usage mode. */
export function SetupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<SetupFormValues>();
  const [helpOpen, setHelpOpen] = useState(false);
  const setupQuery = useQuery({ queryKey: ['setup'], queryFn: fetchSetupStatus, retry: false });
  const setup = setupQuery.data;

  useEffect(() => {
    if (setup?.status) navigate('/', { replace: true });
  }, [setup, navigate]);

  const mutation = useMutation({
    mutationFn: (values: SetupFormValues) =>
      postSetup({
        username: values.username?.trim() ?? '',
        password: values.password ?? '',
        confirmPassword: values.confirmPassword ?? '',
        SelfUseModeEnabled: values.usageMode === 'self',
        DemoSiteEnabled: values.usageMode === 'demo',
      }),
    onSuccess: (reply) => {
      if (!reply.success) {
        showError(reply.message || t('setup.failed'));
        return;
      }
      showSuccess(t('setup.success'));
      window.setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
    },
    onError: (error) => showError(error),
  });

  if (setupQuery.isPending) return <Spin size="large" style={{ display: 'block', margin: '80px auto' }} />;
  if (!setup) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('setup.fetchFailed')}
        action={<Button onClick={() => setupQuery.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }

  return (
    <>
      <AuthCard title={t('setup.title')} wide>
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          {setup.database_type === 'sqlite' && (
            <Alert
              type="warning"
              showIcon
              title={t('setup.sqliteWarning')}
              data-testid="setup-sqlite-warning"
            />
          )}
          <Form<SetupFormValues>
            form={form}
            name="setup"
            layout="vertical"
            initialValues={{ usageMode: 'external' }}
            onFinish={(values) => mutation.mutate(values)}
          >
            {setup.root_init ? (
              <Alert
                type="info"
                showIcon
                title={t('setup.rootExists')}
                data-testid="setup-root-initialized"
                style={{ marginBottom: 24 }}
              />
            ) : (
              <AdminFields />
            )}
            <Form.Item
              name="usageMode"
              label={
                <Space>
                  {t('setup.usageMode')}
                  <Button
                    type="link"
                    size="small"
                    icon={<QuestionCircleOutlined />}
                    onClick={() => setHelpOpen(true)}
                    aria-label={t('setup.modeHelpTitle')}
                    data-testid="setup-mode-help"
                  />
                </Space>
              }
            >
              <Radio.Group>
                {(['external', 'self', 'demo'] as const).map((mode) => (
                  <Radio key={mode} value={mode} data-testid={`setup-mode-${mode}`}>
                    {t(`setup.mode.${mode}`)}
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
            <SubmitButton loading={mutation.isPending} testId="setup-submit">
              {t('setup.submit')}
            </SubmitButton>
          </Form>
          <Typography.Text type="secondary">{t('setup.hint')}</Typography.Text>
        </Space>
      </AuthCard>
      <UsageModeHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
    </>
  );
}

function AdminFields() {
  const { t } = useTranslation();
  return (
    <>
      <FormInput
        name="username"
        label={t('setup.username')}
        rules={[{ required: true, whitespace: true, message: t('setup.usernameRequired') }]}
        autoComplete="username"
        placeholder={t('setup.usernamePlaceholder')}
        testId="setup-username"
      />
      <NewPasswordFields
        confirmName="confirmPassword"
        labels={{ password: t('setup.password'), confirm: t('setup.confirmPassword') }}
        placeholders={{ password: t('setup.passwordPlaceholder'), confirm: t('setup.confirmPlaceholder') }}
        testIdPrefix="setup"
      />
    </>
  );
}
