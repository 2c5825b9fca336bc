/** Cells shared by the drawing log and the task log. */
import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyWithToast } from '../../pages/personal/copy-with-toast.ts';
import { channelTagColor, durationColor, formatSeconds, taskStatusLabel } from './task-display.ts';

/** What an empty cell shows. */
export const EMPTY_CELL = '-';

/** Admin view: the channel id as a tag coloured by channel; clicking copies the id. */
export function ChannelTag({ channelId, testId }: { channelId: number; testId: string }) {
  const { t } = useTranslation();
  if (!channelId) return EMPTY_CELL;
  const copy = () => void copyWithToast(String(channelId), t('taskLog.channel.copied', { id: channelId }));
  return (
    <Tooltip title={t('taskLog.channel.copyHint')}>
      <Tag
        color={channelTagColor(channelId)}
        style={{ cursor: 'pointer' }}
        onClick={copy}
        data-testid={testId}
      >
        {channelId}
      </Tag>
    </Tooltip>
  );
}

/** Seconds from submission to the end, red above one minute; '-' while unfinished. */
export function DurationTag({ seconds, testId }: { seconds: number | null; testId: string }) {
  const { t } = useTranslation();
  if (seconds === null) return EMPTY_CELL;
  return (
    <Tag color={durationColor(seconds)} data-testid={testId}>
      {t('taskLog.seconds', { value: formatSeconds(seconds) })}
    </Tag>
  );
}

export function StatusTag({ status, testId }: { status: string; testId: string }) {
  const { t } = useTranslation();
  const label = taskStatusLabel(status);
  return (
    <Tag color={label.color} data-testid={testId}>
      {t(label.key)}
    </Tag>
  );
}

export interface LongTextCellProps {
  text: string;
  /** The dialog's title (the column's name). */
  title: string;
  onOpen: (title: string, text: string) => void;
  testId: string;
}

/** A long text cut to the column's width, shown as a link; clicking opens it whole in a dialog. */
export function LongTextCell({ text, title, onOpen, testId }: LongTextCellProps) {
  if (!text) return EMPTY_CELL;
  return (
    <Typography.Link
      ellipsis
      style={{ maxWidth: 200, display: 'inline-block' }}
      onClick={() => onOpen(title, text)}
      data-testid={testId}
    >
      {text}
    </Typography.Link>
  );
}
