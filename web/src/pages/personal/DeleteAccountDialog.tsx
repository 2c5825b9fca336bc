import { Alert, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { reportFailure } from '../../api/client.ts';
import { showError, showSuccess } from '../../components/feedback.ts';
import { useSession } from '../../components/session.tsx';
import { isDeleteConfirmed } from './personal-rules.ts';
import { useDeleteSelf } from './use-personal.ts';

export interface DeleteAccountDialogProps {
  open: boolean;
  username: string;
  onClose: () => void;
}

/** Deletes the caller's account once they typed their own username, then logs out (docs/reference/console-validation.md). */
export function DeleteAccountDialog({ open, username, onClose }: DeleteAccountDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const deleteSelfMutation = useDeleteSelf();
  const [typedName, setTypedName] = useState('');

  const close = () => {
    setTypedName('');
    onClose();
  };

  const confirm = () => {
    if (!isDeleteConfirmed(typedName, username)) {
      showError(t('personal.deleteAccount.mismatch'));
      return;
    }
    deleteSelfMutation.mutate(undefined, {
      onSuccess: async () => {
        showSuccess(t('personal.deleteAccount.success'));
        await session.logout().catch(reportFailure);
        navigate('/login');
      },
    });
  };

  return (
    <Modal
      title={t('personal.deleteAccount.title')}
      open={open}
      onCancel={close}
      onOk={confirm}
      okText={t('personal.deleteAccount.confirm')}
      cancelText={t('personal.deleteAccount.cancel')}
      okButtonProps={{ danger: true }}
      confirmLoading={deleteSelfMutation.isPending}
      destroyOnHidden
    >
      <Alert type="error" showIcon title={t('personal.deleteAccount.warning')} style={{ marginBottom: 16 }} />
      <Typography.Paragraph>{t('personal.deleteAccount.prompt', { username })}</Typography.Paragraph>
      <Input
        value={typedName}
        onChange={(event) => setTypedName(event.target.value)}
        placeholder={t('personal.deleteAccount.placeholder')}
        aria-label={t('personal.deleteAccount.placeholder')}
        autoComplete="off"
        data-testid="personal-delete-confirm-name"
      />
    </Modal>
  );
}
