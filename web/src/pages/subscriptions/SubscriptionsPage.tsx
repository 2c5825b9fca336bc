import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionPlanEntry } from '../../../../common/api/subscriptions.ts';
import { useAdminPlans, useDisablePlan, useSavePlan } from '../wallet/subscription-api.ts';
import { AllowanceList, usePeriodText } from '../wallet/subscription-items.tsx';
import { PlanModal } from './PlanModal.tsx';
import { UserSubscriptionsCard } from './UserSubscriptionsCard.tsx';

/** Route /subscriptions (administrators): subscription plans and users' subscriptions (docs/subscriptions.md). */
export function SubscriptionsPage() {
  const { t } = useTranslation();
  const plans = useAdminPlans();
  const disable = useDisablePlan();
  const save = useSavePlan();
  const periodText = usePeriodText();
  const [editing, setEditing] = useState<SubscriptionPlanEntry | null>(null);
  const [open, setOpen] = useState(false);
  const enable = (entry: SubscriptionPlanEntry) => {
    const { id: _id, created_at: _created, updated_at: _updated, ...plan } = entry.plan;
    save.mutate({ id: entry.plan.id, payload: { plan: { ...plan, enabled: true }, items: entry.items } });
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16} data-testid="subscriptions-page">
      <Card
        title={t('subscriptions.title')}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setEditing(null);
              setOpen(true);
            }}
            data-testid="plan-create"
          >
            {t('subscriptions.createPlan')}
          </Button>
        }
      >
        <Table<SubscriptionPlanEntry>
          rowKey={(entry) => entry.plan.id}
          loading={plans.isLoading}
          dataSource={plans.data ?? []}
          pagination={false}
          scroll={{ x: 720 }}
          columns={[
            { title: 'ID', render: (_, entry) => entry.plan.id, width: 60 },
            { title: t('subscriptions.field.title'), render: (_, entry) => entry.plan.title },
            {
              title: t('subscriptions.field.price'),
              render: (_, entry) => `${entry.plan.price_amount} ${entry.plan.currency}`,
            },
            { title: t('subscriptions.field.period'), render: (_, entry) => periodText(entry.plan) },
            {
              title: t('subscriptions.allowances'),
              render: (_, entry) => <AllowanceList items={entry.items} />,
            },
            {
              title: t('subscriptions.field.enabled'),
              render: (_, entry) =>
                entry.plan.enabled ? (
                  <Tag color="green">{t('subscriptions.onSale')}</Tag>
                ) : (
                  <Tag>{t('subscriptions.offSale')}</Tag>
                ),
            },
            {
              title: t('subscriptions.actions'),
              render: (_, entry) => (
                <Space wrap>
                  <Button
                    size="small"
                    onClick={() => {
                      setEditing(entry);
                      setOpen(true);
                    }}
                  >
                    {t('subscriptions.edit')}
                  </Button>
                  {entry.plan.enabled ? (
                    <Popconfirm
                      title={t('subscriptions.disableConfirm')}
                      onConfirm={() => disable.mutate(entry.plan.id)}
                    >
                      <Button size="small" danger>
                        {t('subscriptions.disable')}
                      </Button>
                    </Popconfirm>
                  ) : (
                    <Button size="small" onClick={() => enable(entry)}>
                      {t('subscriptions.enable')}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <UserSubscriptionsCard plans={plans.data ?? []} />
      <PlanModal entry={editing} open={open} onClose={() => setOpen(false)} />
    </Space>
  );
}
