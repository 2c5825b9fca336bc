import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchMidjourneys } from '../../api/task-logs.ts';
import { useSession } from '../../components/session.tsx';
import { useStatus } from '../../components/status.tsx';
import { TaskLogPage } from '../../components/task-log/TaskLogPage.tsx';
import { emptyTaskLogValues } from '../../components/task-log/task-log-filters.ts';
import { ImageViewer } from './ImageViewer.tsx';
import { MidjourneyTable } from './MidjourneyTable.tsx';

/**
 * Route /midjourney: the drawing log. Users read their own drawings, admins everyone's with the channel,
 * submit result and status columns and a channel filter; admins are told when the drawing callback is
 * off — MjNotifyEnabled off, or ServerAddress unset (`mj_notify_enabled` of /api/status is the effective
 * state, docs/tasks.md) —, since results then only arrive by polling.
 */
export function MidjourneyPage() {
  const { t } = useTranslation();
  const { isAdmin } = useSession();
  const { mj_notify_enabled } = useStatus();
  const [image, setImage] = useState<string | null>(null);

  return (
    <TaskLogPage
      kind="midjourney"
      fetcher={fetchMidjourneys}
      initialValues={() => emptyTaskLogValues()}
      title={t('midjourney.title')}
      idLabel={t('midjourney.filter.taskId')}
      idPlaceholder={t('midjourney.filter.taskIdPlaceholder')}
      testIdPrefix="mj"
      notice={
        isAdmin &&
        !mj_notify_enabled && (
          <Alert
            type="warning"
            showIcon
            title={t('midjourney.callbackOff')}
            description={t('settings.help.MjNotifyEnabled')}
            data-testid="mj-callback-off"
          />
        )
      }
      renderTable={(table) => <MidjourneyTable {...table} onOpenImage={setImage} />}
      overlays={<ImageViewer src={image} onClose={() => setImage(null)} />}
    />
  );
}
