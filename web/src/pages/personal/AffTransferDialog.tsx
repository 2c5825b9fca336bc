import { Alert, Button, Descriptions, InputNumber, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureSuccess } from '../../api/client.ts';
import { transferAffiliateQuota } from '../../api/wallet.ts';
import { showSuccess } from '../../components/feedback.ts';
import { useQuotaRenderer, useQuotaSettings } from '../../components/quota.ts';
import {
  quotaToTransferInput,
  type TransferSettings,
  transferInputPrecision,
  transferInputToQuota,
  validateAffTransfer,
} from './aff-transfer-rules.ts';
import { useSelfMutation } from './use-personal.ts';

/** POST /api/user/aff_transfer; the user (balance and earnings) is refreshed afterwards. */
function useAffTransfer() {
  return useSelfMutation(async (quota: number) => ensureSuccess(await transferAffiliateQuota(quota)));
}

export interface AffTransferDialogProps {
  open: boolean;
  /** The pending invite earnings (aff_quota). */
  availableQuota: number;
  onClose: () => void;
}

/**
 * Moves invite earnings to the balance (docs/reference/console-screens.md "Personal settings", docs/reference/console-validation.md "Aff transfer"): at least one
 * quota unit, at most the pending earnings. The amount is in dollars when quota is shown as currency.
 * Mount it afresh for every opening (it starts from the whole of the earnings).
 */
export function AffTransferDialog({ open, availableQuota, onClose }: AffTransferDialogProps) {
  const { t } = useTranslation();
  const renderQuota = useQuotaRenderer();
  const settings: TransferSettings = useQuotaSettings();
  const [inputValue, setInputValue] = useState<number | null>(() =>
    quotaToTransferInput(availableQuota, settings),
  );
  const [checked, setChecked] = useState(false);
  const transferMutation = useAffTransfer();

  const quota = transferInputToQuota(inputValue, settings, availableQuota);
  const problem = validateAffTransfer(quota, availableQuota, settings);
  const amountLabel = settings.displayInCurrency
    ? t('personal.affTransfer.amountCurrency')
    : t('personal.affTransfer.amountQuota');
  const problemText = problem ? t(problem.key, { amount: renderQuota(problem.quota) }) : '';

  const submit = () => {
    setChecked(true);
    if (problem || quota === null) return;
    transferMutation.mutate(quota, {
      onSuccess: () => {
        showSuccess(t('personal.affTransfer.success', { amount: renderQuota(quota) }));
        onClose();
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t('personal.affTransfer.title')}
      centered
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} disabled={transferMutation.isPending}>
          {t('personal.affTransfer.cancel')}
        </Button>,
        <Button
          key="submit"
          type="primary"
          loading={transferMutation.isPending}
          onClick={submit}
          data-testid="aff-transfer-submit"
        >
          {t('personal.affTransfer.submit')}
        </Button>,
      ]}
    >
      <Space orientation="vertical" size="middle" style={{ display: 'flex' }}>
        <Descriptions
          column={1}
          size="small"
          items={[
            {
              key: 'available',
              label: t('personal.affTransfer.available'),
              children: <span data-testid="aff-transfer-available">{renderQuota(availableQuota)}</span>,
            },
            {
              key: 'minimum',
              label: t('personal.affTransfer.minimumLabel'),
              children: renderQuota(settings.quotaPerUnit),
            },
          ]}
        />
        <div>
          <Typography.Text strong>{amountLabel}</Typography.Text>
          <InputNumber
            value={inputValue}
            onChange={(value) => {
              setInputValue(value);
              setChecked(true);
            }}
            onPressEnter={submit}
            min={0}
            precision={transferInputPrecision(settings)}
            step={settings.displayInCurrency ? 1 : settings.quotaPerUnit}
            prefix={settings.displayInCurrency ? '$' : undefined}
            status={checked && problem ? 'error' : undefined}
            style={{ width: '100%', marginTop: 8 }}
            aria-label={amountLabel}
            data-testid="aff-transfer-amount"
          />
          {quota !== null && settings.displayInCurrency ? (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
              {t('personal.affTransfer.quotaEquivalent', { quota })}
            </Typography.Text>
          ) : null}
        </div>
        {checked && problem ? (
          <Alert type="error" showIcon title={problemText} data-testid="aff-transfer-error" />
        ) : null}
      </Space>
    </Modal>
  );
}
