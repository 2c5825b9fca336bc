import { MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bindEmail, sendVerificationCode } from '../../api/auth.ts';
import { showError } from '../../components/feedback.ts';
import { ResendButton } from '../../components/ResendButton.tsx';
import { useResendAction } from '../../components/use-reply-action.ts';
import { useTurnstile } from '../../components/use-turnstile.tsx';
import { BindModal, useBindAction } from './BindModal.tsx';
import { validateEmailBinding } from './binding-rules.ts';

export interface BindEmailDialogProps {
  open: boolean;
  onClose: () => void;
  onBound: () => void;
}

/** Binds (or replaces) the account's email: send a 6-character code, then confirm with it (docs/reference/console-validation.md). */
export function BindEmailDialog({ open, onClose, onBound }: BindEmailDialogProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const turnstile = useTurnstile();
  const sender = useResendAction();
  const { binding, bind } = useBindAction(onBound, onClose);

  const sendCode = async () => {
    if (email.trim() === '') {
      showError(t('personal.bind.emailRequired'));
      return;
    }
    if (turnstile.pending()) return;
    await sender.send(() => sendVerificationCode(email.trim(), turnstile.token), t('personal.bind.codeSent'));
  };

  const confirm = () =>
    void bind(
      validateEmailBinding(email, code),
      () => bindEmail(email.trim(), code.trim()),
      () => setCode(''),
    );

  return (
    <BindModal
      title={t('personal.bind.emailTitle')}
      open={open}
      onClose={onClose}
      onOk={confirm}
      binding={binding}
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
            <ResendButton
              sender={sender}
              onClick={() => void sendCode()}
              label={t('personal.bind.getCode')}
              waitLabel={(seconds) => t('personal.bind.resendIn', { seconds })}
              testId="bind-email-send-code"
            />
          </Space.Compact>
        </Form.Item>
        <Form.Item label={t('personal.bind.code')} required>
          <Input
            prefix={<SafetyOutlined />}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            onPressEnter={confirm}
            placeholder={t('personal.bind.codePlaceholder')}
            data-testid="bind-email-code"
          />
        </Form.Item>
        {turnstile.field}
      </Form>
    </BindModal>
  );
}
