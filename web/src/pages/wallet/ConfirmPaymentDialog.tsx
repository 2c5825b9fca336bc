import { Button, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PayMethod } from '../../../../common/api-types.ts';

export interface PendingPayment {
  method: PayMethod;
  /** Top-up amount in dollars. */
  amount: number;
  /** The money to pay, as the server formatted it. */
  money: string;
}

export interface ConfirmPaymentDialogProps {
  payment: PendingPayment | null;
  /** The quota the top-up credits, already formatted. */
  creditedText: string;
  confirming: boolean;
  onConfirm: (payment: PendingPayment) => void;
  onCancel: () => void;
}

/** 'Confirm the top-up': amount, money to pay and pay method, before the gateway form is posted. */
export function ConfirmPaymentDialog({
  payment,
  creditedText,
  confirming,
  onConfirm,
  onCancel,
}: ConfirmPaymentDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={payment !== null}
      title={t('wallet.confirm.title')}
      centered
      mask={{ closable: false }}
      onCancel={onCancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel} disabled={confirming} data-testid="wallet-confirm-cancel">
          {t('wallet.confirm.cancel')}
        </Button>,
        <Button
          key="pay"
          type="primary"
          loading={confirming}
          onClick={() => payment && onConfirm(payment)}
          data-testid="wallet-confirm-pay"
        >
          {t('wallet.confirm.pay')}
        </Button>,
      ]}
    >
      {payment ? (
        <>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              {
                key: 'amount',
                label: t('wallet.confirm.amount'),
                children: (
                  <span data-testid="wallet-confirm-amount">
                    {t('wallet.topUp.amountValue', { amount: payment.amount })} ({creditedText})
                  </span>
                ),
              },
              {
                key: 'money',
                label: t('wallet.confirm.money'),
                children: (
                  <Typography.Text strong data-testid="wallet-confirm-money">
                    {t('wallet.topUp.moneyValue', { money: payment.money })}
                  </Typography.Text>
                ),
              },
              {
                key: 'method',
                label: t('wallet.confirm.method'),
                children: <span data-testid="wallet-confirm-method">{payment.method.name}</span>,
              },
            ]}
          />
          <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
            {t('wallet.confirm.question')}
          </Typography.Paragraph>
        </>
      ) : null}
    </Modal>
  );
}
