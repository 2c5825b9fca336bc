import { Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS } from '../../../../common/limits.ts';
import { type ChannelListItem, type ChannelView, isTagRow, type TagRow } from '../../api/channels.ts';
import { useQuotaRenderer } from '../../components/quota.ts';
import { useIsMobile } from '../../components/use-is-mobile.ts';
import { rowKey } from './batch-rules.ts';
import {
  BalanceCell,
  ChannelStatusTag,
  InlineNumber,
  ResponseTimeTag,
  useStatusReasonText,
} from './ChannelCells.tsx';
import {
  ChannelRowActions,
  type ChannelRowHandlers,
  type ChannelRowPending,
  TagRowActions,
} from './ChannelRowActions.tsx';
import { balanceText, channelStatusLabel, providerName, sortedGroups } from './channel-display.ts';
import { PRIORITY_MIN, WEIGHT_MIN } from './channel-form-rules.ts';
import type { ChannelColumn, ColumnVisibility } from './list-settings.ts';

export interface ChannelsTableProps extends ChannelRowHandlers {
  items: ChannelListItem[];
  loading: boolean;
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number, pageSize: number) => void;
  visibleColumns: ColumnVisibility;
  /** Batch mode shows row checkboxes. */
  batchMode: boolean;
  selectedKeys: Key[];
  onSelectionChange: (keys: Key[]) => void;
  /** Pending work of a row, to show spinners. */
  pendingOf: (channel: ChannelView) => ChannelRowPending;
  updatingBalanceId: number | null;
  changingTag: string | null;
  onRefreshBalance: (channel: ChannelView) => void;
  onSetPriority: (channel: ChannelView, priority: number) => Promise<unknown>;
  onSetWeight: (channel: ChannelView, weight: number) => Promise<unknown>;
  onSetTagStatus: (tag: string, enable: boolean) => void;
  onEditTag: (tag: string) => void;
  onSetTagPriority: (tag: string, priority: number) => Promise<unknown>;
  onSetTagWeight: (tag: string, weight: number) => Promise<unknown>;
}

function ChannelName({ channel, showTag }: { channel: ChannelView; showTag: boolean }) {
  const reason = useStatusReasonText(channel);
  return (
    <Space orientation="vertical" size={0}>
      <Tooltip title={reason}>
        <Typography.Text strong>{channel.name}</Typography.Text>
      </Tooltip>
      {showTag && channel.tag && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          #{channel.tag}
        </Typography.Text>
      )}
    </Space>
  );
}

function TagName({ row }: { row: TagRow }) {
  const { t } = useTranslation();
  return (
    <Space size={6}>
      <Tag color="blue">{row.tag}</Tag>
      <Typography.Text type="secondary">
        {t('channels.tagRow.count', { count: row.children.length })}
      </Typography.Text>
    </Space>
  );
}

function GroupTags({ groups }: { groups: string | null }) {
  return (
    <Space size={[4, 4]} wrap>
      {sortedGroups(groups).map((group) => (
        <Tag key={group}>{group}</Tag>
      ))}
    </Space>
  );
}

/** The channel list: plain rows, or tag rows whose children are the tag's channels (spec §2, §4). */
export function ChannelsTable(props: ChannelsTableProps) {
  const { t } = useTranslation();
  const renderQuota = useQuotaRenderer();
  const isMobile = useIsMobile();

  const allColumns: (ColumnsType<ChannelListItem>[number] & { key: ChannelColumn })[] = [
    {
      title: t('channels.columns.id'),
      key: 'id',
      width: 70,
      render: (_value, item) => (isTagRow(item) ? null : item.id),
    },
    {
      title: t('channels.columns.name'),
      key: 'name',
      render: (_value, item) =>
        isTagRow(item) ? (
          <TagName row={item} />
        ) : (
          <ChannelName channel={item} showTag={!props.items.some(isTagRow)} />
        ),
    },
    {
      title: t('channels.columns.group'),
      key: 'group',
      render: (_value, item) => <GroupTags groups={item.group} />,
    },
    {
      title: t('channels.columns.type'),
      key: 'type',
      render: (_value, item) => {
        if (isTagRow(item)) return <Tag color="purple">{t('channels.tagRow.type')}</Tag>;
        const name = providerName(item.type);
        return <Tag color="geekblue">{name ?? t('channels.type.unknown', { type: item.type })}</Tag>;
      },
    },
    {
      title: t('channels.columns.status'),
      key: 'status',
      render: (_value, item) => {
        if (!isTagRow(item)) return <ChannelStatusTag channel={item} />;
        const label = channelStatusLabel(item.status);
        return (
          <Tag color={label.color} data-testid={`tag-status-${item.tag}`}>
            {t(label.key)}
          </Tag>
        );
      },
    },
    {
      title: t('channels.columns.responseTime'),
      key: 'response_time',
      render: (_value, item) => (
        <ResponseTimeTag
          milliseconds={item.response_time}
          testTime={isTagRow(item) ? undefined : item.test_time}
        />
      ),
    },
    {
      title: t('channels.columns.usedQuota'),
      key: 'used_quota',
      render: (_value, item) => (
        <Tooltip title={t('channels.columns.usedQuota')}>
          <Tag>{renderQuota(item.used_quota)}</Tag>
        </Tooltip>
      ),
    },
    {
      title: t('channels.columns.balance'),
      key: 'balance',
      render: (_value, item) =>
        isTagRow(item) ? (
          <Tag>{balanceText(item.balance)}</Tag>
        ) : (
          <BalanceCell
            channel={item}
            updating={props.updatingBalanceId === item.id}
            onRefresh={() => props.onRefreshBalance(item)}
          />
        ),
    },
    {
      title: t('channels.columns.priority'),
      key: 'priority',
      render: (_value, item) =>
        isTagRow(item) ? (
          <InlineNumber
            value={item.priority}
            min={PRIORITY_MIN}
            onCommit={(priority) => props.onSetTagPriority(item.tag, priority)}
            ariaLabel={t('channels.columns.priority')}
            testId={`tag-priority-${item.tag}`}
          />
        ) : (
          <InlineNumber
            value={item.priority}
            min={PRIORITY_MIN}
            onCommit={(priority) => props.onSetPriority(item, priority)}
            ariaLabel={t('channels.columns.priority')}
            testId={`channel-priority-${item.id}`}
          />
        ),
    },
    {
      title: t('channels.columns.weight'),
      key: 'weight',
      render: (_value, item) =>
        isTagRow(item) ? (
          <InlineNumber
            value={item.weight}
            min={WEIGHT_MIN}
            onCommit={(weight) => props.onSetTagWeight(item.tag, weight)}
            ariaLabel={t('channels.columns.weight')}
            testId={`tag-weight-${item.tag}`}
          />
        ) : (
          <InlineNumber
            value={item.weight}
            min={WEIGHT_MIN}
            onCommit={(weight) => props.onSetWeight(item, weight)}
            ariaLabel={t('channels.columns.weight')}
            testId={`channel-weight-${item.id}`}
          />
        ),
    },
    {
      title: t('channels.columns.actions'),
      key: 'actions',
      // On a phone a fixed column would cover the whole table.
      fixed: isMobile ? undefined : 'right',
      render: (_value, item) =>
        isTagRow(item) ? (
          <TagRowActions
            tag={item.tag}
            changingStatus={props.changingTag === item.tag}
            onSetTagStatus={props.onSetTagStatus}
            onEditTag={props.onEditTag}
          />
        ) : (
          <ChannelRowActions
            channel={item}
            pending={props.pendingOf(item)}
            onTest={props.onTest}
            onSetStatus={props.onSetStatus}
            onEdit={props.onEdit}
            onCopy={props.onCopy}
            onDelete={props.onDelete}
            onDetectUpstream={props.onDetectUpstream}
          />
        ),
    },
  ];

  const columns = allColumns.filter((column) => props.visibleColumns[column.key]);

  const pagination: TablePaginationConfig = {
    current: props.page,
    pageSize: props.pageSize,
    total: props.total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
    showTotal: (total) => t('channels.pagination.total', { total }),
    onChange: props.onPageChange,
  };

  return (
    <div data-testid="channels-table">
      <Table<ChannelListItem>
        rowKey={rowKey}
        columns={columns}
        dataSource={props.items}
        loading={props.loading}
        pagination={pagination}
        scroll={{ x: 'max-content' }}
        size="middle"
        rowSelection={
          props.batchMode
            ? {
                selectedRowKeys: props.selectedKeys,
                onChange: (keys) => props.onSelectionChange(keys),
                preserveSelectedRowKeys: true,
                checkStrictly: false,
              }
            : undefined
        }
      />
    </div>
  );
}
