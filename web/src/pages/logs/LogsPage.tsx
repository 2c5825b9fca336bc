import { useQueryClient } from '@tanstack/react-query';
import { Card, Form, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogFilters } from '../../api/logs.ts';
import { readPageSize, storePageSize } from '../../components/page-size.ts';
import { useSession } from '../../components/session.tsx';
import { LogColumnSettingsDialog } from './LogColumnSettingsDialog.tsx';
import { LogFilterForm } from './LogFilterForm.tsx';
import { LogStats } from './LogStats.tsx';
import { LogsTable } from './LogsTable.tsx';
import {
  type LogColumnVisibility,
  readLogColumnVisibility,
  storeLogColumnVisibility,
  visibleLogColumns,
} from './log-columns.ts';
import { defaultFilterValues, filtersFromValues, type LogFilterValues } from './log-filter-values.ts';
import { UserInfoDialog } from './UserInfoDialog.tsx';
import { logQueryKeys, useLogList, useLogStat } from './use-logs.ts';

/**
 * Route /log: the usage log (spec §2 "Usage log"). Stat badges, filters, a paged table with expandable
 * rows and a column-settings dialog. Admins read every user's rows and get the channel and user columns,
 * the channel and username filters and a user-info popup.
 */
export function LogsPage() {
  const { t } = useTranslation();
  const { isAdmin } = useSession();
  const queryClient = useQueryClient();
  const [filterForm] = Form.useForm<LogFilterValues>();
  const [initialValues] = useState(() => defaultFilterValues());
  const [filters, setFilters] = useState<LogFilters>(() => filtersFromValues(initialValues));
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(readPageSize);
  const [columnVisibility, setColumnVisibility] = useState<LogColumnVisibility>(readLogColumnVisibility);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [userInfoId, setUserInfoId] = useState<number | null>(null);

  const listQuery = useLogList({ filters, page, pageSize, admin: isAdmin });
  const statQuery = useLogStat(filters, isAdmin);
  const columns = useMemo(() => visibleLogColumns(columnVisibility, isAdmin), [columnVisibility, isAdmin]);

  const applyFilters = (next: LogFilters) => {
    setFilters(next);
    setPage(1);
    // Searching again with the same filters still reloads the rows and the badges.
    void queryClient.invalidateQueries({ queryKey: logQueryKeys.all });
  };

  const search = (values: LogFilterValues) => applyFilters(filtersFromValues(values));

  const reset = () => {
    const fresh = defaultFilterValues();
    filterForm.setFieldsValue(fresh);
    applyFilters(filtersFromValues(fresh));
  };

  const changePage = (nextPage: number, nextPageSize: number) => {
    if (nextPageSize !== pageSize) {
      storePageSize(nextPageSize);
      setPageSize(nextPageSize);
      setPage(1);
      return;
    }
    setPage(nextPage);
  };

  const saveColumns = (visibility: LogColumnVisibility) => {
    storeLogColumnVisibility(visibility);
    setColumnVisibility(visibility);
    setColumnsOpen(false);
  };

  return (
    <Card title={t('logs.title')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <LogStats stat={statQuery.data} />
        <LogFilterForm
          form={filterForm}
          initialValues={initialValues}
          admin={isAdmin}
          searching={listQuery.isFetching}
          onSearch={search}
          onReset={reset}
          onOpenColumns={() => setColumnsOpen(true)}
        />
        <LogsTable
          logs={listQuery.data?.items ?? []}
          loading={listQuery.isFetching}
          admin={isAdmin}
          columns={columns}
          page={page}
          pageSize={pageSize}
          total={listQuery.data?.total ?? 0}
          onPageChange={changePage}
          onOpenUser={setUserInfoId}
        />
      </Space>
      <LogColumnSettingsDialog
        open={columnsOpen}
        admin={isAdmin}
        visibility={columnVisibility}
        onSave={saveColumns}
        onClose={() => setColumnsOpen(false)}
      />
      {isAdmin && <UserInfoDialog userId={userInfoId} onClose={() => setUserInfoId(null)} />}
    </Card>
  );
}
