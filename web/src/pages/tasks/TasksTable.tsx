import { Popover, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TaskView } from '../../api/task-logs.ts';
import { EMPTY_CELL } from '../../components/task-log/TaskLogCells.tsx';
import { TaskLogTable, type TaskLogTableProps } from '../../components/task-log/TaskLogPage.tsx';
import { isFailed, progressPercent } from '../../components/task-log/task-display.ts';
import {
  taskLogColumns as columnOf,
  type TaskLogColumn,
} from '../../components/task-log/task-log-columns.tsx';
import { platformLabel, taskActionLabel, taskRecordJson, videoLink } from './tasks-display.ts';

type Column = TaskLogColumn<TaskView>;

/** The task log's table; task times are unix seconds. Admins also see the channel. */
export function TasksTable(props: TaskLogTableProps<TaskView>) {
  const { t } = useTranslation();
  const { admin, onOpenText } = props;

  const columns: Column[] = [
    {
      key: 'submit_time',
      title: t('tasks.columns.submitTime'),
      render: (_value, row) => columnOf.time(row.submit_time),
    },
    {
      key: 'finish_time',
      title: t('tasks.columns.finishTime'),
      render: (_value, row) => columnOf.time(row.finish_time),
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
    columnOf.duration(t('tasks.columns.duration'), 's', 'task'),
    ...columnOf.channel<TaskView>(admin, t('tasks.columns.channel'), 'task'),
    columnOf.tag('platform', t('tasks.columns.platform'), (row) => platformLabel(row.platform), t),
    columnOf.tag('action', t('tasks.columns.type'), (row) => taskActionLabel(row.action), t),
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
    columnOf.status(t('tasks.columns.status'), 'task'),
    {
      key: 'result_url',
      title: t('videoTasks.columns.video'),
      render: (_value, row) => {
        const url = videoLink(row);
        if (!url) return EMPTY_CELL;
        return (
          <Popover
            content={
              // biome-ignore lint/a11y/useMediaCaption: generated videos come without captions.
              <video
                src={url}
                controls
                preload="none"
                width={240}
                data-testid={`task-video-preview-${row.id}`}
              />
            }
          >
            <Typography.Link
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              style={{ whiteSpace: 'nowrap' }}
              data-testid={`task-video-${row.id}`}
            >
              {t('videoTasks.open')}
            </Typography.Link>
          </Popover>
        );
      },
    },
    columnOf.longText(
      'fail_reason',
      t('tasks.columns.failReason'),
      (row) => row.fail_reason,
      onOpenText,
      'task-fail',
    ),
  ];

  return <TaskLogTable<TaskView> testId="task-table" data={props.data} columns={columns} />;
}
