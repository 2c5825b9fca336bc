import { DeleteOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Popconfirm, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchButtons } from '../../components/SearchButtons.tsx';
import { useListState } from '../../components/use-list-state.ts';
import { copyWithToast } from '../personal/copy-with-toast.ts';
import { CreatedKeysDialog } from './CreatedKeysDialog.tsx';
import { type CreatedBatch, type DrawerTarget, RedemptionDrawer } from './RedemptionDrawer.tsx';
import { RedemptionsTable } from './RedemptionsTable.tsx';
import {
  useDeleteInvalidRedemptions,
  useDeleteRedemption,
  useRedemptionList,
  useToggleRedemptionStatus,
} from './use-redemptions.ts';

interface SearchValues {
  keyword?: string;
}

/**
 * Route /redemption (administrators): search, paged table with row actions, "delete invalid codes",
 * the create/edit drawer, and the keys of a new batch (spec §2 "Redemption page").
 */
export function RedemptionsPage() {
  const { t } = useTranslation();
  const [searchForm] = Form.useForm<SearchValues>();
  const {
    search: keyword,
    page,
    pageSize,
    setPage,
    applySearch: applyListSearch,
    resetSearch: resetListSearch,
    changePage,
  } = useListState('');
  const [drawerTarget, setDrawerTarget] = useState<DrawerTarget | null>(null);
  const [drawerSession, setDrawerSession] = useState(0);
  const [createdBatch, setCreatedBatch] = useState<CreatedBatch | null>(null);

  const listQuery = useRedemptionList({ keyword, page, pageSize });
  const toggleMutation = useToggleRedemptionStatus();
  const deleteMutation = useDeleteRedemption();
  const deleteInvalidMutation = useDeleteInvalidRedemptions();
  const total = listQuery.data?.total ?? 0;
  const itemCount = listQuery.data?.items.length ?? 0;

  // After deleting the last codes of the last page, show the page that now is the last one.
  useEffect(() => {
    if (!listQuery.isPlaceholderData && itemCount === 0 && page > 1) {
      setPage(Math.max(1, Math.ceil(total / pageSize)));
    }
  }, [listQuery.isPlaceholderData, itemCount, total, page, pageSize, setPage]);

  const applySearch = (values: SearchValues) => {
    const nextKeyword = values.keyword?.trim() ?? '';
    // Searching again for the same thing shows the latest state (e.g. codes redeemed meanwhile).
    if (nextKeyword === keyword && page === 1) void listQuery.refetch();
    applyListSearch(nextKeyword);
  };

  const resetSearch = () => resetListSearch(searchForm);

  const openDrawer = (target: DrawerTarget) => {
    setDrawerSession((session) => session + 1);
    setDrawerTarget(target);
  };

  return (
    <Card title={t('redemptions.title')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'space-between' }}>
          <Form form={searchForm} layout="inline" onFinish={applySearch} style={{ rowGap: 8 }}>
            <Form.Item name="keyword">
              <Input
                allowClear
                prefix={<SearchOutlined />}
                placeholder={t('redemptions.search.keywordPlaceholder')}
                aria-label={t('redemptions.search.keyword')}
                style={{ width: 260 }}
                data-testid="redemptions-search-keyword"
              />
            </Form.Item>
            <SearchButtons
              testIdPrefix="redemptions"
              submitLabel={t('redemptions.search.submit')}
              resetLabel={t('redemptions.search.reset')}
              onReset={resetSearch}
            />
          </Form>
          <Space wrap>
            <Popconfirm
              title={t('redemptions.deleteInvalid.confirmTitle')}
              description={t('redemptions.deleteInvalid.confirmDescription')}
              okText={t('redemptions.deleteInvalid.confirm')}
              cancelText={t('redemptions.actions.cancel')}
              okButtonProps={{ danger: true, ...{ 'data-testid': 'redemptions-delete-invalid-confirm' } }}
              onConfirm={() => deleteInvalidMutation.mutate()}
            >
              <Button
                danger
                icon={<DeleteOutlined />}
                loading={deleteInvalidMutation.isPending}
                data-testid="redemptions-delete-invalid"
              >
                {t('redemptions.deleteInvalid.button')}
              </Button>
            </Popconfirm>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => openDrawer({ mode: 'create' })}
              data-testid="redemptions-add"
            >
              {t('redemptions.create.button')}
            </Button>
          </Space>
        </div>
        <RedemptionsTable
          redemptions={listQuery.data?.items ?? []}
          loading={listQuery.isFetching}
          page={page}
          pageSize={pageSize}
          total={total}
          onPageChange={changePage}
          togglingId={toggleMutation.isPending ? (toggleMutation.variables?.id ?? null) : null}
          deletingId={deleteMutation.isPending ? (deleteMutation.variables ?? null) : null}
          onCopy={(redemption) => void copyWithToast(redemption.key, t('redemptions.actions.copied'))}
          onToggle={(redemption) => toggleMutation.mutate(redemption)}
          onEdit={(redemption) => openDrawer({ mode: 'edit', id: redemption.id })}
          onDelete={(redemption) => deleteMutation.mutate(redemption.id)}
        />
      </Space>
      <RedemptionDrawer
        key={drawerSession}
        target={drawerTarget}
        onClose={() => setDrawerTarget(null)}
        onCreated={setCreatedBatch}
      />
      <CreatedKeysDialog batch={createdBatch} onClose={() => setCreatedBatch(null)} />
    </Card>
  );
}
