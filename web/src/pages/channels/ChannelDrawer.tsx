import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../components/use-is-mobile.ts';
import { ChannelForm, ChannelFormButtons } from './ChannelForm.tsx';
import { type ChannelFormTarget, useChannelForm } from './use-channel-form.ts';

export interface ChannelDrawerProps {
  /** What the drawer edits; null keeps it closed. */
  target: ChannelFormTarget | null;
  onClose: () => void;
}

/**
 * The side drawer that creates, copies or edits a channel. Give it a new `key` for every opening: the
 * form takes its values once, when it mounts.
 */
export function ChannelDrawer({ target, onClose }: ChannelDrawerProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const shown = target ?? { mode: 'create' };
  const controller = useChannelForm(shown, onClose);
  const title =
    shown.mode === 'edit'
      ? t('channels.form.editTitle')
      : shown.initial
        ? t('channels.form.copyTitle')
        : t('channels.form.createTitle');

  return (
    <Drawer
      title={title}
      open={target !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 640}
      destroyOnHidden
      maskClosable={false}
      data-testid="channel-drawer"
      footer={<ChannelFormButtons controller={controller} onCancel={onClose} />}
    >
      {target !== null && <ChannelForm controller={controller} />}
    </Drawer>
  );
}
