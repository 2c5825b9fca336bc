import { Alert, Card, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchMidjourneys } from '../../api/task-logs.ts';
import { useSession } from '../../components/session.tsx';
import { useStatus } from '../../components/status.tsx';
import { TaskLogFilterForm } from '../../components/task-log/TaskLogFilterForm.tsx';
import { TextPreviewDialog, useTextPreview } from '../../components/task-log/TextPreviewDialog.tsx';
import { emptyTaskLogValues } from '../../components/task-log/task-log-filters.ts';
import { useTaskLogScreen } from '../../components/task-log/use-task-log.ts';
import { ImageViewer } from './ImageViewer.tsx';
import { MidjourneyTable } from './MidjourneyTable.tsx';

/**
 * Route /midjourney: the drawing log. Users read their own drawings, admins everyone's with the channel,
 * submit result and status columns and a channel filter; admins are told when the drawing callback
 * (MjNotifyEnabled) is off, since results then only arrive by polling.
 */
export function MidjourneyPage() {
  const { t } = useTranslation();
  const { isAdmin } = useSession();
  const { mj_notify_enabled } = useStatus();
  const screen = useTaskLogScreen('midjourney', fetchMidjourneys, isAdmin, () => emptyTaskLogValues());
  const preview = useTextPreview();
  const [image, setImage] = useState<string | null>(null);

  return (
    <Card title={t('midjourney.title')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {isAdmin && !mj_notify_enabled && (
          <Alert type="warning" showIcon title={t('midjourney.callbackOff')} data-testid="mj-callback-off" />
        )}
        <TaskLogFilterForm
          form={screen.form}
          initialValues={screen.initialValues}
          admin={isAdmin}
          idLabel={t('midjourney.filter.taskId')}
          idPlaceholder={t('midjourney.filter.taskIdPlaceholder')}
          testIdPrefix="mj"
          onSearch={screen.search}
          onReset={screen.reset}
        />
        <MidjourneyTable
          rows={screen.result.data?.items ?? []}
          loading={screen.result.isFetching}
          admin={isAdmin}
          page={screen.list.page}
          pageSize={screen.list.pageSize}
          total={screen.result.data?.total ?? 0}
          onPageChange={screen.list.changePage}
          onOpenText={preview.open}
          onOpenImage={setImage}
        />
      </Space>
      <TextPreviewDialog preview={preview.preview} onClose={preview.close} testId="mj-text-dialog" />
      <ImageViewer src={image} onClose={() => setImage(null)} />
    </Card>
  );
}
