import { useQuery } from '@tanstack/react-query';
import { Button, Card, Divider, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http, reportFailure, unwrapReply } from '../../api/client.ts';
import { showError, showInfo } from '../../components/feedback.ts';
import { useQuotaRenderer } from '../../components/quota.ts';
import { readCheckoutReply, readTopUpInfo, validStripeAmount } from './provider-topup.ts';

/**
 * Stripe and Creem top-up (docs/reference/payments.md): shown when GET /api/user/topup/info says either is
 * on. Stripe takes a whole amount and sends the browser to its Checkout page; Creem lists the configured
 * products, one button each.
 */
export function ProviderTopUpCard() {
  const { t } = useTranslation();
  const renderQuota = useQuotaRenderer();
  const infoQuery = useQuery({
    queryKey: ['wallet', 'topup-info'],
    queryFn: async () => readTopUpInfo(unwrapReply(await http.get<unknown>('/api/user/topup/info'))),
    staleTime: 30_000,
  });
  const [amount, setAmount] = useState<number | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const info = infoQuery.data;
  if (!info || (!info.stripe.enabled && !info.creem.enabled)) return null;

  const checkout = async (key: string, url: string, body: unknown, field: 'pay_link' | 'checkout_url') => {
    setBusy(key);
    try {
      const outcome = readCheckoutReply(await http.post<unknown>(url, body), field);
      if (outcome.kind === 'refused') {
        showError(outcome.reason || t('payments.checkoutFailed'));
        return;
      }
      showInfo(t('payments.redirecting'));
      window.location.assign(outcome.url);
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(null);
    }
  };

  const stripeAmount = validStripeAmount(amount ?? info.stripe.minimum, info.stripe.minimum);
  return (
    <Card title={t('payments.cardTitle')} data-testid="wallet-provider-topup">
      {info.stripe.enabled && (
        <Space orientation="vertical" style={{ display: 'flex' }}>
          <Typography.Text strong>Stripe</Typography.Text>
          <Space wrap>
            <InputNumber
              value={amount ?? info.stripe.minimum}
              onChange={(value) => setAmount(value)}
              precision={0}
              step={1}
              prefix="$"
              aria-label={t('payments.stripeAmount')}
              data-testid="wallet-stripe-amount"
            />
            <Button
              type="primary"
              loading={busy === 'stripe'}
              disabled={stripeAmount === null || (busy !== null && busy !== 'stripe')}
              onClick={() =>
                void checkout(
                  'stripe',
                  '/api/user/stripe/pay',
                  { amount: stripeAmount, payment_method: 'stripe' },
                  'pay_link',
                )
              }
              data-testid="wallet-pay-stripe-checkout"
            >
              {t('payments.payWithStripe')}
            </Button>
          </Space>
          <Typography.Text type="secondary">
            {t('payments.stripeRange', { min: info.stripe.minimum, max: 10_000 })}
          </Typography.Text>
        </Space>
      )}
      {info.stripe.enabled && info.creem.enabled && <Divider />}
      {info.creem.enabled && (
        <Space orientation="vertical" style={{ display: 'flex' }}>
          <Typography.Text strong>Creem</Typography.Text>
          <Space wrap>
            {info.creem.products.map((product) => (
              <Button
                key={product.productId}
                loading={busy === product.productId}
                disabled={busy !== null && busy !== product.productId}
                onClick={() =>
                  void checkout(
                    product.productId,
                    '/api/user/creem/pay',
                    { product_id: product.productId, payment_method: 'creem' },
                    'checkout_url',
                  )
                }
                data-testid={`wallet-creem-${product.productId}`}
              >
                {t('payments.creemProduct', {
                  name: product.name,
                  price: product.price.toFixed(2),
                  currency: product.currency,
                  quota: renderQuota(product.quota),
                })}
              </Button>
            ))}
          </Space>
        </Space>
      )}
    </Card>
  );
}
