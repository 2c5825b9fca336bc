import { Button, Col, Result, Row, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatusState } from '../../components/status.tsx';
import { useSelf } from '../personal/use-personal.ts';
import { BalanceCard } from './BalanceCard.tsx';
import { MyOrdersCard } from './MyOrdersCard.tsx';
import { OnlineTopUpCard } from './OnlineTopUpCard.tsx';
import { ProviderTopUpCard } from './ProviderTopUpCard.tsx';
import { RedeemCard } from './RedeemCard.tsx';
import { SubscriptionPlansCard } from './SubscriptionPlansCard.tsx';

/**
 * Route /topup: balance, redeem-code form, online top-up (docs/reference/console-screens.md "Wallet") and
 * Stripe / Creem top-up when configured (docs/reference/payments.md).
 */
export function WalletPage() {
  const { t } = useTranslation();
  const selfQuery = useSelf();
  const { refresh } = useStatusState();
  const user = selfQuery.data;

  // The top-up settings (link, minimum, pay methods, online top-up) come from the status: read them fresh.
  useEffect(() => {
    void refresh();
  }, [refresh]);

  return (
    <Row gutter={[16, 16]} data-testid="wallet-page">
      <Col span={24}>
        {user ? (
          <BalanceCard user={user} />
        ) : selfQuery.isError ? (
          <Result
            status="warning"
            title={t('wallet.loadFailed')}
            extra={<Button onClick={() => selfQuery.refetch()}>{t('wallet.retry')}</Button>}
          />
        ) : (
          <Skeleton active paragraph={{ rows: 2 }} />
        )}
      </Col>
      <Col xs={24} lg={10}>
        <RedeemCard />
      </Col>
      <Col xs={24} lg={14}>
        <OnlineTopUpCard />
      </Col>
      <Col span={24}>
        <ProviderTopUpCard />
      </Col>
      <Col span={24}>
        <SubscriptionPlansCard />
      </Col>
      <Col span={24}>
        <MyOrdersCard />
      </Col>
    </Row>
  );
}
