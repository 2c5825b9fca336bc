/** The frame of the drawing log and the task log: filters, the paged table and the long-text dialog. */
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskLogKind } from '../../api/task-logs.ts';
import { ListPage } from '../list-page/ListPage.tsx';
import { PagedTable, type PagedTableData } from '../list-page/PagedTable.tsx';
import { useSession } from '../session.tsx';
import { TaskLogFilterForm } from './TaskLogFilterForm.tsx';
import { TextPreviewDialog, useTextPreview } from './TextPreviewDialog.tsx';
import type { TaskLogFilterValues } from './task-log-filters.ts';
import { type TaskLogFetcher, useTaskLogScreen } from './use-task-log.ts';

export interface TaskLogTableProps<Row> {
  data: PagedTableData<Row>;
  /** Admins also see the channel (and more, per log). */
  admin: boolean;
  /** Opens a long text whole in the dialog. */
  onOpenText: (title: string, text: string) => void;
}

export interface TaskLogPageProps<Row> {
  kind: TaskLogKind;
  fetcher: TaskLogFetcher<Row>;
  /** The filter form's first values (read once). */
  initialValues: () => TaskLogFilterValues;
  title: string;
  /** Label and placeholder of the upstream id filter. */
  idLabel: string;
  idPlaceholder: string;
  /** Prefix of the filters' test ids and of the dialog's (`<prefix>-text-dialog`). */
  testIdPrefix: string;
  /** A hint above the filters. */
  notice?: ReactNode;
  renderTable: (props: TaskLogTableProps<Row>) => ReactNode;
  /** Further dialogs of the page. */
  overlays?: ReactNode;
}

export function TaskLogPage<Row>(props: TaskLogPageProps<Row>) {
  const { isAdmin } = useSession();
  const screen = useTaskLogScreen(props.kind, props.fetcher, isAdmin, props.initialValues);
  const preview = useTextPreview();
  return (
    <ListPage
      title={props.title}
      overlays={
        <>
          <TextPreviewDialog
            preview={preview.preview}
            onClose={preview.close}
            testId={`${props.testIdPrefix}-text-dialog`}
          />
          {props.overlays}
        </>
      }
    >
      {props.notice}
      <TaskLogFilterForm
        form={screen.searchForm.form}
        initialValues={screen.initialValues}
        admin={isAdmin}
        idLabel={props.idLabel}
        idPlaceholder={props.idPlaceholder}
        testIdPrefix={props.testIdPrefix}
        onSearch={screen.searchForm.search}
        onReset={screen.searchForm.reset}
      />
      {props.renderTable({ data: screen.table, admin: isAdmin, onOpenText: preview.open })}
    </ListPage>
  );
}

export interface TaskLogTableViewProps<Row> {
  testId: string;
  data: PagedTableData<Row>;
  columns: ColumnsType<Row>;
}

/** The paged table of a task log, with the logs' shared total text. */
export function TaskLogTable<Row extends { id: number }>({
  testId,
  data,
  columns,
}: TaskLogTableViewProps<Row>) {
  const { t } = useTranslation();
  return (
    <PagedTable<Row>
      testId={testId}
      size="middle"
      data={data}
      columns={columns}
      totalText={(total) => t('taskLog.pagination.total', { total })}
    />
  );
}
