/**
 * A subscription's or a plan's allowances as a list (docs/subscriptions.md): per model, an amount of quota or a
 * number of requests, with what is left when `used` is known. Shared by the wallet card and /subscriptions.
 */
import { Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SubscriptionQuotaType } from '../../../../common/api/subscriptions.ts';
import { useQuotaRenderer } from '../../components/quota.ts';

interface AllowanceRow {
  id: number;
  model_name: string;
  quota_type: number;
  amount_total: number;
  amount_used?: number;
}

export function AllowanceList({ items }: { items: readonly AllowanceRow[] }) {
  const { t } = useTranslation();
  const renderQuota = useQuotaRenderer();
  const amount = (item: AllowanceRow, value: number) =>
    item.quota_type === SubscriptionQuotaType.requests
      ? t('subscriptions.requests', { count: value })
      : renderQuota(value);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={4}>
      {items.map((item) => {
        const used = item.amount_used;
        const left = used === undefined ? null : Math.max(0, item.amount_total - used);
        return (
          <div key={item.id} data-testid={`subscription-item-${item.model_name}`}>
            <Space wrap size={4}>
              <Tag>{item.model_name}</Tag>
              <Typography.Text type="secondary">
                {item.quota_type === SubscriptionQuotaType.requests
                  ? t('subscriptions.typeRequests')
                  : t('subscriptions.typeQuota')}
              </Typography.Text>
              <Typography.Text>
                {left === null
                  ? amount(item, item.amount_total)
                  : t('subscriptions.remaining', {
                      left: amount(item, left),
                      total: amount(item, item.amount_total),
                    })}
              </Typography.Text>
            </Space>
            {left !== null && item.amount_total > 0 ? (
              <Progress
                percent={Math.round((left / item.amount_total) * 100)}
                size="small"
                showInfo={false}
              />
            ) : null}
          </div>
        );
      })}
    </Space>
  );
}

/** A plan's period, e.g. '1 month' or '3600 seconds'. */
export function usePeriodText() {
  const { t } = useTranslation();
  return (plan: { duration_unit: string; duration_value: number; custom_seconds: number }) =>
    plan.duration_unit === 'custom'
      ? t('subscriptions.unit.custom', { count: plan.custom_seconds })
      : t(`subscriptions.unit.${plan.duration_unit}`, { count: plan.duration_value });
}
