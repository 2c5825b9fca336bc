import { MailOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RESEND_WAIT_SECONDS } from '../../../../common/limits.ts';
import { requestPasswordReset } from '../../api/auth.ts';
import { showError, showInfo, showSuccess } from '../../components/feedback.ts';
import { useStatus } from '../../components/status.tsx';
import { Turnstile } from '../../components/Turnstile.tsx';
import { useCountdown } from '../../components/use-countdown.ts';
import { checkResetRequest } from './reset-rules.ts';

/** Route /reset: asks for the account's email and mails a reset link; a resend waits 30 seconds. */
export function ResetRequestPage() {
  const { t } = useTranslation();
  const status = useStatus();
  const [email, setEmail] = useState('');
  const [turnstileToken, setTurnstileToken] = useState('');
  const [sending, setSending] = useState(false);
  const { remaining, start } = useCountdown(RESEND_WAIT_SECONDS);

  const submit = async () => {
    const check = checkResetRequest(email, status.turnstile_check, turnstileToken);
    if (check === 'empty') return;
    if (check === 'turnstile') {
      showInfo(t('common.turnstileRunning'));
      return;
    }
    setSending(true);
    try {
      const reply = await requestPasswordReset(email.trim(), turnstileToken);
      if (reply.success) {
        showSuccess(t('reset.request.sent'));
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
    <div className="centered-page">
      <Card className="centered-card" title={t('reset.request.title')}>
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
          {status.turnstile_check && status.turnstile_site_key && (
            <Form.Item>
              <Turnstile siteKey={status.turnstile_site_key} onVerify={setTurnstileToken} />
            </Form.Item>
          )}
          <Button
            type="primary"
            htmlType="submit"
            block
            loading={sending}
            disabled={remaining > 0}
            data-testid="reset-submit"
          >
            {remaining > 0 ? t('reset.request.retryIn', { seconds: remaining }) : t('reset.request.submit')}
          </Button>
        </Form>
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
          {t('reset.request.remembered')} <Link to="/login">{t('reset.request.toLogin')}</Link>
        </Typography.Paragraph>
      </Card>
    </div>
  );
}
