import { Image, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bindWeChat } from '../../api/auth.ts';
import { showError, showSuccess } from '../../components/feedback.ts';
import { useStatus } from '../../components/status.tsx';
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
  const [binding, setBinding] = useState(false);

  const bind = async () => {
    const error = validateWeChatBinding(code);
    if (error) {
      showError(t(error));
      return;
    }
    setBinding(true);
    try {
      const reply = await bindWeChat(code.trim());
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
      title={t('personal.bind.wechatTitle')}
      open={open}
      onCancel={onClose}
      onOk={() => void bind()}
      okText={t('personal.bind.confirm')}
      cancelText={t('personal.bind.cancel')}
      confirmLoading={binding}
      destroyOnHidden
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
          onPressEnter={() => void bind()}
          placeholder={t('personal.bind.codePlaceholder')}
          data-testid="bind-wechat-code"
        />
      </Space>
    </Modal>
  );
}
