import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ChannelForm, ChannelFormButtons } from './ChannelForm.tsx';
import { type ChannelFormTarget, useChannelForm } from './use-channel-form.ts';

const CHANNELS_PATH = '/channel';

function ChannelFormCard({ target }: { target: ChannelFormTarget }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const backToList = () => navigate(CHANNELS_PATH);
  const controller = useChannelForm(target, backToList);
  return (
    <Card
      title={target.mode === 'edit' ? t('channels.form.editTitle') : t('channels.form.createTitle')}
      style={{ maxWidth: 820 }}
      data-testid="channel-edit-page"
    >
      <ChannelForm controller={controller} />
      <div style={{ marginTop: 8 }}>
        <ChannelFormButtons controller={controller} onCancel={backToList} />
      </div>
    </Card>
  );
}

/** Routes /channel/add and /channel/edit/:id: the channel form of the drawer on a page of its own. */
export function ChannelEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  if (id === undefined) return <ChannelFormCard key="create" target={{ mode: 'create' }} />;
  const channelId = Number(id);
  if (!Number.isInteger(channelId) || channelId <= 0) {
    return (
      <Result
        status="warning"
        title={t('channels.form.invalidId')}
        extra={<Button onClick={() => navigate(CHANNELS_PATH)}>{t('channels.form.back')}</Button>}
      />
    );
  }
  return <ChannelFormCard key={channelId} target={{ mode: 'edit', id: channelId }} />;
}
