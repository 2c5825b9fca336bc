import { Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchTasks } from '../../api/task-logs.ts';
import { useSession } from '../../components/session.tsx';
import { TaskLogFilterForm } from '../../components/task-log/TaskLogFilterForm.tsx';
import { TextPreviewDialog, useTextPreview } from '../../components/task-log/TextPreviewDialog.tsx';
import { emptyTaskLogValues } from '../../components/task-log/task-log-filters.ts';
import { useTaskLogScreen } from '../../components/task-log/use-task-log.ts';
import { startOfToday } from '../../components/time-range.ts';
import { TasksTable } from './TasksTable.tsx';

/**
 * Route /task: the task log (music and lyrics). Users read their own tasks, admins everyone's with the
 * channel column and filter. The start filter defaults to today's 00:00; a task's id opens its record.
 */
export function TasksPage() {
  const { t } = useTranslation();
  const { isAdmin } = useSession();
  const screen = useTaskLogScreen('task', fetchTasks, isAdmin, () => emptyTaskLogValues(startOfToday()));
  const preview = useTextPreview();

  return (
    <Card title={t('tasks.title')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <TaskLogFilterForm
          form={screen.form}
          initialValues={screen.initialValues}
          admin={isAdmin}
          idLabel={t('tasks.filter.taskId')}
          idPlaceholder={t('tasks.filter.taskIdPlaceholder')}
          testIdPrefix="task"
          onSearch={screen.search}
          onReset={screen.reset}
        />
        <TasksTable
          rows={screen.result.data?.items ?? []}
          loading={screen.result.isFetching}
          admin={isAdmin}
          page={screen.list.page}
          pageSize={screen.list.pageSize}
          total={screen.result.data?.total ?? 0}
          onPageChange={screen.list.changePage}
          onOpenText={preview.open}
        />
      </Space>
      <TextPreviewDialog preview={preview.preview} onClose={preview.close} testId="task-text-dialog" />
    </Card>
  );
}
