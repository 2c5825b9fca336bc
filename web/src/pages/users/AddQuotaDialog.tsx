import { InputNumber, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuotaRenderer } from '../../components/quota.ts';
import { addQuota, parseQuota } from './user-form-rules.ts';

export interface AddQuotaDialogProps {
  open: boolean;
  /** The quota currently in the edit form. */
  currentQuota: number;
  /** Receives the amount to add; it may be negative. */
  onConfirm: (amount: number) => void;
  onClose: () => void;
}

/** Adds a positive or negative amount to the quota field of the edit form (docs/reference/console-validation.md "Users"). */
export function AddQuotaDialog({ open, currentQuota, onConfirm, onClose }: AddQuotaDialogProps) {
  const { t } = useTranslation();
  const renderQuota = useQuotaRenderer();
  const [amount, setAmount] = useState<number | null>(null);

  const newQuota = addQuota(currentQuota, amount);

  const close = () => {
    setAmount(null);
    onClose();
  };

  const confirm = () => {
    onConfirm(parseQuota(amount));
    close();
  };

  return (
    <Modal
      title={t('users.addQuota.title')}
      open={open}
      onOk={confirm}
      onCancel={close}
      okText={t('users.addQuota.confirm')}
      cancelText={t('users.addQuota.cancel')}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('users.addQuota.amount')}</Typography.Paragraph>
      <InputNumber
        style={{ width: '100%' }}
        precision={0}
        value={amount}
        onChange={(value) => setAmount(value === null ? null : Number(value))}
        placeholder={t('users.addQuota.amountPlaceholder')}
        aria-label={t('users.addQuota.amount')}
        data-testid="add-quota-amount"
        autoFocus
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('users.addQuota.preview', { raw: newQuota, value: renderQuota(newQuota) })}
      </Typography.Paragraph>
    </Modal>
  );
}
