import { Image, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bindWeChat } from '../../api/auth.ts';
import { useStatus } from '../../components/status.tsx';
import { BindModal, useBindAction } from './BindModal.tsx';
import { validateWeChatBinding } from './binding-rules.ts';

export interface BindWeChatDialogProps {
  open: boolean;
  onClose: () => void;
  onBound: () => void;
}

/** Scan the official account's QR code, send "verification code", type the code it returns (valid 3 minutes). */
export function BindWeChatDialog({ open, onClose, onBound }: BindWeChatDialogProps) {
  const { t } = useTranslation();
  const status = useStatus();
  const [code, setCode] = useState('');
  const { binding, bind } = useBindAction(onBound, onClose);
  const confirm = () =>
    void bind(
      validateWeChatBinding(code),
      () => bindWeChat(code.trim()),
      () => setCode(''),
    );

  return (
    <BindModal
      title={t('personal.bind.wechatTitle')}
      open={open}
      onClose={onClose}
      onOk={confirm}
      binding={binding}
    >
      <Space orientation="vertical" align="center" style={{ width: '100%' }}>
        {status.wechat_qrcode && (
          <Image
            src={status.wechat_qrcode}
            width={200}
            preview={false}
            alt={t('personal.bind.wechatTitle')}
          />
        )}
        <Typography.Paragraph type="secondary">{t('personal.bind.wechatHint')}</Typography.Paragraph>
        <Input
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onPressEnter={confirm}
          placeholder={t('personal.bind.codePlaceholder')}
          data-testid="bind-wechat-code"
        />
      </Space>
    </BindModal>
  );
}
