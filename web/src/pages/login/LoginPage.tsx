import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { App, Form } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { login } from '../../api/auth.ts';
import { isCodeRequired } from '../../api/security.ts';
import { AuthCard, AuthCardNote, AuthCardWarning, SubmitButton } from '../../components/AuthCard.tsx';
import { FormInput } from '../../components/FormInput.tsx';
import { showError } from '../../components/feedback.ts';
import { useStatus } from '../../components/status.tsx';
import { useTurnstile } from '../../components/use-turnstile.tsx';
import { AFTER_LOGIN_PATH, isRegisterOffered } from '../../nav.ts';
import { PasskeyLoginButton } from './PasskeyLoginButton.tsx';
import { ThirdPartyLogin } from './ThirdPartyLogin.tsx';
import { TwoFactorStep } from './TwoFactorStep.tsx';
import { CodeStepContext, useFinishLogin } from './use-finish-login.ts';

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
  const turnstile = useTurnstile();
  const expired = searchParams.get('expired') === 'true';
  // With two-factor on, the password only opens the code step (docs/security.md).
  const [codeStep, setCodeStep] = useState(false);
  const openCodeStep = useCallback(() => setCodeStep(true), []);

  const mutation = useMutation({
    mutationFn: ({ username, password }: Required<LoginFormValues>) =>
      login(username, password, turnstile.token),
    onSuccess: (reply, { username, password }) => {
      if (reply.success && isCodeRequired(reply.data)) {
        setCodeStep(true);
        return;
      }
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
    if (turnstile.pending()) return;
    mutation.mutate({ username: trimmedUsername, password });
  };

  if (codeStep) {
    return (
      <AuthCard title={t('login.title', { name: status.system_name })}>
        <TwoFactorStep onCancel={() => setCodeStep(false)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('login.title', { name: status.system_name })}>
      {expired && <AuthCardWarning title={t('login.expired')} testId="login-expired" />}
      <Form<LoginFormValues> name="login" layout="vertical" onFinish={onFinish} requiredMark={false}>
        <FormInput
          name="username"
          label={t('login.username')}
          prefix={<UserOutlined />}
          autoComplete="username"
          placeholder={t('login.usernamePlaceholder')}
          testId="login-username"
        />
        <FormInput
          name="password"
          label={t('login.password')}
          password
          prefix={<LockOutlined />}
          autoComplete="current-password"
          placeholder={t('login.passwordPlaceholder')}
          testId="login-password"
        />
        {turnstile.field}
        <SubmitButton loading={mutation.isPending} testId="login-submit">
          {t('login.submit')}
        </SubmitButton>
      </Form>
      <PasskeyLoginButton />
      <AuthCardNote>
        {t('login.forgotPassword')}{' '}
        <Link to="/reset" data-testid="login-reset-link">
          {t('login.toReset')}
        </Link>
      </AuthCardNote>
      {isRegisterOffered({ selfUseMode: status.self_use_mode_enabled }) && (
        <AuthCardNote>
          {t('login.noAccount')} <Link to="/register">{t('login.toRegister')}</Link>
        </AuthCardNote>
      )}
      <CodeStepContext.Provider value={openCodeStep}>
        <ThirdPartyLogin />
      </CodeStepContext.Provider>
    </AuthCard>
  );
}
