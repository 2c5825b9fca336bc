import { PictureOutlined } from '@ant-design/icons';
import { Button, Progress, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { MidjourneyView } from '../../api/task-logs.ts';
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
import { drawingActionLabel, submitResultLabel } from './midjourney-display.ts';

export interface MidjourneyTableProps {
  rows: MidjourneyView[];
  loading: boolean;
  /** Admins also see the channel, the submit result and the task status. */
  admin: boolean;
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number, pageSize: number) => void;
  onOpenText: (title: string, text: string) => void;
  onOpenImage: (src: string) => void;
}

type Column = ColumnsType<MidjourneyView>[number];

/** The drawing log's table; submit, start and finish times of drawings are unix milliseconds. */
export function MidjourneyTable(props: MidjourneyTableProps) {
  const { t } = useTranslation();
  const { onOpenText, onOpenImage } = props;
  const longText = (
    title: string,
    field: 'prompt' | 'prompt_en' | 'fail_reason',
    testId: string,
  ): Column => ({
    key: field,
    title,
    render: (_value, row) => (
      <LongTextCell text={row[field]} title={title} onOpen={onOpenText} testId={`${testId}-${row.id}`} />
    ),
  });

  const columns: Column[] = [
    {
      key: 'submit_time',
      title: t('midjourney.columns.submitTime'),
      render: (_value, row) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatUnixTime(Math.floor(row.submit_time / 1000))}</span>
      ),
    },
    {
      key: 'duration',
      title: t('midjourney.columns.duration'),
      render: (_value, row) => (
        <DurationTag
          seconds={taskDurationSeconds(row.submit_time, row.finish_time, 'ms')}
          testId={`mj-duration-${row.id}`}
        />
      ),
    },
    ...(props.admin
      ? [
          {
            key: 'channel',
            title: t('midjourney.columns.channel'),
            render: (_value, row) => (
              <ChannelTag channelId={row.channel_id ?? 0} testId={`mj-channel-${row.id}`} />
            ),
          } satisfies Column,
        ]
      : []),
    {
      key: 'action',
      title: t('midjourney.columns.type'),
      render: (_value, row) => {
        const label = drawingActionLabel(row.action);
        return <Tag color={label.color}>{t(label.key)}</Tag>;
      },
    },
    {
      key: 'mj_id',
      title: t('midjourney.columns.taskId'),
      render: (_value, row) => <span style={{ whiteSpace: 'nowrap' }}>{row.mj_id || EMPTY_CELL}</span>,
    },
    ...(props.admin
      ? [
          {
            key: 'code',
            title: t('midjourney.columns.submitResult'),
            render: (_value, row) => {
              const label = submitResultLabel(row.code);
              return <Tag color={label.color}>{t(label.key)}</Tag>;
            },
          } satisfies Column,
          {
            key: 'status',
            title: t('midjourney.columns.status'),
            render: (_value, row) => <StatusTag status={row.status} testId={`mj-status-${row.id}`} />,
          } satisfies Column,
        ]
      : []),
    {
      key: 'progress',
      title: t('midjourney.columns.progress'),
      render: (_value, row) => (
        <Progress
          percent={progressPercent(row.progress)}
          size="small"
          status={isFailed(row.status) ? 'exception' : undefined}
          style={{ width: 120, margin: 0 }}
          data-testid={`mj-progress-${row.id}`}
        />
      ),
    },
    {
      key: 'image',
      title: t('midjourney.columns.image'),
      render: (_value, row) =>
        row.image_url ? (
          <Button
            size="small"
            icon={<PictureOutlined />}
            onClick={() => onOpenImage(row.image_url)}
            data-testid={`mj-image-${row.id}`}
          >
            {t('midjourney.image.view')}
          </Button>
        ) : (
          t('midjourney.image.none')
        ),
    },
    longText(t('midjourney.columns.prompt'), 'prompt', 'mj-prompt'),
    longText(t('midjourney.columns.promptEn'), 'prompt_en', 'mj-prompt-en'),
    longText(t('midjourney.columns.failReason'), 'fail_reason', 'mj-fail'),
  ];

  return (
    <div data-testid="mj-table">
      <Table<MidjourneyView>
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
