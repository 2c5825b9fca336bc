import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { login } from '../../api/auth.ts';
import { showError, showInfo } from '../../components/feedback.ts';
import { useStatus } from '../../components/status.tsx';
import { Turnstile } from '../../components/Turnstile.tsx';
import { AFTER_LOGIN_PATH, isRegisterOffered } from '../../nav.ts';
import { ThirdPartyLogin } from './ThirdPartyLogin.tsx';
import { useFinishLogin } from './use-finish-login.ts';

interface LoginFormValues {
  username?: string;
  password?: string;
}

/** The credentials of a fresh installation; logging in with them asks the user to change the password. */
const DEFAULT_ROOT_USERNAME = 'root';
const DEFAULT_ROOT_PASSWORD = '123456';

export function LoginPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const status = useStatus();
  const [searchParams] = useSearchParams();
  const finishLogin = useFinishLogin();
  const [turnstileToken, setTurnstileToken] = useState('');
  const expired = searchParams.get('expired') === 'true';

  const mutation = useMutation({
    mutationFn: ({ username, password }: Required<LoginFormValues>) =>
      login(username, password, turnstileToken),
    onSuccess: (reply, { username, password }) => {
      if (!finishLogin(reply, AFTER_LOGIN_PATH)) return;
      if (username === DEFAULT_ROOT_USERNAME && password === DEFAULT_ROOT_PASSWORD) {
        modal.warning({
          title: t('login.defaultPasswordTitle'),
          content: t('login.defaultPasswordContent'),
          okText: t('common.gotIt'),
          className: 'default-password-modal',
        });
      }
    },
    onError: (error) => showError(error),
  });

  const onFinish = ({ username = '', password = '' }: LoginFormValues) => {
    const trimmedUsername = username.trim();
    if (!trimmedUsername || !password) {
      showError(t('login.missingFields'));
      return;
    }
    if (status.turnstile_check && !turnstileToken) {
      showInfo(t('common.turnstileRunning'));
      return;
    }
    mutation.mutate({ username: trimmedUsername, password });
  };

  return (
    <div className="centered-page">
      <Card className="centered-card" title={t('login.title', { name: status.system_name })}>
        {expired && (
          <Alert
            type="warning"
            showIcon
            title={t('login.expired')}
            style={{ marginBottom: 16 }}
            data-testid="login-expired"
          />
        )}
        <Form<LoginFormValues> name="login" layout="vertical" onFinish={onFinish} requiredMark={false}>
          <Form.Item name="username" label={t('login.username')}>
            <Input
              prefix={<UserOutlined />}
              autoComplete="username"
              placeholder={t('login.usernamePlaceholder')}
              data-testid="login-username"
            />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')}>
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="current-password"
              placeholder={t('login.passwordPlaceholder')}
              data-testid="login-password"
            />
          </Form.Item>
          {status.turnstile_check && status.turnstile_site_key && (
            <Form.Item>
              <Turnstile siteKey={status.turnstile_site_key} onVerify={setTurnstileToken} />
            </Form.Item>
          )}
          <Button
            type="primary"
            htmlType="submit"
            block
            loading={mutation.isPending}
            data-testid="login-submit"
          >
            {t('login.submit')}
          </Button>
        </Form>
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
          {t('login.forgotPassword')}{' '}
          <Link to="/reset" data-testid="login-reset-link">
            {t('login.toReset')}
          </Link>
        </Typography.Paragraph>
        {isRegisterOffered({ selfUseMode: status.self_use_mode_enabled }) && (
          <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
            {t('login.noAccount')} <Link to="/register">{t('login.toRegister')}</Link>
          </Typography.Paragraph>
        )}
        <ThirdPartyLogin />
      </Card>
    </div>
  );
}
