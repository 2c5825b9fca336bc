import { Button, Card, Col, Empty, Popconfirm, Row, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../components/feedback.ts';
import { useQuotaRenderer } from '../../components/quota.ts';
import { useStatus } from '../../components/status.tsx';
import { useBuyWithWallet, useSelfSubscriptions, useSubscriptionPlans } from './subscription-api.ts';
import { AllowanceList, usePeriodText } from './subscription-items.tsx';

/**
 * The wallet's subscription plans (docs/subscriptions.md): the user's active subscriptions with what is left of
 * each allowance, and the plans on sale, bought from the balance after a confirmation.
 */
export function SubscriptionPlansCard() {
  const { t } = useTranslation();
  const renderQuota = useQuotaRenderer();
  const { quota_per_unit } = useStatus();
  const periodText = usePeriodText();
  const plans = useSubscriptionPlans();
  const self = useSelfSubscriptions();
  const buy = useBuyWithWallet();
  const active = self.data?.subscriptions ?? [];
  const onSale = plans.data ?? [];
  if (active.length === 0 && onSale.length === 0) return null;

  return (
    <Card title={t('subscriptions.walletTitle')} data-testid="wallet-subscriptions">
      {active.length > 0 ? (
        <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }}>
          <Typography.Title level={5}>{t('subscriptions.mine')}</Typography.Title>
          {active.map(({ subscription, items }) => (
            <Card size="small" key={subscription.id} data-testid={`my-subscription-${subscription.id}`}>
              <Space wrap>
                <Typography.Text strong>
                  {subscription.plan_title || `#${subscription.plan_id}`}
                </Typography.Text>
                <Tag color="green">{t(`subscriptions.status.${subscription.status}`)}</Tag>
                <Typography.Text type="secondary">
                  {t('subscriptions.endsAt', {
                    time: dayjs.unix(subscription.end_time).format('YYYY-MM-DD HH:mm'),
                  })}
                </Typography.Text>
              </Space>
              <AllowanceList items={items} />
            </Card>
          ))}
        </Space>
      ) : null}
      {onSale.length > 0 ? (
        <Row gutter={[12, 12]}>
          {onSale.map(({ plan, items }) => (
            <Col xs={24} md={12} xl={8} key={plan.id}>
              <Card size="small" title={plan.title} data-testid={`plan-${plan.id}`}>
                {plan.subtitle ? (
                  <Typography.Paragraph type="secondary">{plan.subtitle}</Typography.Paragraph>
                ) : null}
                <Typography.Paragraph>
                  <Typography.Text strong>
                    {plan.price_amount} {plan.currency}
                  </Typography.Text>{' '}
                  / {periodText(plan)}
                </Typography.Paragraph>
                <AllowanceList items={items} />
                <Popconfirm
                  title={t('subscriptions.buyConfirm', {
                    title: plan.title,
                    price: renderQuota(Math.round(plan.price_amount * quota_per_unit)),
                  })}
                  onConfirm={() =>
                    buy.mutate(plan.id, { onSuccess: () => showSuccess(t('subscriptions.bought')) })
                  }
                  okText={t('subscriptions.buy')}
                  cancelText={t('subscriptions.cancel')}
                >
                  <Button
                    type="primary"
                    block
                    style={{ marginTop: 12 }}
                    loading={buy.isPending && buy.variables === plan.id}
                    data-testid={`plan-buy-${plan.id}`}
                  >
                    {t('subscriptions.buyWithBalance')}
                  </Button>
                </Popconfirm>
              </Card>
            </Col>
          ))}
        </Row>
      ) : (
        <Empty description={t('subscriptions.noPlans')} />
      )}
    </Card>
  );
}
