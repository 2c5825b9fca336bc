import { MinusSquareOutlined, PlusSquareOutlined } from '@ant-design/icons';
import { Button, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogView } from '../../api/logs.ts';
import { PagedTable, type PagedTableData } from '../../components/list-page/PagedTable.tsx';
import { formatUnixTime } from '../tokens/token-display.ts';
import { ChannelCell, ModelCell, UserCell, UseTimeCell } from './LogCells.tsx';
import { LogDetails } from './LogDetails.tsx';
import { LOG_COLUMN_TITLE_KEYS, type LogColumn } from './log-columns.ts';
import { type DetailRow, detailText, type LogOther, logDetailRows, parseLogOther } from './log-details.ts';
import { logTypeTag, showsUsage } from './log-display.ts';
import { useCostFormatter } from './use-logs.ts';

export interface LogsTableProps {
  data: PagedTableData<LogView>;
  admin: boolean;
  /** The columns to show, in table order. */
  columns: LogColumn[];
  onOpenUser: (userId: number) => void;
}

/** A log with its parsed `other`, detail rows and sentence, worked out once per reply. */
interface LogRow extends LogView {
  parsedOther: LogOther;
  detailRows: DetailRow[];
  /** The row's content in the reader's language (./log-content.ts). */
  sentence: string;
}

/** Usage cells stay empty on rows that are not consumption. */
function usageOnly(row: LogRow, cell: ReactNode): ReactNode {
  return showsUsage(row.type) ? cell : null;
}

export function LogsTable(props: LogsTableProps) {
  const { t } = useTranslation();
  const formatCost = useCostFormatter();
  const { admin, onOpenUser } = props;

  const rows = useMemo<LogRow[]>(
    () =>
      props.data.rows.map((log) => {
        const detailRows = logDetailRows(log, admin, formatCost);
        const content = detailRows.find((detail) => detail.label === 'logs.detail.content');
        return {
          ...log,
          parsedOther: parseLogOther(log.other),
          detailRows,
          sentence: content ? detailText(content.value, t) : '',
        };
      }),
    [props.data.rows, admin, formatCost, t],
  );

  const definitions: Record<LogColumn, ColumnsType<LogRow>[number]> = {
    time: {
      key: 'time',
      render: (_value, row) => <span style={{ whiteSpace: 'nowrap' }}>{formatUnixTime(row.created_at)}</span>,
    },
    channel: {
      key: 'channel',
      render: (_value, row) => usageOnly(row, <ChannelCell log={row} />),
    },
    username: {
      key: 'username',
      render: (_value, row) => <UserCell log={row} onOpen={onOpenUser} />,
    },
    token: {
      key: 'token',
      render: (_value, row) => usageOnly(row, row.token_name ? <Tag>{row.token_name}</Tag> : null),
    },
    group: {
      key: 'group',
      render: (_value, row) => usageOnly(row, row.group ? <Tag>{row.group}</Tag> : null),
    },
    type: {
      key: 'type',
      render: (_value, row) => {
        const tag = logTypeTag(row.type);
        return <Tag color={tag.color}>{t(tag.key)}</Tag>;
      },
    },
    model: {
      key: 'model',
      render: (_value, row) =>
        usageOnly(row, row.model_name ? <ModelCell log={row} other={row.parsedOther} /> : null),
    },
    use_time: {
      key: 'use_time',
      render: (_value, row) => usageOnly(row, <UseTimeCell log={row} other={row.parsedOther} />),
    },
    prompt: {
      key: 'prompt',
      render: (_value, row) => usageOnly(row, row.prompt_tokens),
    },
    completion: {
      key: 'completion',
      render: (_value, row) => usageOnly(row, row.completion_tokens),
    },
    cost: {
      key: 'cost',
      render: (_value, row) => usageOnly(row, formatCost(row.quota)),
    },
    details: {
      key: 'details',
      render: (_value, row) => (
        <Typography.Text
          ellipsis={{ tooltip: row.sentence }}
          style={{ maxWidth: 320 }}
          data-testid={`log-content-${row.id}`}
        >
          {row.sentence}
        </Typography.Text>
      ),
    },
  };

  return (
    <PagedTable<LogRow>
      testId="logs-table"
      size="middle"
      data={{ ...props.data, rows }}
      columns={props.columns.map((column) => ({
        ...definitions[column],
        title: t(LOG_COLUMN_TITLE_KEYS[column]),
      }))}
      totalText={(total) => t('logs.pagination.total', { total })}
      expandable={{
        // A fixed expand column makes antd pin each expanded row to the visible width of the table.
        fixed: 'left',
        rowExpandable: (row) => row.detailRows.length > 0,
        expandedRowRender: (row) => <LogDetails rows={row.detailRows} logId={row.id} />,
        expandIcon: ({ expanded, expandable, onExpand, record }) =>
          expandable ? (
            <Button
              type="text"
              size="small"
              icon={expanded ? <MinusSquareOutlined /> : <PlusSquareOutlined />}
              aria-label={expanded ? t('logs.details.collapse') : t('logs.details.expand')}
              aria-expanded={expanded}
              onClick={(event) => onExpand(record, event)}
              data-testid={`log-expand-${record.id}`}
            />
          ) : null,
      }}
    />
  );
}
