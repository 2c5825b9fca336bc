import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, InputNumber, Space, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayMethod } from '../../../../common/api-types.ts';
import { reportFailure } from '../../api/client.ts';
import { showError, showInfo } from '../../components/feedback.ts';
import { useQuotaRenderer } from '../../components/quota.ts';
import { effectiveQuotaPerUnit } from '../../components/quota-settings.ts';
import { useStatus } from '../../components/status.tsx';
import { ConfirmPaymentDialog, type PendingPayment } from './ConfirmPaymentDialog.tsx';
import { parsePayMethods, payMethodColor } from './pay-methods.ts';
import { createPaymentForm } from './payment-replies.ts';
import {
  creditedQuota,
  effectiveMinTopUp,
  initialTopUpAmount,
  normalizeTopUpAmount,
  topUpPresets,
  validateTopUpAmount,
} from './top-up-rules.ts';
import { useDebouncedValue } from './use-debounced-value.ts';
import { loadPayAmount, usePayAmount, useRequestPayment, walletQueryKeys } from './use-wallet.ts';

/** How long the amount must stay unchanged before its money is looked up. */
const AMOUNT_LOOKUP_DELAY_MS = 400;

/** Sends the browser to the payment gateway with a hidden POST form (target _self). */
function postPaymentForm(url: string, fields: Parameters<typeof createPaymentForm>[2]): void {
  const form = createPaymentForm(document, url, fields);
  document.body.appendChild(form);
  form.submit();
  form.remove();
}

/**
 * Online top-up (docs/reference/console-screens.md "Wallet", docs/reference/console-states.md "Top-up"): the amount (whole dollars, presets), the money it costs
 * looked up with POST /api/user/amount, one button per pay method, a confirm dialog, then
 * POST /api/user/pay and the gateway form. Shown only when online top-up is enabled.
 */
export function OnlineTopUpCard() {
  const { t } = useTranslation();
  const status = useStatus();
  const renderQuota = useQuotaRenderer();
  const queryClient = useQueryClient();
  const siteMinimum = effectiveMinTopUp(status.min_topup);
  const [inputAmount, setInputAmount] = useState<number | null>(() => initialTopUpAmount(siteMinimum));
  const [preparingType, setPreparingType] = useState<string | null>(null);
  const [pendingPayment, setPendingPayment] = useState<PendingPayment | null>(null);
  const paymentMutation = useRequestPayment();

  const amount = normalizeTopUpAmount(inputAmount);
  // When the status brings a higher minimum, start again from an allowed amount.
  useEffect(() => {
    setInputAmount((current) =>
      normalizeTopUpAmount(current) < siteMinimum ? initialTopUpAmount(siteMinimum) : current,
    );
  }, [siteMinimum]);
  const amountProblem = validateTopUpAmount(amount, siteMinimum);
  const lookupAmount = useDebouncedValue(amount, AMOUNT_LOOKUP_DELAY_MS);
  const lookupAllowed = status.enable_online_topup && validateTopUpAmount(lookupAmount, siteMinimum) === null;
  const moneyQuery = usePayAmount(lookupAmount, lookupAllowed);
  const payMethods = useMemo(() => parsePayMethods(status.pay_methods), [status.pay_methods]);
  const presets = useMemo(() => topUpPresets(siteMinimum), [siteMinimum]);
  const quotaPerUnit = effectiveQuotaPerUnit(status.quota_per_unit);
  const creditedText = (dollars: number) => renderQuota(creditedQuota(dollars, quotaPerUnit));

  const choosePayMethod = async (method: PayMethod) => {
    if (!status.enable_online_topup) {
      showError(t('wallet.topUp.disabled'));
      return;
    }
    const problem = validateTopUpAmount(amount, effectiveMinTopUp(status.min_topup, method.min_topup));
    if (problem) {
      showError(t(problem.key, problem.values));
      return;
    }
    setPreparingType(method.type);
    try {
      // Asked afresh (not through the cache, so a refusal is shown once, here) and kept for the display.
      const money = await loadPayAmount(amount);
      queryClient.setQueryData(walletQueryKeys.payAmount(amount), money);
      setPendingPayment({ method, amount, money });
    } catch (error) {
      reportFailure(error);
    } finally {
      setPreparingType(null);
    }
  };

  const confirmPayment = (payment: PendingPayment) => {
    paymentMutation.mutate(
      { amount: payment.amount, payment_method: payment.method.type },
      {
        onSuccess: (outcome) => {
          setPendingPayment(null);
          showInfo(t('wallet.pay.redirecting'));
          postPaymentForm(outcome.url, outcome.fields);
        },
        // The refusal is shown as an error toast; the dialog closes so that it can be read.
        onError: () => setPendingPayment(null),
      },
    );
  };

  if (!status.enable_online_topup) {
    return (
      <Card title={t('wallet.topUp.title')}>
        <Alert type="info" showIcon title={t('wallet.topUp.disabled')} data-testid="wallet-topup-disabled" />
      </Card>
    );
  }

  const moneyText = (() => {
    if (amountProblem) return '—';
    if (lookupAmount !== amount || moneyQuery.isFetching) return <Spin size="small" />;
    if (moneyQuery.data !== undefined) return t('wallet.topUp.moneyValue', { money: moneyQuery.data });
    return '—';
  })();

  return (
    <Card title={t('wallet.topUp.title')}>
      <Form layout="vertical">
        <Form.Item
          label={t('wallet.topUp.amount')}
          validateStatus={amountProblem ? 'error' : undefined}
          help={
            amountProblem
              ? t(amountProblem.key, amountProblem.values)
              : t('wallet.topUp.minimumHint', { min: siteMinimum })
          }
        >
          {/* No min/max here: antd's InputNumber does not report a typed value outside them (the summary
              below would keep the previous amount); normalizeTopUpAmount applies the bounds instead. */}
          <InputNumber
            value={inputAmount}
            onChange={(value) => setInputAmount(value)}
            onBlur={() => setInputAmount(normalizeTopUpAmount(inputAmount))}
            precision={0}
            step={1}
            prefix="$"
            style={{ width: '100%' }}
            aria-label={t('wallet.topUp.amount')}
            data-testid="wallet-amount"
          />
        </Form.Item>
        <Space wrap style={{ marginTop: 8, marginBottom: 16 }}>
          {presets.map((preset) => (
            <Button
              key={preset}
              type={preset === amount ? 'primary' : 'default'}
              ghost={preset === amount}
              onClick={() => setInputAmount(preset)}
              data-testid={`wallet-amount-preset-${preset}`}
            >
              {t('wallet.topUp.amountValue', { amount: preset })}
            </Button>
          ))}
        </Space>
        <Space orientation="vertical" size={4} style={{ display: 'flex', marginBottom: 16 }}>
          <Typography.Text>
            {t('wallet.topUp.money')}{' '}
            <Typography.Text strong data-testid="wallet-money">
              {moneyText}
            </Typography.Text>
          </Typography.Text>
          <Typography.Text type="secondary" data-testid="wallet-credited">
            {t('wallet.topUp.credited', { quota: amountProblem ? '—' : creditedText(amount) })}
          </Typography.Text>
        </Space>
        {payMethods.valid ? (
          payMethods.methods.length > 0 ? (
            <Space wrap>
              {payMethods.methods.map((method) => {
                const color = payMethodColor(method.color);
                return (
                  <Button
                    key={method.type}
                    type="primary"
                    loading={preparingType === method.type}
                    disabled={preparingType !== null && preparingType !== method.type}
                    style={color ? { background: color, borderColor: color } : undefined}
                    onClick={() => void choosePayMethod(method)}
                    data-testid={`wallet-pay-${method.type}`}
                  >
                    {method.name}
                  </Button>
                );
              })}
            </Space>
          ) : (
            <Alert type="info" showIcon title={t('wallet.topUp.noPayMethods')} />
          )
        ) : (
          <Alert
            type="error"
            showIcon
            title={t('wallet.topUp.payMethodsInvalid')}
            data-testid="wallet-pay-methods-invalid"
          />
        )}
      </Form>
      <ConfirmPaymentDialog
        payment={pendingPayment}
        creditedText={pendingPayment ? creditedText(pendingPayment.amount) : ''}
        confirming={paymentMutation.isPending}
        onConfirm={confirmPayment}
        onCancel={() => setPendingPayment(null)}
      />
    </Card>
  );
}
