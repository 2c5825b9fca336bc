import { MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { Form, type FormInstance, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { sendVerificationCode } from '../../api/auth.ts';
import { FormInput } from '../../components/FormInput.tsx';
import { ResendButton } from '../../components/ResendButton.tsx';
import { useResendAction } from '../../components/use-reply-action.ts';
import type { TurnstileState } from '../../components/use-turnstile.tsx';

interface EmailFields {
  email?: string;
}

/** Email and verification code, with a get-code button that waits 30 seconds before a resend. */
export function EmailCodeFields<Values extends EmailFields>({
  form,
  turnstile,
}: {
  form: FormInstance<Values>;
  turnstile: TurnstileState;
}) {
  const { t } = useTranslation();
  const sender = useResendAction();

  const sendCode = async () => {
    let email: string;
    try {
      email = ((await form.validateFields(['email'])) as EmailFields).email?.trim() ?? '';
    } catch {
      return;
    }
    if (turnstile.pending()) return;
    await sender.send(() => sendVerificationCode(email, turnstile.token), t('register.codeSent'));
  };

  return (
    <>
      <FormInput
        name="email"
        label={t('register.email')}
        rules={[
          { required: true, message: t('register.emailRequired') },
          { type: 'email', message: t('register.emailInvalid') },
        ]}
        prefix={<MailOutlined />}
        autoComplete="email"
        placeholder={t('register.emailPlaceholder')}
        testId="register-email"
      />
      <Form.Item label={t('register.code')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="verification_code"
            noStyle
            rules={[{ required: true, whitespace: true, message: t('register.codeRequired') }]}
          >
            <Input
              prefix={<SafetyOutlined />}
              placeholder={t('register.codePlaceholder')}
              data-testid="register-code"
            />
          </Form.Item>
          <ResendButton
            sender={sender}
            onClick={() => void sendCode()}
            label={t('register.getCode')}
            waitLabel={(seconds) => t('register.resendIn', { seconds })}
            testId="register-get-code"
          />
        </Space.Compact>
      </Form.Item>
    </>
  );
}
