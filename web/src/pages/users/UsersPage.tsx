import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserView } from '../../../../common/api-types.ts';
import type { ManageAction } from '../../../../common/roles.ts';
import { AddButton, ListPage, ListToolbar, SearchField } from '../../components/list-page/ListPage.tsx';
import { usePagedTableData } from '../../components/list-page/PagedTable.tsx';
import { useListState, useSearchForm } from '../../components/use-list-state.ts';
import { AddUserDrawer } from './AddUserDrawer.tsx';
import { EditUserDrawer } from './EditUserDrawer.tsx';
import { GroupSearchField } from './GroupFields.tsx';
import { UsersTable } from './UsersTable.tsx';
import { type ManageRequest, useManageUser, useUserList } from './use-users.ts';

interface SearchValues {
  keyword?: string;
  group?: string;
}

interface AppliedSearch {
  keyword: string;
  group: string;
}

const emptySearch: AppliedSearch = { keyword: '', group: '' };

const toSearch = (values: SearchValues): AppliedSearch => ({
  keyword: values.keyword?.trim() ?? '',
  group: values.group ?? '',
});

/** Route /user: search, paged table, add and edit drawers, row actions. */
export function UsersPage() {
  const { t } = useTranslation();
  const list = useListState<AppliedSearch>(emptySearch);
  const searchForm = useSearchForm(list, { toSearch });
  const [addOpen, setAddOpen] = useState(false);
  const [editingUserId, setEditingUserId] = useState<number | null>(null);

  const listQuery = useUserList({ ...list.search, page: list.page, pageSize: list.pageSize });
  const tableData = usePagedTableData(list, listQuery);
  const manageMutation = useManageUser();

  const manage = (user: UserView, action: ManageAction) => {
    manageMutation.mutate({ id: user.id, action });
  };

  const pending: ManageRequest | null = manageMutation.isPending ? (manageMutation.variables ?? null) : null;
  const searchLabels = [t('users.search.submit'), t('users.search.reset')] as const;
  const keywordTexts = [t('users.search.keyword'), t('users.search.keywordPlaceholder')] as const;
  const addButton = (
    <AddButton label={t('users.add.button')} onClick={() => setAddOpen(true)} testId="add-user-button" />
  );

  return (
    <ListPage
      title={t('users.title')}
      overlays={
        <>
          <AddUserDrawer open={addOpen} onClose={() => setAddOpen(false)} />
          <EditUserDrawer userId={editingUserId} onClose={() => setEditingUserId(null)} />
        </>
      }
    >
      <ListToolbar search={searchForm} testIdPrefix="users" labels={searchLabels} actions={addButton}>
        <SearchField name="keyword" icon width={300} texts={keywordTexts} />
        <GroupSearchField width={180} texts={[t('users.search.group'), t('users.search.groupPlaceholder')]} />
      </ListToolbar>
      <UsersTable
        data={tableData}
        pending={pending}
        onManage={manage}
        onEdit={(user) => setEditingUserId(user.id)}
      />
    </ListPage>
  );
}
