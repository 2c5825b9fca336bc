import { Space, Switch, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { TokenStatus } from '../../../../common/statuses.ts';
import type { TokenView } from '../../api/tokens.ts';
import { LimitUsageCell } from '../../components/LimitUsageCell.tsx';
import { NameCell } from '../../components/list-page/NameCell.tsx';
import { PagedTable, type PagedTableData } from '../../components/list-page/PagedTable.tsx';
import { useQuotaRenderer } from '../../components/quota.ts';
import type { ChatLinksResult } from './chat-links.ts';
import { TokenRowActions } from './TokenRowActions.tsx';
import { expiryText, formatUnixTime, tokenStatusLabel } from './token-display.ts';

export interface TokensTableProps {
  data: PagedTableData<TokenView>;
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
      render: (name: string) => <NameCell name={name} />,
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
      title: t('limits.column'),
      key: 'limits',
      render: (_value, token) => (
        <LimitUsageCell limits={token.limits} usage={token.limit_usage} testId={`token-limits-${token.id}`} />
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
  ];

  return (
    <PagedTable<TokenView>
      testId="tokens-table"
      data={props.data}
      columns={columns}
      actions={{
        title: t('tokens.columns.actions'),
        render: (token) => (
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
      }}
      totalText={(total) => t('tokens.pagination.total', { total })}
    />
  );
}
