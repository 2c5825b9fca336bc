import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserView } from '../../../../common/api-types.ts';
import type { ManageAction } from '../../../../common/roles.ts';
import { SearchButtons } from '../../components/SearchButtons.tsx';
import { useListState } from '../../components/use-list-state.ts';
import { AddUserDrawer } from './AddUserDrawer.tsx';
import { EditUserDrawer } from './EditUserDrawer.tsx';
import { UsersTable } from './UsersTable.tsx';
import { type ManageRequest, useGroups, useManageUser, useUserList } from './use-users.ts';

interface SearchValues {
  keyword?: string;
  group?: string;
}

interface AppliedSearch {
  keyword: string;
  group: string;
}

const emptySearch: AppliedSearch = { keyword: '', group: '' };

/** Route /user: search, paged table, add and edit drawers, row actions (spec §2 "User management"). */
export function UsersPage() {
  const { t } = useTranslation();
  const [searchForm] = Form.useForm<SearchValues>();
  const {
    search,
    page,
    pageSize,
    applySearch: applyListSearch,
    resetSearch: resetListSearch,
    changePage,
  } = useListState<AppliedSearch>(emptySearch);
  const [addOpen, setAddOpen] = useState(false);
  const [editingUserId, setEditingUserId] = useState<number | null>(null);

  const listQuery = useUserList({ ...search, page, pageSize });
  const groupsQuery = useGroups();
  const manageMutation = useManageUser();

  const applySearch = (values: SearchValues) =>
    applyListSearch({ keyword: values.keyword?.trim() ?? '', group: values.group ?? '' });
  const resetSearch = () => resetListSearch(searchForm);

  const manage = (user: UserView, action: ManageAction) => {
    manageMutation.mutate({ id: user.id, action });
  };

  const pending: ManageRequest | null = manageMutation.isPending ? (manageMutation.variables ?? null) : null;
  const groupOptions = (groupsQuery.data ?? []).map((name) => ({ label: name, value: name }));

  return (
    <Card title={t('users.title')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'space-between' }}>
          <Form form={searchForm} layout="inline" onFinish={applySearch} style={{ rowGap: 8 }}>
            <Form.Item name="keyword">
              <Input
                allowClear
                prefix={<SearchOutlined />}
                placeholder={t('users.search.keywordPlaceholder')}
                aria-label={t('users.search.keyword')}
                style={{ width: 300 }}
                data-testid="users-search-keyword"
              />
            </Form.Item>
            <Form.Item name="group">
              <Select
                allowClear
                showSearch
                options={groupOptions}
                loading={groupsQuery.isLoading}
                placeholder={t('users.search.groupPlaceholder')}
                aria-label={t('users.search.group')}
                style={{ width: 180 }}
                data-testid="users-search-group"
              />
            </Form.Item>
            <SearchButtons
              testIdPrefix="users"
              submitLabel={t('users.search.submit')}
              resetLabel={t('users.search.reset')}
              onReset={resetSearch}
            />
          </Form>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setAddOpen(true)}
            data-testid="add-user-button"
          >
            {t('users.add.button')}
          </Button>
        </div>
        <UsersTable
          users={listQuery.data?.items ?? []}
          loading={listQuery.isFetching}
          page={page}
          pageSize={pageSize}
          total={listQuery.data?.total ?? 0}
          onPageChange={changePage}
          pending={pending}
          onManage={manage}
          onEdit={(user) => setEditingUserId(user.id)}
        />
      </Space>
      <AddUserDrawer open={addOpen} onClose={() => setAddOpen(false)} />
      <EditUserDrawer userId={editingUserId} onClose={() => setEditingUserId(null)} />
    </Card>
  );
}
