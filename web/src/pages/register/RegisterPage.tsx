import { UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from '../../../../common/limits.ts';
import { register } from '../../api/auth.ts';
import { AuthCard, AuthCardNote, SubmitButton } from '../../components/AuthCard.tsx';
import { FormInput } from '../../components/FormInput.tsx';
import { showError, showSuccess } from '../../components/feedback.ts';
import { NewPasswordFields } from '../../components/NewPasswordFields.tsx';
import { useStatus } from '../../components/status.tsx';
import { useTurnstile } from '../../components/use-turnstile.tsx';
import { isRegisterOffered } from '../../nav.ts';
import { rememberAffCode } from './aff-code.ts';
import { EmailCodeFields } from './EmailCodeFields.tsx';

/** Upper bound named by the password placeholder; only the minimum is enforced (docs/reference/console-validation.md "Register"). */
const PASSWORD_HINT_MAX_LENGTH = 20;

interface RegisterFormValues {
  username?: string;
  password?: string;
  password2?: string;
  email?: string;
  verification_code?: string;
}

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useStatus();
  const [searchParams] = useSearchParams();
  const [form] = Form.useForm<RegisterFormValues>();
  const turnstile = useTurnstile();
  const [affCode] = useState(() => rememberAffCode(searchParams.get('aff')));

  const mutation = useMutation({
    mutationFn: (values: RegisterFormValues) =>
      register(
        {
          username: values.username?.trim() ?? '',
          password: values.password ?? '',
          password2: values.password2 ?? '',
          email: values.email?.trim() ?? '',
          verification_code: values.verification_code?.trim() ?? '',
          aff_code: affCode,
        },
        turnstile.token,
      ),
    onSuccess: (reply) => {
      if (!reply.success) {
        showError(reply.message);
        return;
      }
      showSuccess(t('register.success'));
      navigate('/login');
    },
    onError: (error) => showError(error),
  });

  if (!isRegisterOffered({ selfUseMode: status.self_use_mode_enabled }))
    return <Navigate to="/login" replace />;

  const onFinish = (values: RegisterFormValues) => {
    if (turnstile.pending()) return;
    mutation.mutate(values);
  };

  return (
    <AuthCard title={t('register.title')}>
      <Form<RegisterFormValues> form={form} name="register" layout="vertical" onFinish={onFinish}>
        <FormInput
          name="username"
          label={t('register.username')}
          rules={[{ required: true, whitespace: true, message: t('register.usernameRequired') }]}
          prefix={<UserOutlined />}
          maxLength={USERNAME_MAX_LENGTH}
          autoComplete="username"
          placeholder={t('register.usernamePlaceholder', { max: USERNAME_MAX_LENGTH })}
          testId="register-username"
        />
        <NewPasswordFields
          confirmName="password2"
          labels={{ password: t('register.password'), confirm: t('register.confirmPassword') }}
          placeholders={{
            password: t('register.passwordPlaceholder', {
              min: PASSWORD_MIN_LENGTH,
              max: PASSWORD_HINT_MAX_LENGTH,
            }),
            confirm: t('register.confirmPlaceholder'),
          }}
          testIdPrefix="register"
          withIcon
        />
        {status.email_verification && <EmailCodeFields form={form} turnstile={turnstile} />}
        {turnstile.field}
        <SubmitButton loading={mutation.isPending} testId="register-submit">
          {t('register.submit')}
        </SubmitButton>
      </Form>
      <AuthCardNote>
        {t('register.haveAccount')} <Link to="/login">{t('register.toLogin')}</Link>
      </AuthCardNote>
    </AuthCard>
  );
}
