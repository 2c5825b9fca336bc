import { MailOutlined } from '@ant-design/icons';
import { Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requestPasswordReset } from '../../api/auth.ts';
import { AuthCard, AuthCardNote, SubmitButton } from '../../components/AuthCard.tsx';
import { useResendAction } from '../../components/use-reply-action.ts';
import { useTurnstile } from '../../components/use-turnstile.tsx';
import { checkResetRequest } from './reset-rules.ts';

/** Route /reset: asks for the account's email and mails a reset link; a resend waits 30 seconds. */
export function ResetRequestPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const turnstile = useTurnstile();
  const sender = useResendAction();
  const { remaining } = sender;

  const submit = async () => {
    const check = checkResetRequest(email, turnstile.required, turnstile.token);
    if (check === 'empty') return;
    if (check === 'turnstile' && turnstile.pending()) return; // pending() asks the user to wait
    await sender.send(() => requestPasswordReset(email.trim(), turnstile.token), t('reset.request.sent'));
  };

  return (
    <AuthCard title={t('reset.request.title')}>
      <Typography.Paragraph type="secondary">{t('reset.request.description')}</Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void submit()} requiredMark={false}>
        <Form.Item label={t('reset.request.email')}>
          <Input
            prefix={<MailOutlined />}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            autoComplete="email"
            placeholder={t('reset.request.emailPlaceholder')}
            data-testid="reset-email"
          />
        </Form.Item>
        {turnstile.field}
        <SubmitButton loading={sender.sending} disabled={remaining > 0} testId="reset-submit">
          {remaining > 0 ? t('reset.request.retryIn', { seconds: remaining }) : t('reset.request.submit')}
        </SubmitButton>
      </Form>
      <AuthCardNote>
        {t('reset.request.remembered')} <Link to="/login">{t('reset.request.toLogin')}</Link>
      </AuthCardNote>
    </AuthCard>
  );
}
