import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogFilters } from '../../api/logs.ts';
import { ListPage } from '../../components/list-page/ListPage.tsx';
import { usePagedTableData } from '../../components/list-page/PagedTable.tsx';
import { useSession } from '../../components/session.tsx';
import { useListState, useSearchForm } from '../../components/use-list-state.ts';
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
import { defaultFilterValues, filtersFromValues } from './log-filter-values.ts';
import { UserInfoDialog } from './UserInfoDialog.tsx';
import { logQueryKeys, useLogList, useLogStat } from './use-logs.ts';

/**
 * Route /log: the usage log. Stat badges, filters, a paged table with expandable
 * rows and a column-settings dialog. Admins read every user's rows and get the channel and user columns,
 * the channel and username filters and a user-info popup. Reset puts back today's default range.
 */
export function LogsPage() {
  const { t } = useTranslation();
  const { isAdmin } = useSession();
  const queryClient = useQueryClient();
  const [initialValues] = useState(() => defaultFilterValues());
  const [firstFilters] = useState<LogFilters>(() => filtersFromValues(initialValues));
  const list = useListState(firstFilters);
  // Searching again with the same filters still reloads the rows and the badges.
  const reload = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: logQueryKeys.all }),
    [queryClient],
  );
  const searchForm = useSearchForm(list, {
    toSearch: filtersFromValues,
    reload,
    freshValues: defaultFilterValues,
  });
  const [columnVisibility, setColumnVisibility] = useState<LogColumnVisibility>(readLogColumnVisibility);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [userInfoId, setUserInfoId] = useState<number | null>(null);

  const listQuery = useLogList({
    filters: list.search,
    page: list.page,
    pageSize: list.pageSize,
    admin: isAdmin,
  });
  const tableData = usePagedTableData(list, listQuery);
  const statQuery = useLogStat(list.search, isAdmin);
  const columns = useMemo(() => visibleLogColumns(columnVisibility, isAdmin), [columnVisibility, isAdmin]);

  const saveColumns = (visibility: LogColumnVisibility) => {
    storeLogColumnVisibility(visibility);
    setColumnVisibility(visibility);
    setColumnsOpen(false);
  };

  return (
    <ListPage
      title={t('logs.title')}
      overlays={
        <>
          <LogColumnSettingsDialog
            open={columnsOpen}
            admin={isAdmin}
            visibility={columnVisibility}
            onSave={saveColumns}
            onClose={() => setColumnsOpen(false)}
          />
          {isAdmin && <UserInfoDialog userId={userInfoId} onClose={() => setUserInfoId(null)} />}
        </>
      }
    >
      <LogStats stat={statQuery.data} />
      <LogFilterForm
        form={searchForm.form}
        initialValues={initialValues}
        admin={isAdmin}
        searching={listQuery.isFetching}
        onSearch={searchForm.search}
        onReset={searchForm.reset}
        onOpenColumns={() => setColumnsOpen(true)}
      />
      <LogsTable data={tableData} admin={isAdmin} columns={columns} onOpenUser={setUserInfoId} />
    </ListPage>
  );
}
