import { MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Form, type FormInstance, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESEND_WAIT_SECONDS } from '../../../../common/limits.ts';
import { sendVerificationCode } from '../../api/auth.ts';
import { showError, showInfo, showSuccess } from '../../components/feedback.ts';
import { useCountdown } from '../../components/use-countdown.ts';

interface EmailFields {
  email?: string;
}

/** Email and verification code, with a get-code button that waits 30 seconds before a resend. */
export function EmailCodeFields<Values extends EmailFields>({
  form,
  turnstileToken,
  turnstileRequired,
}: {
  form: FormInstance<Values>;
  turnstileToken: string;
  turnstileRequired: boolean;
}) {
  const { t } = useTranslation();
  const { remaining, start } = useCountdown(RESEND_WAIT_SECONDS);
  const [sending, setSending] = useState(false);

  const sendCode = async () => {
    let email: string;
    try {
      email = ((await form.validateFields(['email'])) as EmailFields).email?.trim() ?? '';
    } catch {
      return;
    }
    if (turnstileRequired && !turnstileToken) {
      showInfo(t('common.turnstileRunning'));
      return;
    }
    setSending(true);
    try {
      const reply = await sendVerificationCode(email, turnstileToken);
      if (reply.success) {
        showSuccess(t('register.codeSent'));
        start();
      } else {
        showError(reply.message);
      }
    } catch (error) {
      showError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Form.Item
        name="email"
        label={t('register.email')}
        rules={[
          { required: true, message: t('register.emailRequired') },
          { type: 'email', message: t('register.emailInvalid') },
        ]}
      >
        <Input
          prefix={<MailOutlined />}
          autoComplete="email"
          placeholder={t('register.emailPlaceholder')}
          data-testid="register-email"
        />
      </Form.Item>
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
          <Button
            onClick={() => void sendCode()}
            loading={sending}
            disabled={remaining > 0}
            data-testid="register-get-code"
          >
            {remaining > 0 ? t('register.resendIn', { seconds: remaining }) : t('register.getCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
    </>
  );
}
