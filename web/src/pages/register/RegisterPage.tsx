import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from '../../../../common/limits.ts';
import { register } from '../../api/auth.ts';
import { showError, showInfo, showSuccess } from '../../components/feedback.ts';
import { useStatus } from '../../components/status.tsx';
import { Turnstile } from '../../components/Turnstile.tsx';
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
  const [turnstileToken, setTurnstileToken] = useState('');
  const [affCode] = useState(() => rememberAffCode(searchParams.get('aff')));
  const turnstileRequired = status.turnstile_check;

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
        turnstileToken,
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
    if (turnstileRequired && !turnstileToken) {
      showInfo(t('common.turnstileRunning'));
      return;
    }
    mutation.mutate(values);
  };

  return (
    <div className="centered-page">
      <Card className="centered-card" title={t('register.title')}>
        <Form<RegisterFormValues> form={form} name="register" layout="vertical" onFinish={onFinish}>
          <Form.Item
            name="username"
            label={t('register.username')}
            rules={[{ required: true, whitespace: true, message: t('register.usernameRequired') }]}
          >
            <Input
              prefix={<UserOutlined />}
              maxLength={USERNAME_MAX_LENGTH}
              autoComplete="username"
              placeholder={t('register.usernamePlaceholder', { max: USERNAME_MAX_LENGTH })}
              data-testid="register-username"
            />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('register.password')}
            rules={[
              { required: true, message: t('validation.passwordRequired') },
              {
                min: PASSWORD_MIN_LENGTH,
                message: t('validation.passwordMin', { min: PASSWORD_MIN_LENGTH }),
              },
            ]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="new-password"
              placeholder={t('register.passwordPlaceholder', {
                min: PASSWORD_MIN_LENGTH,
                max: PASSWORD_HINT_MAX_LENGTH,
              })}
              data-testid="register-password"
            />
          </Form.Item>
          <Form.Item
            name="password2"
            label={t('register.confirmPassword')}
            dependencies={['password']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_rule, value) =>
                  value === getFieldValue('password')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('validation.passwordMismatch'))),
              }),
            ]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="new-password"
              placeholder={t('register.confirmPlaceholder')}
              data-testid="register-confirm-password"
            />
          </Form.Item>
          {status.email_verification && (
            <EmailCodeFields
              form={form}
              turnstileToken={turnstileToken}
              turnstileRequired={turnstileRequired}
            />
          )}
          {turnstileRequired && status.turnstile_site_key && (
            <Form.Item>
              <Turnstile siteKey={status.turnstile_site_key} onVerify={setTurnstileToken} />
            </Form.Item>
          )}
          <Button
            type="primary"
            htmlType="submit"
            block
            loading={mutation.isPending}
            data-testid="register-submit"
          >
            {t('register.submit')}
          </Button>
        </Form>
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
          {t('register.haveAccount')} <Link to="/login">{t('register.toLogin')}</Link>
        </Typography.Paragraph>
      </Card>
    </div>
  );
}
