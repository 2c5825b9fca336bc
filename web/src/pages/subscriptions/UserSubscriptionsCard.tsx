import { Button, Card, Empty, InputNumber, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionPlanEntry } from '../../../../common/api/subscriptions.ts';
import { showSuccess } from '../../components/feedback.ts';
import { useBindPlan, useEndSubscription, useUserSubscriptions } from '../wallet/subscription-api.ts';
import { AllowanceList } from '../wallet/subscription-items.tsx';

const STATUS_COLORS: Record<string, string> = { active: 'green', expired: 'default', cancelled: 'red' };

/** A user's subscriptions by user id: bind a plan without payment, cancel or delete a subscription. */
export function UserSubscriptionsCard({ plans }: { plans: readonly SubscriptionPlanEntry[] }) {
  const { t } = useTranslation();
  const [userId, setUserId] = useState<number | null>(null);
  const [planId, setPlanId] = useState<number | null>(null);
  const subscriptions = useUserSubscriptions(userId);
  const bind = useBindPlan();
  const end = useEndSubscription();

  return (
    <Card title={t('subscriptions.userTitle')} data-testid="user-subscriptions">
      <Space wrap style={{ marginBottom: 16 }}>
        <InputNumber
          min={1}
          precision={0}
          placeholder={t('subscriptions.userId')}
          value={userId}
          onChange={(value) => setUserId(typeof value === 'number' ? value : null)}
          data-testid="user-subscriptions-user"
        />
        <Select
          style={{ minWidth: 200 }}
          placeholder={t('subscriptions.choosePlan')}
          value={planId}
          onChange={setPlanId}
          options={plans.map(({ plan }) => ({ value: plan.id, label: plan.title }))}
        />
        <Button
          type="primary"
          disabled={userId === null || planId === null}
          loading={bind.isPending}
          onClick={() =>
            userId !== null &&
            planId !== null &&
            bind.mutate(
              { user_id: userId, plan_id: planId },
              { onSuccess: () => showSuccess(t('subscriptions.bound')) },
            )
          }
        >
          {t('subscriptions.bind')}
        </Button>
      </Space>
      {userId === null ? null : (subscriptions.data ?? []).length === 0 ? (
        <Empty description={t('subscriptions.none')} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          {(subscriptions.data ?? []).map(({ subscription, items }) => (
            <Card size="small" key={subscription.id}>
              <Space wrap>
                <Typography.Text strong>
                  {subscription.plan_title || `#${subscription.plan_id}`}
                </Typography.Text>
                <Tag color={STATUS_COLORS[subscription.status]}>
                  {t(`subscriptions.status.${subscription.status}`)}
                </Tag>
                <Typography.Text type="secondary">
                  {dayjs.unix(subscription.start_time).format('YYYY-MM-DD HH:mm')} →{' '}
                  {dayjs.unix(subscription.end_time).format('YYYY-MM-DD HH:mm')}
                </Typography.Text>
                {subscription.status === 'active' ? (
                  <Popconfirm
                    title={t('subscriptions.invalidateConfirm')}
                    onConfirm={() => end.mutate({ id: subscription.id, remove: false })}
                  >
                    <Button size="small">{t('subscriptions.invalidate')}</Button>
                  </Popconfirm>
                ) : null}
                <Popconfirm
                  title={t('subscriptions.deleteConfirm')}
                  onConfirm={() => end.mutate({ id: subscription.id, remove: true })}
                >
                  <Button size="small" danger>
                    {t('subscriptions.delete')}
                  </Button>
                </Popconfirm>
              </Space>
              <AllowanceList items={items} />
            </Card>
          ))}
        </Space>
      )}
    </Card>
  );
}
