import { useTranslation } from 'react-i18next';
import { fetchTasks } from '../../api/task-logs.ts';
import { TaskLogPage } from '../../components/task-log/TaskLogPage.tsx';
import { emptyTaskLogValues } from '../../components/task-log/task-log-filters.ts';
import { startOfToday } from '../../components/time-range.ts';
import { TasksTable } from './TasksTable.tsx';

/**
 * Route /task: the task log (music and lyrics). Users read their own tasks, admins everyone's with the
 * channel column and filter. The start filter defaults to today's 00:00; a task's id opens its record.
 */
export function TasksPage() {
  const { t } = useTranslation();
  return (
    <TaskLogPage
      kind="task"
      fetcher={fetchTasks}
      initialValues={() => emptyTaskLogValues(startOfToday())}
      title={t('tasks.title')}
      idLabel={t('tasks.filter.taskId')}
      idPlaceholder={t('tasks.filter.taskIdPlaceholder')}
      testIdPrefix="task"
      renderTable={(table) => <TasksTable {...table} />}
    />
  );
}
