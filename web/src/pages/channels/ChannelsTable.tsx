import { Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChannelListItem, type ChannelView, isTagRow, type TagRow } from '../../api/channels.ts';
import { PagedTable, type PagedTableData } from '../../components/list-page/PagedTable.tsx';
import { useQuotaRenderer } from '../../components/quota.ts';
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
import { CHANNEL_COLUMN_TITLE_KEYS, type ChannelColumn, type ColumnVisibility } from './list-settings.ts';

/** What the rows do and which of them are busy (use-channel-row-handlers.ts). */
export interface ChannelsTableHandlers extends ChannelRowHandlers {
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

export interface ChannelsTableProps extends ChannelsTableHandlers {
  data: PagedTableData<ChannelListItem>;
  visibleColumns: ColumnVisibility;
  /** Batch mode shows row checkboxes. */
  batchMode: boolean;
  selectedKeys: Key[];
  onSelectionChange: (keys: Key[]) => void;
}

type ChannelTableColumn = ColumnsType<ChannelListItem>[number] & { key: ChannelColumn };

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

/** The channel list: plain rows, or tag rows whose children are the tag's channels (docs/reference/console-screens.md). */
export function ChannelsTable(props: ChannelsTableProps) {
  const { t } = useTranslation();
  const renderQuota = useQuotaRenderer();
  const items = props.data.rows;
  const title = (column: ChannelColumn) => t(CHANNEL_COLUMN_TITLE_KEYS[column]);

  /** Priority or weight, edited in place: of the channel, or of every channel of a tag row. */
  const numberColumn = (
    key: 'priority' | 'weight',
    min: number,
    onChannel: (channel: ChannelView, value: number) => Promise<unknown>,
    onTag: (tag: string, value: number) => Promise<unknown>,
  ): ChannelTableColumn => ({
    title: title(key),
    key,
    render: (_value, item) => (
      <InlineNumber
        value={item[key]}
        min={min}
        onCommit={(value) => (isTagRow(item) ? onTag(item.tag, value) : onChannel(item, value))}
        ariaLabel={title(key)}
        testId={isTagRow(item) ? `tag-${key}-${item.tag}` : `channel-${key}-${item.id}`}
      />
    ),
  });

  const allColumns: ChannelTableColumn[] = [
    {
      title: title('id'),
      key: 'id',
      width: 70,
      render: (_value, item) => (isTagRow(item) ? null : item.id),
    },
    {
      title: title('name'),
      key: 'name',
      render: (_value, item) =>
        isTagRow(item) ? (
          <TagName row={item} />
        ) : (
          <ChannelName channel={item} showTag={!items.some(isTagRow)} />
        ),
    },
    {
      title: title('group'),
      key: 'group',
      render: (_value, item) => <GroupTags groups={item.group} />,
    },
    {
      title: title('type'),
      key: 'type',
      render: (_value, item) => {
        if (isTagRow(item)) return <Tag color="purple">{t('channels.tagRow.type')}</Tag>;
        const name = providerName(item.type);
        return <Tag color="geekblue">{name ?? t('channels.type.unknown', { type: item.type })}</Tag>;
      },
    },
    {
      title: title('status'),
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
      title: title('response_time'),
      key: 'response_time',
      render: (_value, item) => (
        <ResponseTimeTag
          milliseconds={item.response_time}
          testTime={isTagRow(item) ? undefined : item.test_time}
        />
      ),
    },
    {
      title: title('used_quota'),
      key: 'used_quota',
      render: (_value, item) => (
        <Tooltip title={t('channels.columns.usedQuota')}>
          <Tag>{renderQuota(item.used_quota)}</Tag>
        </Tooltip>
      ),
    },
    {
      title: title('balance'),
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
    numberColumn('priority', PRIORITY_MIN, props.onSetPriority, props.onSetTagPriority),
    numberColumn('weight', WEIGHT_MIN, props.onSetWeight, props.onSetTagWeight),
  ];

  const columns = allColumns.filter((column) => props.visibleColumns[column.key]);

  const renderActions = (item: ChannelListItem) =>
    isTagRow(item) ? (
      <TagRowActions
        tag={item.tag}
        changingStatus={props.changingTag === item.tag}
        onSetTagStatus={props.onSetTagStatus}
        onEditTag={props.onEditTag}
      />
    ) : (
      <ChannelRowActions {...props} channel={item} pending={props.pendingOf(item)} />
    );

  return (
    <PagedTable<ChannelListItem>
      testId="channels-table"
      data={props.data}
      rowKey={rowKey}
      columns={columns}
      totalText={(total) => t('channels.pagination.total', { total })}
      actions={props.visibleColumns.actions ? { title: title('actions'), render: renderActions } : undefined}
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
  );
}
