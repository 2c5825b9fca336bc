import { Button, Image, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loginWithWeChat } from '../../api/auth.ts';
import { showError } from '../../components/feedback.ts';
import { useStatus } from '../../components/status.tsx';
import { useFinishLogin } from './use-finish-login.ts';

/** Scan the official account's QR code, send it "verification code", type the code it returns. */
export function WeChatLoginDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const status = useStatus();
  const finishLogin = useFinishLogin();
  const [code, setCode] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    if (!code.trim()) {
      showError(t('login.wechatCodeRequired'));
      return;
    }
    setSubmitting(true);
    try {
      if (finishLogin(await loginWithWeChat(code.trim()), '/')) onClose();
    } catch (error) {
      showError(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal open={open} title={t('login.wechatTitle')} onCancel={onClose} footer={null} destroyOnHidden>
      <Space orientation="vertical" align="center" style={{ width: '100%' }}>
        {status.wechat_qrcode && (
          <Image src={status.wechat_qrcode} width={200} preview={false} alt={t('login.wechatTitle')} />
        )}
        <Typography.Paragraph type="secondary">{t('login.wechatHint')}</Typography.Paragraph>
        <Input
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onPressEnter={() => void submit()}
          placeholder={t('login.wechatCodePlaceholder')}
          data-testid="wechat-code"
        />
        <Button
          type="primary"
          block
          loading={submitting}
          onClick={() => void submit()}
          data-testid="wechat-submit"
        >
          {t('login.submit')}
        </Button>
      </Space>
    </Modal>
  );
}
