import { Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS } from '../../../../common/limits.ts';
import { TokenStatus } from '../../../../common/statuses.ts';
import type { TokenView } from '../../api/tokens.ts';
import { useQuotaRenderer } from '../../components/quota.ts';
import type { ChatLinksResult } from './chat-links.ts';
import { TokenRowActions } from './TokenRowActions.tsx';
import { expiryText, formatUnixTime, tokenStatusLabel } from './token-display.ts';

export interface TokensTableProps {
  tokens: TokenView[];
  loading: boolean;
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number, pageSize: number) => void;
  chatLinks: ChatLinksResult;
  /** Ids of rows with a status change or a deletion in flight. */
  togglingId: number | null;
  deletingId: number | null;
  onToggle: (token: TokenView) => void;
  onCopy: (token: TokenView) => void;
  onOpenChat: (token: TokenView, template: string) => void;
  onEdit: (token: TokenView) => void;
  onDelete: (token: TokenView) => void;
}

export function TokensTable(props: TokensTableProps) {
  const { t } = useTranslation();
  const renderQuota = useQuotaRenderer();

  const columns: ColumnsType<TokenView> = [
    {
      title: t('tokens.columns.name'),
      dataIndex: 'name',
      key: 'name',
      render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
    },
    {
      title: t('tokens.columns.status'),
      key: 'status',
      render: (_value, token) => {
        const label = tokenStatusLabel(token);
        return (
          <Space size={8}>
            <Tooltip
              title={token.model_limits_enabled ? token.model_limits.split(',').join(', ') : undefined}
            >
              <Tag color={label.color} data-testid={`token-status-tag-${token.id}`}>
                {t(label.key)}
              </Tag>
            </Tooltip>
            <Switch
              size="small"
              checked={token.status === TokenStatus.enabled}
              loading={props.togglingId === token.id}
              onChange={() => props.onToggle(token)}
              aria-label={t('tokens.actions.toggle')}
              data-testid={`token-status-${token.id}`}
            />
          </Space>
        );
      },
    },
    {
      title: t('tokens.columns.usedQuota'),
      key: 'used_quota',
      render: (_value, token) => renderQuota(token.used_quota),
    },
    {
      title: t('tokens.columns.remainQuota'),
      key: 'remain_quota',
      render: (_value, token) =>
        token.unlimited_quota ? (
          <Tag color="blue">{t('tokens.quota.unlimited')}</Tag>
        ) : (
          renderQuota(token.remain_quota)
        ),
    },
    {
      title: t('tokens.columns.createdTime'),
      key: 'created_time',
      render: (_value, token) => formatUnixTime(token.created_time),
    },
    {
      title: t('tokens.columns.expiredTime'),
      key: 'expired_time',
      render: (_value, token) => expiryText(token.expired_time) ?? t('tokens.expiry.never'),
    },
    {
      title: t('tokens.columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_value, token) => (
        <TokenRowActions
          token={token}
          chatLinks={props.chatLinks}
          deleting={props.deletingId === token.id}
          onCopy={props.onCopy}
          onOpenChat={props.onOpenChat}
          onEdit={props.onEdit}
          onDelete={props.onDelete}
        />
      ),
    },
  ];

  const pagination: TablePaginationConfig = {
    current: props.page,
    pageSize: props.pageSize,
    total: props.total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
    showTotal: (total) => t('tokens.pagination.total', { total }),
    onChange: props.onPageChange,
  };

  return (
    <div data-testid="tokens-table">
      <Table<TokenView>
        rowKey="id"
        columns={columns}
        dataSource={props.tokens}
        loading={props.loading}
        pagination={pagination}
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}
