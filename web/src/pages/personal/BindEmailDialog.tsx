import { MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESEND_WAIT_SECONDS } from '../../../../common/limits.ts';
import { bindEmail, sendVerificationCode } from '../../api/auth.ts';
import { showError, showInfo, showSuccess } from '../../components/feedback.ts';
import { useStatus } from '../../components/status.tsx';
import { Turnstile } from '../../components/Turnstile.tsx';
import { useCountdown } from '../../components/use-countdown.ts';
import { validateEmailBinding } from './binding-rules.ts';

export interface BindEmailDialogProps {
  open: boolean;
  onClose: () => void;
  onBound: () => void;
}

/** Binds (or replaces) the account's email: send a 6-character code, then confirm with it (docs/reference/console-validation.md). */
export function BindEmailDialog({ open, onClose, onBound }: BindEmailDialogProps) {
  const { t } = useTranslation();
  const status = useStatus();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [turnstileToken, setTurnstileToken] = useState('');
  const [sending, setSending] = useState(false);
  const [binding, setBinding] = useState(false);
  const { remaining, start } = useCountdown(RESEND_WAIT_SECONDS);

  const sendCode = async () => {
    if (email.trim() === '') {
      showError(t('personal.bind.emailRequired'));
      return;
    }
    if (status.turnstile_check && !turnstileToken) {
      showInfo(t('common.turnstileRunning'));
      return;
    }
    setSending(true);
    try {
      const reply = await sendVerificationCode(email.trim(), turnstileToken);
      if (reply.success) {
        showSuccess(t('personal.bind.codeSent'));
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

  const bind = async () => {
    const error = validateEmailBinding(email, code);
    if (error) {
      showError(t(error));
      return;
    }
    setBinding(true);
    try {
      const reply = await bindEmail(email.trim(), code.trim());
      if (reply.success) {
        showSuccess(t('personal.bind.success'));
        setCode('');
        onBound();
        onClose();
      } else {
        showError(reply.message);
      }
    } catch (failure) {
      showError(failure);
    } finally {
      setBinding(false);
    }
  };

  return (
    <Modal
      title={t('personal.bind.emailTitle')}
      open={open}
      onCancel={onClose}
      onOk={() => void bind()}
      okText={t('personal.bind.confirm')}
      cancelText={t('personal.bind.cancel')}
      confirmLoading={binding}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('personal.bind.email')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              prefix={<MailOutlined />}
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder={t('personal.bind.emailPlaceholder')}
              autoComplete="email"
              data-testid="bind-email-address"
            />
            <Button
              onClick={() => void sendCode()}
              loading={sending}
              disabled={remaining > 0}
              data-testid="bind-email-send-code"
            >
              {remaining > 0
                ? t('personal.bind.resendIn', { seconds: remaining })
                : t('personal.bind.getCode')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item label={t('personal.bind.code')} required>
          <Input
            prefix={<SafetyOutlined />}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            onPressEnter={() => void bind()}
            placeholder={t('personal.bind.codePlaceholder')}
            data-testid="bind-email-code"
          />
        </Form.Item>
        {status.turnstile_check && status.turnstile_site_key && (
          <Form.Item>
            <Turnstile siteKey={status.turnstile_site_key} onVerify={setTurnstileToken} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
