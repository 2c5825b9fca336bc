import { Progress, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TaskView } from '../../api/task-logs.ts';
import { listPagination } from '../../components/list-pagination.ts';
import {
  ChannelTag,
  DurationTag,
  EMPTY_CELL,
  LongTextCell,
  StatusTag,
} from '../../components/task-log/TaskLogCells.tsx';
import { isFailed, progressPercent, taskDurationSeconds } from '../../components/task-log/task-display.ts';
import { formatUnixTime } from '../tokens/token-display.ts';
import { platformLabel, taskActionLabel, taskRecordJson } from './tasks-display.ts';

export interface TasksTableProps {
  rows: TaskView[];
  loading: boolean;
  /** Admins also see the channel. */
  admin: boolean;
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number, pageSize: number) => void;
  onOpenText: (title: string, text: string) => void;
}

type Column = ColumnsType<TaskView>[number];

function time(seconds: number) {
  return seconds > 0 ? <span style={{ whiteSpace: 'nowrap' }}>{formatUnixTime(seconds)}</span> : EMPTY_CELL;
}

/** The task log's table; task times are unix seconds. */
export function TasksTable(props: TasksTableProps) {
  const { t } = useTranslation();
  const { onOpenText } = props;
  const failReasonTitle = t('tasks.columns.failReason');

  const columns: Column[] = [
    {
      key: 'submit_time',
      title: t('tasks.columns.submitTime'),
      render: (_value, row) => time(row.submit_time),
    },
    {
      key: 'finish_time',
      title: t('tasks.columns.finishTime'),
      render: (_value, row) => time(row.finish_time),
    },
    {
      key: 'progress',
      title: t('tasks.columns.progress'),
      render: (_value, row) => (
        <Progress
          type="circle"
          size={40}
          percent={progressPercent(row.progress)}
          status={isFailed(row.status) ? 'exception' : undefined}
          data-testid={`task-progress-${row.id}`}
        />
      ),
    },
    {
      key: 'duration',
      title: t('tasks.columns.duration'),
      render: (_value, row) => (
        <DurationTag
          seconds={taskDurationSeconds(row.submit_time, row.finish_time, 's')}
          testId={`task-duration-${row.id}`}
        />
      ),
    },
    ...(props.admin
      ? [
          {
            key: 'channel',
            title: t('tasks.columns.channel'),
            render: (_value, row) => (
              <ChannelTag channelId={row.channel_id ?? 0} testId={`task-channel-${row.id}`} />
            ),
          } satisfies Column,
        ]
      : []),
    {
      key: 'platform',
      title: t('tasks.columns.platform'),
      render: (_value, row) => {
        const label = platformLabel(row.platform);
        return <Tag color={label.color}>{t(label.key)}</Tag>;
      },
    },
    {
      key: 'action',
      title: t('tasks.columns.type'),
      render: (_value, row) => {
        const label = taskActionLabel(row.action);
        return <Tag color={label.color}>{t(label.key)}</Tag>;
      },
    },
    {
      key: 'task_id',
      title: t('tasks.columns.taskId'),
      render: (_value, row) => (
        <Typography.Link
          onClick={() => onOpenText(t('tasks.record', { id: row.task_id }), taskRecordJson(row))}
          style={{ whiteSpace: 'nowrap' }}
          data-testid={`task-id-${row.id}`}
        >
          {row.task_id || EMPTY_CELL}
        </Typography.Link>
      ),
    },
    {
      key: 'status',
      title: t('tasks.columns.status'),
      render: (_value, row) => <StatusTag status={row.status} testId={`task-status-${row.id}`} />,
    },
    {
      key: 'fail_reason',
      title: failReasonTitle,
      render: (_value, row) => (
        <LongTextCell
          text={row.fail_reason}
          title={failReasonTitle}
          onOpen={onOpenText}
          testId={`task-fail-${row.id}`}
        />
      ),
    },
  ];

  return (
    <div data-testid="task-table">
      <Table<TaskView>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={props.rows}
        loading={props.loading}
        pagination={listPagination({
          page: props.page,
          pageSize: props.pageSize,
          total: props.total,
          onChange: props.onPageChange,
          totalText: (total) => t('taskLog.pagination.total', { total }),
        })}
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}
