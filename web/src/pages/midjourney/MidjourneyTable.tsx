import { PictureOutlined } from '@ant-design/icons';
import { Button, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MidjourneyView } from '../../api/task-logs.ts';
import { EMPTY_CELL } from '../../components/task-log/TaskLogCells.tsx';
import { TaskLogTable, type TaskLogTableProps } from '../../components/task-log/TaskLogPage.tsx';
import { isFailed, progressPercent } from '../../components/task-log/task-display.ts';
import {
  taskLogColumns as columnOf,
  type TaskLogColumn,
} from '../../components/task-log/task-log-columns.tsx';
import { drawingActionLabel, submitResultLabel } from './midjourney-display.ts';

export interface MidjourneyTableProps extends TaskLogTableProps<MidjourneyView> {
  onOpenImage: (src: string) => void;
}

type Column = TaskLogColumn<MidjourneyView>;

/**
 * The drawing log's table; submit, start and finish times of drawings are unix milliseconds. Admins also
 * see the channel, the submit result and the task status.
 */
export function MidjourneyTable(props: MidjourneyTableProps) {
  const { t } = useTranslation();
  const { admin, onOpenText, onOpenImage } = props;

  const columns: Column[] = [
    {
      key: 'submit_time',
      title: t('midjourney.columns.submitTime'),
      render: (_value, row) => columnOf.time(Math.floor(row.submit_time / 1000)),
    },
    columnOf.duration(t('midjourney.columns.duration'), 'ms', 'mj'),
    ...columnOf.channel<MidjourneyView>(admin, t('midjourney.columns.channel'), 'mj'),
    columnOf.tag('action', t('midjourney.columns.type'), (row) => drawingActionLabel(row.action), t),
    {
      key: 'mj_id',
      title: t('midjourney.columns.taskId'),
      render: (_value, row) => <span style={{ whiteSpace: 'nowrap' }}>{row.mj_id || EMPTY_CELL}</span>,
    },
    ...(admin
      ? [
          columnOf.tag<MidjourneyView>(
            'code',
            t('midjourney.columns.submitResult'),
            (row) => submitResultLabel(row.code),
            t,
          ),
          columnOf.status<MidjourneyView>(t('midjourney.columns.status'), 'mj'),
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
    columnOf.longText('prompt', t('midjourney.columns.prompt'), (row) => row.prompt, onOpenText, 'mj-prompt'),
    columnOf.longText(
      'prompt_en',
      t('midjourney.columns.promptEn'),
      (row) => row.prompt_en,
      onOpenText,
      'mj-prompt-en',
    ),
    columnOf.longText(
      'fail_reason',
      t('midjourney.columns.failReason'),
      (row) => row.fail_reason,
      onOpenText,
      'mj-fail',
    ),
  ];

  return <TaskLogTable<MidjourneyView> testId="mj-table" data={props.data} columns={columns} />;
}
