import { Card, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../../common/api-types.ts';
import { http } from '../../api/client.ts';
import { PagedTable, usePagedTableData } from '../../components/list-page/PagedTable.tsx';
import { useQuotaRenderer } from '../../components/quota.ts';
import { useListState } from '../../components/use-list-state.ts';
import { usePageQuery } from '../../components/use-reply-query.ts';
import { orderCreditsQuota, orderStatusTag, type TopUpOrderView } from '../orders/order-display.ts';
import { formatUnixTime } from '../tokens/token-display.ts';

/** The caller's top-up orders of the last 30 days (GET /api/user/topup/self, docs/reference/payments.md "Orders"). */
export function MyOrdersCard() {
  const { t } = useTranslation();
  const renderQuota = useQuotaRenderer();
  const list = useListState('');
  const listQuery = usePageQuery<TopUpOrderView>(['wallet', 'orders', list.page, list.pageSize], () =>
    http.get<Page<TopUpOrderView>>('/api/user/topup/self', { p: list.page, page_size: list.pageSize }),
  );
  const tableData = usePagedTableData(list, listQuery);
  // Nothing to show until the user has ordered something.
  if (!listQuery.data || listQuery.data.total === 0) return null;

  const columns: ColumnsType<TopUpOrderView> = [
    { title: t('payments.orders.columns.tradeNo'), dataIndex: 'trade_no', key: 'trade_no' },
    { title: t('payments.orders.columns.method'), dataIndex: 'payment_method', key: 'payment_method' },
    {
      title: t('payments.orders.columns.amount'),
      key: 'amount',
      render: (_value, order) => (orderCreditsQuota(order) ? renderQuota(order.amount) : `$${order.amount}`),
    },
    {
      title: t('payments.orders.columns.money'),
      dataIndex: 'money',
      key: 'money',
      render: (money: number) => money.toFixed(2),
    },
    {
      title: t('payments.orders.columns.status'),
      key: 'status',
      render: (_value, order) => {
        const tag = orderStatusTag(order.status);
        return <Tag color={tag.color}>{tag.key ? t(tag.key) : order.status}</Tag>;
      },
    },
    {
      title: t('payments.orders.columns.created'),
      dataIndex: 'create_time',
      key: 'create_time',
      render: (seconds: number) => formatUnixTime(seconds),
    },
  ];
  return (
    <Card title={t('payments.myOrders')}>
      <PagedTable<TopUpOrderView>
        testId="wallet-orders"
        data={tableData}
        columns={columns}
        totalText={(total) => t('payments.orders.total', { total })}
      />
    </Card>
  );
}
