import { CopyOutlined, RadarChartOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChannelView } from '../../api/channels.ts';
import { DeleteButton } from '../../components/list-page/RowActions.tsx';
import { statusToggle } from './channel-display.ts';
import { ModelTestPicker } from './ModelTestPicker.tsx';

/** What the row buttons of a channel do; the page owns the calls. */
export interface ChannelRowHandlers {
  onTest: (channel: ChannelView, model: string) => void;
  onSetStatus: (channel: ChannelView, status: number) => void;
  onEdit: (channel: ChannelView) => void;
  onCopy: (channel: ChannelView) => void;
  onDelete: (channel: ChannelView) => void;
  onDetectUpstream: (channel: ChannelView) => void;
}

export interface ChannelRowPending {
  testing: boolean;
  changingStatus: boolean;
  copying: boolean;
  deleting: boolean;
}

export interface ChannelRowActionsProps extends ChannelRowHandlers {
  channel: ChannelView;
  pending: ChannelRowPending;
}

/** Test (with a model picker), enable/disable, edit, copy, upstream detection, delete (confirmed). */
export function ChannelRowActions({ channel, pending, ...handlers }: ChannelRowActionsProps) {
  const { t } = useTranslation();
  const toggle = statusToggle(channel.status);
  const testId = (action: string) => `channel-${action}-${channel.id}`;

  return (
    <Space size={4} wrap={false}>
      <ModelTestPicker
        channel={channel}
        testing={pending.testing}
        onTest={(model) => handlers.onTest(channel, model)}
      />
      {toggle.action === 'disable' ? (
        <Button
          size="small"
          danger
          loading={pending.changingStatus}
          onClick={() => handlers.onSetStatus(channel, toggle.status)}
          data-testid={testId('disable')}
        >
          {t('channels.actions.disable')}
        </Button>
      ) : (
        <Button
          size="small"
          loading={pending.changingStatus}
          onClick={() => handlers.onSetStatus(channel, toggle.status)}
          data-testid={testId('enable')}
        >
          {t('channels.actions.enable')}
        </Button>
      )}
      <Button
        size="small"
        type="primary"
        ghost
        onClick={() => handlers.onEdit(channel)}
        data-testid={testId('edit')}
      >
        {t('channels.actions.edit')}
      </Button>
      <Tooltip title={t('channels.actions.copy')}>
        <Button
          size="small"
          icon={<CopyOutlined />}
          loading={pending.copying}
          onClick={() => handlers.onCopy(channel)}
          aria-label={t('channels.actions.copy')}
          data-testid={testId('copy')}
        />
      </Tooltip>
      <Tooltip title={t('channels.actions.detectUpstream')}>
        <Button
          size="small"
          icon={<RadarChartOutlined />}
          onClick={() => handlers.onDetectUpstream(channel)}
          aria-label={t('channels.actions.detectUpstream')}
          data-testid={testId('upstream')}
        />
      </Tooltip>
      <DeleteButton
        look="icon"
        label={t('channels.actions.delete')}
        confirmTitle={t('channels.actions.deleteConfirmTitle')}
        confirmDescription={t('channels.actions.deleteConfirmDescription', { name: channel.name })}
        confirmLabel={t('channels.actions.delete')}
        cancelLabel={t('channels.actions.cancel')}
        onConfirm={() => handlers.onDelete(channel)}
        loading={pending.deleting}
        testId={testId('delete')}
        confirmTestId={testId('delete-confirm')}
      />
    </Space>
  );
}

export interface TagRowActionsProps {
  tag: string;
  changingStatus: boolean;
  onSetTagStatus: (tag: string, enable: boolean) => void;
  onEditTag: (tag: string) => void;
}

/** Enable all, disable all and edit the channels of a tag. */
export function TagRowActions({ tag, changingStatus, onSetTagStatus, onEditTag }: TagRowActionsProps) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <Button
        size="small"
        disabled={changingStatus}
        onClick={() => onSetTagStatus(tag, true)}
        data-testid={`tag-enable-${tag}`}
      >
        {t('channels.tagRow.enableAll')}
      </Button>
      <Button
        size="small"
        danger
        disabled={changingStatus}
        onClick={() => onSetTagStatus(tag, false)}
        data-testid={`tag-disable-${tag}`}
      >
        {t('channels.tagRow.disableAll')}
      </Button>
      <Button
        size="small"
        type="primary"
        ghost
        onClick={() => onEditTag(tag)}
        data-testid={`tag-edit-${tag}`}
      >
        {t('channels.tagRow.edit')}
      </Button>
    </Space>
  );
}
