import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton, ListPage, ListToolbar, SearchField } from '../../components/list-page/ListPage.tsx';
import { usePagedTableData } from '../../components/list-page/PagedTable.tsx';
import { useDrawerTarget } from '../../components/list-page/use-drawer-target.ts';
import { pendingRowId } from '../../components/use-list-mutation.ts';
import { useListState, useSearchForm } from '../../components/use-list-state.ts';
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

const toSearch = (values: SearchValues) => values.keyword?.trim() ?? '';

/**
 * Route /redemption (administrators): search, paged table with row actions, "delete invalid codes",
 * the create/edit drawer, and the keys of a new batch.
 */
export function RedemptionsPage() {
  const { t } = useTranslation();
  const list = useListState('');
  const listQuery = useRedemptionList({ keyword: list.search, page: list.page, pageSize: list.pageSize });
  // Searching again for the same thing shows the latest state (e.g. codes redeemed meanwhile).
  const searchForm = useSearchForm(list, { toSearch, reload: listQuery.refetch });
  const tableData = usePagedTableData(list, listQuery);
  const searchLabels = [t('redemptions.search.submit'), t('redemptions.search.reset')] as const;
  const drawer = useDrawerTarget<DrawerTarget>();
  const [createdBatch, setCreatedBatch] = useState<CreatedBatch | null>(null);
  const toggleMutation = useToggleRedemptionStatus();
  const deleteMutation = useDeleteRedemption();
  const deleteInvalidMutation = useDeleteInvalidRedemptions();

  return (
    <ListPage
      title={t('redemptions.title')}
      overlays={
        <>
          <RedemptionDrawer
            key={drawer.session}
            target={drawer.target}
            onClose={drawer.close}
            onCreated={setCreatedBatch}
          />
          <CreatedKeysDialog batch={createdBatch} onClose={() => setCreatedBatch(null)} />
        </>
      }
    >
      <ListToolbar
        search={searchForm}
        testIdPrefix="redemptions"
        labels={searchLabels}
        actions={
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
            <AddButton
              label={t('redemptions.create.button')}
              onClick={() => drawer.open({ mode: 'create' })}
              testId="redemptions-add"
            />
          </Space>
        }
      >
        <SearchField
          name="keyword"
          icon
          width={260}
          texts={[t('redemptions.search.keyword'), t('redemptions.search.keywordPlaceholder')]}
        />
      </ListToolbar>
      <RedemptionsTable
        data={tableData}
        togglingId={pendingRowId(toggleMutation)}
        deletingId={pendingRowId(deleteMutation)}
        onCopy={(redemption) => void copyWithToast(redemption.key, t('redemptions.actions.copied'))}
        onToggle={(redemption) => toggleMutation.mutate(redemption)}
        onEdit={(redemption) => drawer.open({ mode: 'edit', id: redemption.id })}
        onDelete={(redemption) => deleteMutation.mutate(redemption.id)}
      />
    </ListPage>
  );
}
