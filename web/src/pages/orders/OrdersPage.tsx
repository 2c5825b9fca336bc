import { Button, Popconfirm, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../../common/api-types.ts';
import { ensureSuccess, http, reportFailure } from '../../api/client.ts';
import { showSuccess } from '../../components/feedback.ts';
import {
  ListPage,
  ListToolbar,
  SearchField,
  SearchSelectField,
} from '../../components/list-page/ListPage.tsx';
import { PagedTable, usePagedTableData } from '../../components/list-page/PagedTable.tsx';
import { useQuotaRenderer } from '../../components/quota.ts';
import { useListState, useSearchForm } from '../../components/use-list-state.ts';
import { usePageQuery } from '../../components/use-reply-query.ts';
import { formatUnixTime } from '../tokens/token-display.ts';
import {
  ORDER_METHODS,
  ORDER_STATUSES,
  type OrderSearch,
  orderCreditsQuota,
  orderListParams,
  orderStatusTag,
  type TopUpOrderView,
} from './order-display.ts';

type SearchValues = Partial<OrderSearch>;

const EMPTY: OrderSearch = { keyword: '', status: '', payment_method: '' };
const toSearch = (values: SearchValues): OrderSearch => ({
  keyword: values.keyword?.trim() ?? '',
  status: values.status ?? '',
  payment_method: values.payment_method ?? '',
});

/**
 * Top-up orders of every user (administrators; docs/reference/payments.md "Orders"): search by trade
 * number, status and method; a pending order can be completed by hand (credited once).
 */
export function OrdersPage() {
  const { t } = useTranslation();
  const renderQuota = useQuotaRenderer();
  const list = useListState<OrderSearch>(EMPTY);
  const params = orderListParams(list.search, list.page, list.pageSize);
  const listQuery = usePageQuery<TopUpOrderView>(['orders', 'list', params], () =>
    http.get<Page<TopUpOrderView>>('/api/user/topup', params),
  );
  const searchForm = useSearchForm(list, { toSearch, reload: listQuery.refetch });
  const tableData = usePagedTableData(list, listQuery);

  const complete = async (order: TopUpOrderView) => {
    try {
      ensureSuccess(await http.post('/api/user/topup/complete', { trade_no: order.trade_no }));
      showSuccess(t('payments.orders.completed'));
      await listQuery.refetch();
    } catch (error) {
      reportFailure(error);
    }
  };

  const columns: ColumnsType<TopUpOrderView> = [
    { title: t('payments.orders.columns.id'), dataIndex: 'id', key: 'id' },
    {
      title: t('payments.orders.columns.user'),
      key: 'user',
      render: (_value, order) => `${order.username || '-'} (#${order.user_id})`,
    },
    {
      title: t('payments.orders.columns.tradeNo'),
      dataIndex: 'trade_no',
      key: 'trade_no',
      render: (tradeNo: string) => <Typography.Text copyable>{tradeNo}</Typography.Text>,
    },
    {
      title: t('payments.orders.columns.method'),
      key: 'method',
      render: (_value, order) => `${order.payment_method} / ${order.payment_provider}`,
    },
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
      title: t('payments.orders.columns.reference'),
      dataIndex: 'checkout_id',
      key: 'checkout_id',
      render: (reference: string) => reference || '-',
    },
    {
      title: t('payments.orders.columns.status'),
      key: 'status',
      render: (_value, order) => {
        const tag = orderStatusTag(order.status);
        return (
          <Tag color={tag.color} data-testid={`order-status-${order.id}`}>
            {tag.key ? t(tag.key) : order.status}
          </Tag>
        );
      },
    },
    {
      title: t('payments.orders.columns.created'),
      dataIndex: 'create_time',
      key: 'create_time',
      render: (seconds: number) => formatUnixTime(seconds),
    },
    {
      title: t('payments.orders.columns.completed'),
      dataIndex: 'complete_time',
      key: 'complete_time',
      render: (seconds: number) => (seconds > 0 ? formatUnixTime(seconds) : '-'),
    },
  ];

  return (
    <ListPage title={t('payments.orders.title')} testId="orders-page">
      <ListToolbar
        search={searchForm}
        testIdPrefix="orders"
        labels={[t('payments.orders.search.submit'), t('payments.orders.search.reset')]}
        actions={null}
      >
        <SearchField
          name="keyword"
          icon
          width={240}
          texts={[t('payments.orders.search.keyword'), t('payments.orders.search.keyword')]}
        />
        <SearchSelectField
          name="status"
          width={140}
          loading={false}
          texts={[t('payments.orders.columns.status'), t('payments.orders.columns.status')]}
          options={ORDER_STATUSES.map((status) => ({
            value: status,
            label: t(orderStatusTag(status).key ?? status),
          }))}
        />
        <SearchSelectField
          name="payment_method"
          width={140}
          loading={false}
          texts={[t('payments.orders.columns.method'), t('payments.orders.columns.method')]}
          options={ORDER_METHODS.map((method) => ({ value: method, label: method }))}
        />
      </ListToolbar>
      <PagedTable<TopUpOrderView>
        testId="orders-table"
        data={tableData}
        columns={columns}
        totalText={(total) => t('payments.orders.total', { total })}
        actions={{
          title: t('payments.orders.columns.actions'),
          render: (order) =>
            order.status === 'pending' ? (
              <Popconfirm
                title={t('payments.orders.complete.confirm')}
                okText={t('payments.orders.complete.button')}
                onConfirm={() => complete(order)}
              >
                <Button size="small" data-testid={`order-complete-${order.id}`}>
                  {t('payments.orders.complete.button')}
                </Button>
              </Popconfirm>
            ) : null,
        }}
      />
    </ListPage>
  );
}
