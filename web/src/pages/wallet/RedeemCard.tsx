import { GiftOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showInfo, showSuccess } from '../../components/feedback.ts';
import { useQuotaRenderer } from '../../components/quota.ts';
import { useStatus } from '../../components/status.tsx';
import { useRedeemCode } from './use-wallet.ts';

/**
 * The redeem-code form (docs/reference/console-screens.md "Wallet", docs/reference/console-validation.md "Top-up") and the button to the site's shop for codes:
 * an empty code gives 'please enter redemption code!'; success shows the credited amount and the balance
 * is refreshed; a refusal shows the server's message.
 */
export function RedeemCard() {
  const { t } = useTranslation();
  const status = useStatus();
  const renderQuota = useQuotaRenderer();
  const redeemMutation = useRedeemCode();
  const [code, setCode] = useState('');
  const [creditedQuota, setCreditedQuota] = useState<number | null>(null);

  const redeem = () => {
    const key = code.trim();
    if (key === '') {
      showInfo(t('wallet.redeem.empty'));
      return;
    }
    setCreditedQuota(null);
    redeemMutation.mutate(key, {
      onSuccess: (quota) => {
        const amount = renderQuota(quota);
        showSuccess(t('wallet.redeem.success', { amount }));
        setCreditedQuota(quota);
        setCode('');
      },
    });
  };

  const openTopUpLink = () => {
    const link = status.top_up_link.trim();
    if (link === '') {
      showError(t('wallet.redeem.noTopUpLink'));
      return;
    }
    window.open(link, '_blank', 'noopener,noreferrer');
  };

  return (
    <Card title={t('wallet.redeem.title')}>
      <Form layout="vertical" onFinish={redeem}>
        <Form.Item label={t('wallet.redeem.code')}>
          <Input
            value={code}
            onChange={(event) => setCode(event.target.value)}
            placeholder={t('wallet.redeem.placeholder')}
            allowClear
            prefix={<GiftOutlined />}
            data-testid="wallet-redeem-input"
          />
        </Form.Item>
        <Space wrap>
          <Button
            type="primary"
            htmlType="submit"
            loading={redeemMutation.isPending}
            data-testid="wallet-redeem-submit"
          >
            {redeemMutation.isPending ? t('wallet.redeem.submitting') : t('wallet.redeem.submit')}
          </Button>
          <Button icon={<ShoppingCartOutlined />} onClick={openTopUpLink} data-testid="wallet-topup-link">
            {t('wallet.redeem.buy')}
          </Button>
        </Space>
      </Form>
      {creditedQuota !== null ? (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 16 }}
          title={t('wallet.redeem.success', { amount: renderQuota(creditedQuota) })}
          data-testid="wallet-redeem-result"
        />
      ) : null}
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        {t('wallet.redeem.hint')}
      </Typography.Paragraph>
    </Card>
  );
}
