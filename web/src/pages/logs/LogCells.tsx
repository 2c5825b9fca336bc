import { SwapOutlined } from '@ant-design/icons';
import { Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LogView } from '../../api/logs.ts';
import { copyWithToast } from '../personal/copy-with-toast.ts';
import { firstTokenMilliseconds, type LogOther, mappedUpstreamModel } from './log-details.ts';
import { firstTokenColor, millisecondsAsSeconds, requestTimeColor } from './log-timing.ts';

/** The model tag (click copies the name) with a 'mapped' marker when the channel sent another model upstream. */
export function ModelCell({ log, other }: { log: LogView; other: LogOther }) {
  const { t } = useTranslation();
  const upstreamModel = mappedUpstreamModel(other);
  const copy = () => void copyWithToast(log.model_name, t('logs.model.copied', { model: log.model_name }));
  return (
    <Space size={4} wrap>
      <Tooltip title={t('logs.model.copyHint')}>
        <Tag color="blue" style={{ cursor: 'pointer' }} onClick={copy} data-testid={`log-model-${log.id}`}>
          {log.model_name}
        </Tag>
      </Tooltip>
      {upstreamModel && (
        <Tooltip title={t('logs.model.mappedTo', { model: upstreamModel })}>
          <Tag color="gold" icon={<SwapOutlined />} data-testid={`log-model-mapped-${log.id}`}>
            {t('logs.model.mapped')}
          </Tag>
        </Tooltip>
      )}
    </Space>
  );
}

/** Use time (coloured), first-token time for streams (coloured) and a stream / non-stream tag. */
export function UseTimeCell({ log, other }: { log: LogView; other: LogOther }) {
  const { t } = useTranslation();
  const frt = log.is_stream ? firstTokenMilliseconds(other) : null;
  return (
    <Space size={4} wrap data-testid={`log-use-time-${log.id}`}>
      <Tooltip title={t('logs.useTime.total')}>
        <Tag color={requestTimeColor(log.use_time)}>{t('logs.useTime.seconds', { value: log.use_time })}</Tag>
      </Tooltip>
      {frt !== null && (
        <Tooltip title={t('logs.useTime.firstToken')}>
          <Tag color={firstTokenColor(frt)}>
            {t('logs.useTime.seconds', { value: millisecondsAsSeconds(frt) })}
          </Tag>
        </Tooltip>
      )}
      <Tag color={log.is_stream ? 'cyan' : 'purple'}>
        {log.is_stream ? t('logs.useTime.stream') : t('logs.useTime.nonStream')}
      </Tag>
    </Space>
  );
}

/** Admin view: the channel id, with its name on hover. */
export function ChannelCell({ log }: { log: LogView }) {
  if (!log.channel) return null;
  return (
    <Tooltip title={log.channel_name || undefined}>
      <Tag color="geekblue">{log.channel}</Tag>
    </Tooltip>
  );
}

/** Admin view: the username; clicking it opens the user-info popup. */
export function UserCell({ log, onOpen }: { log: LogView; onOpen: (userId: number) => void }) {
  if (!log.username) return null;
  if (!log.user_id) return <Typography.Text>{log.username}</Typography.Text>;
  return (
    <Typography.Link onClick={() => onOpen(log.user_id)} data-testid={`log-user-${log.id}`}>
      {log.username}
    </Typography.Link>
  );
}
