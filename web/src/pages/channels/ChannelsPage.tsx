import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChannelView, isTagRow } from '../../api/channels.ts';
import { ColumnSettingsDialog } from '../../components/list-page/ColumnSettingsDialog.tsx';
import { ListPage, ListToolbar } from '../../components/list-page/ListPage.tsx';
import { usePagedTableData } from '../../components/list-page/PagedTable.tsx';
import { useDrawerTarget } from '../../components/list-page/use-drawer-target.ts';
import { useListState, useSearchForm } from '../../components/use-list-state.ts';
import { BatchTagDialog } from './BatchTagDialog.tsx';
import { ChannelDrawer } from './ChannelDrawer.tsx';
import { ChannelsTable } from './ChannelsTable.tsx';
import {
  BatchActions,
  type ChannelSearch,
  ChannelsSearchFields,
  emptySearch,
  ModeSwitches,
  PageActions,
  toChannelSearch,
} from './ChannelsToolbar.tsx';
import {
  CHANNEL_COLUMN_TITLE_KEYS,
  CHANNEL_COLUMNS,
  type ColumnVisibility,
  defaultColumnVisibility,
  readColumnVisibility,
  readIdSort,
  storeColumnVisibility,
  storeIdSort,
} from './list-settings.ts';
import { TagEditDialog } from './TagEditDialog.tsx';
import { UpstreamDetectionDialog } from './UpstreamDetectionDialog.tsx';
import {
  useDeleteDisabledChannels,
  useFixAbilities,
  useTestAllChannels,
  useUpdateAllBalances,
} from './use-channel-actions.ts';
import type { ChannelFormTarget } from './use-channel-form.ts';
import { useChannelRowHandlers } from './use-channel-row-handlers.ts';
import { useChannelSelection } from './use-channel-selection.ts';
import { useChannelList } from './use-channels.ts';

/**
 * Route /channel: channel management — search by keyword, model and group; ID sort, batch mode and tag
 * mode; page-wide actions; column settings; the paged table with its row actions; the drawer and dialogs.
 */
export function ChannelsPage() {
  const { t } = useTranslation();
  const list = useListState<ChannelSearch>(emptySearch);
  const searchForm = useSearchForm(list, { toSearch: toChannelSearch });
  const drawer = useDrawerTarget<ChannelFormTarget>();
  const selection = useChannelSelection();
  const [idSort, setIdSort] = useState(readIdSort);
  const [tagMode, setTagMode] = useState(false);
  const [visibleColumns, setVisibleColumns] = useState<ColumnVisibility>(readColumnVisibility);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [editingTag, setEditingTag] = useState<string | null>(null);
  const [upstreamChannel, setUpstreamChannel] = useState<ChannelView | null>(null);

  const listQuery = useChannelList({
    ...list.search,
    page: list.page,
    pageSize: list.pageSize,
    idSort,
    tagMode,
  });
  const tableData = usePagedTableData(list, listQuery);
  const rowHandlers = useChannelRowHandlers({
    openForm: drawer.open,
    onEditTag: setEditingTag,
    onDetectUpstream: setUpstreamChannel,
  });
  const testAll = useTestAllChannels();
  const updateAllBalances = useUpdateAllBalances();
  const deleteDisabled = useDeleteDisabledChannels();
  const fixAbilities = useFixAbilities();

  const changeIdSort = (value: boolean) => {
    storeIdSort(value);
    setIdSort(value);
    list.setPage(1);
  };

  const changeTagMode = (value: boolean) => {
    setTagMode(value);
    selection.clear();
    list.setPage(1);
  };

  const saveColumns = (visibility: ColumnVisibility) => {
    storeColumnVisibility(visibility);
    setVisibleColumns(visibility);
    setColumnsOpen(false);
  };

  const editingTagRow = tableData.rows.find((item) => isTagRow(item) && item.tag === editingTag);
  const searchLabels = [t('channels.search.submit'), t('channels.search.reset')] as const;

  const pageActions = (
    <PageActions
      onAdd={() => drawer.open({ mode: 'create' })}
      onTestAll={() => testAll.mutate()}
      onUpdateAllBalances={() => updateAllBalances.mutate()}
      onDeleteDisabled={() => deleteDisabled.mutate()}
      onFixAbilities={() => fixAbilities.mutate()}
      onColumnSettings={() => setColumnsOpen(true)}
      testingAll={testAll.isPending}
      updatingBalances={updateAllBalances.isPending}
      deletingDisabled={deleteDisabled.isPending}
      fixing={fixAbilities.isPending}
    />
  );

  const overlays = (
    <>
      <ChannelDrawer key={drawer.session} target={drawer.target} onClose={drawer.close} />
      <TagEditDialog
        key={editingTag ?? ''}
        tag={editingTag}
        tagModels={editingTagRow && isTagRow(editingTagRow) ? editingTagRow.models : ''}
        onClose={() => setEditingTag(null)}
      />
      <BatchTagDialog {...selection.tagDialog} />
      <ColumnSettingsDialog
        open={columnsOpen}
        columns={CHANNEL_COLUMNS}
        columnTitle={(column) => t(CHANNEL_COLUMN_TITLE_KEYS[column])}
        texts={{
          title: t('channels.columnSettings.title'),
          all: t('channels.columnSettings.all'),
          reset: t('channels.columnSettings.reset'),
          cancel: t('channels.columnSettings.cancel'),
          save: t('channels.columnSettings.save'),
        }}
        testIdPrefix="channels"
        visibility={visibleColumns}
        defaults={defaultColumnVisibility}
        onSave={saveColumns}
        onClose={() => setColumnsOpen(false)}
      />
      <UpstreamDetectionDialog channel={upstreamChannel} onClose={() => setUpstreamChannel(null)} />
    </>
  );

  return (
    <ListPage title={t('channels.title')} testId="channels-page" overlays={overlays}>
      <ListToolbar search={searchForm} testIdPrefix="channels" labels={searchLabels} actions={pageActions}>
        <ChannelsSearchFields />
      </ListToolbar>
      <ModeSwitches
        idSort={idSort}
        batchMode={selection.batchMode}
        tagMode={tagMode}
        onIdSortChange={changeIdSort}
        onBatchModeChange={selection.changeBatchMode}
        onTagModeChange={changeTagMode}
      />
      {selection.batchMode && <BatchActions {...selection.actions} />}
      <ChannelsTable
        data={tableData}
        visibleColumns={visibleColumns}
        batchMode={selection.batchMode}
        selectedKeys={selection.selectedKeys}
        onSelectionChange={selection.setSelectedKeys}
        {...rowHandlers}
      />
    </ListPage>
  );
}
