import { App, Card, Space } from 'antd';
import { type Key, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChannelView, fetchChannel, isTagRow, type TagEditPayload } from '../../api/channels.ts';
import { unwrapReply } from '../../api/client.ts';
import { showError } from '../../components/feedback.ts';
import { readPageSize, storePageSize } from '../../components/page-size.ts';
import { BatchTagDialog } from './BatchTagDialog.tsx';
import { type BatchAction, checkSelection, selectedChannelIds } from './batch-rules.ts';
import { ChannelDrawer } from './ChannelDrawer.tsx';
import { ChannelsTable } from './ChannelsTable.tsx';
import {
  BatchActions,
  type ChannelSearch,
  ChannelsSearchForm,
  emptySearch,
  ModeSwitches,
  PageActions,
} from './ChannelsToolbar.tsx';
import { ColumnSettingsDialog } from './ColumnSettingsDialog.tsx';
import { copyFormValues } from './channel-form-rules.ts';
import {
  type ColumnVisibility,
  readColumnVisibility,
  readIdSort,
  storeColumnVisibility,
  storeIdSort,
} from './list-settings.ts';
import { TagEditDialog } from './TagEditDialog.tsx';
import { UpstreamDetectionDialog } from './UpstreamDetectionDialog.tsx';
import {
  useBatchDelete,
  useBatchStatus,
  useBatchTag,
  useDeleteDisabledChannels,
  useEditTag,
  useFixAbilities,
  useTagStatus,
  useTestAllChannels,
  useUpdateAllBalances,
} from './use-channel-actions.ts';
import type { ChannelFormTarget } from './use-channel-form.ts';
import {
  useChannelList,
  useDeleteChannel,
  useQuickEdit,
  useTestChannel,
  useUpdateBalance,
} from './use-channels.ts';

/** Route /channel: channel management (spec §2 "Channel management"). */
export function ChannelsPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [search, setSearch] = useState<ChannelSearch>(emptySearch);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(readPageSize);
  const [idSort, setIdSort] = useState(readIdSort);
  const [batchMode, setBatchMode] = useState(false);
  const [tagMode, setTagMode] = useState(false);
  const [visibleColumns, setVisibleColumns] = useState<ColumnVisibility>(readColumnVisibility);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [drawerTarget, setDrawerTarget] = useState<ChannelFormTarget | null>(null);
  const [drawerSession, setDrawerSession] = useState(0);
  const [editingTag, setEditingTag] = useState<string | null>(null);
  const [batchTagOpen, setBatchTagOpen] = useState(false);
  const [upstreamChannel, setUpstreamChannel] = useState<ChannelView | null>(null);
  const [copyingId, setCopyingId] = useState<number | null>(null);
  const [testingIds, setTestingIds] = useState<ReadonlySet<number>>(new Set());

  const listQuery = useChannelList({ ...search, page, pageSize, idSort, tagMode });
  const quickEdit = useQuickEdit();
  const testMutation = useTestChannel();
  const balanceMutation = useUpdateBalance();
  const deleteMutation = useDeleteChannel();
  const testAll = useTestAllChannels();
  const updateAllBalances = useUpdateAllBalances();
  const deleteDisabled = useDeleteDisabledChannels();
  const fixAbilities = useFixAbilities();
  const batchDelete = useBatchDelete();
  const batchTag = useBatchTag();
  const batchStatus = useBatchStatus();
  const tagStatus = useTagStatus();
  const editTag = useEditTag();

  const items = listQuery.data?.items ?? [];
  const total = listQuery.data?.total ?? 0;
  const selectedIds = selectedChannelIds(selectedKeys);

  // After deleting the last rows of the last page, show the page that now is the last one.
  useEffect(() => {
    if (!listQuery.isPlaceholderData && listQuery.isSuccess && items.length === 0 && page > 1) {
      setPage(Math.max(1, Math.ceil(total / pageSize)));
    }
  }, [listQuery.isPlaceholderData, listQuery.isSuccess, items.length, total, page, pageSize]);

  const changePage = (nextPage: number, nextPageSize: number) => {
    if (nextPageSize !== pageSize) {
      storePageSize(nextPageSize);
      setPageSize(nextPageSize);
      setPage(1);
      return;
    }
    setPage(nextPage);
  };

  const openDrawer = (target: ChannelFormTarget) => {
    setDrawerSession((session) => session + 1);
    setDrawerTarget(target);
  };

  const copyChannel = async (channel: ChannelView) => {
    setCopyingId(channel.id);
    try {
      const full = unwrapReply(await fetchChannel(channel.id));
      openDrawer({
        mode: 'create',
        initial: copyFormValues(full, t('channels.copy.name', { name: full.name })),
      });
    } catch {
      showError(t('channels.copy.failed'));
    } finally {
      setCopyingId(null);
    }
  };

  const runTest = (channel: ChannelView, model: string) => {
    setTestingIds((ids) => new Set(ids).add(channel.id));
    testMutation.mutate(
      { channel, model },
      {
        onSettled: () =>
          setTestingIds((ids) => {
            const next = new Set(ids);
            next.delete(channel.id);
            return next;
          }),
      },
    );
  };

  /** A tag-wide priority or weight change, after the operator confirms it. */
  const confirmTagEdit = (payload: TagEditPayload, content: string) =>
    new Promise<void>((resolve, reject) => {
      modal.confirm({
        title: t('channels.tagRow.confirmTitle', { tag: payload.tag }),
        content,
        okText: t('channels.tagRow.confirmOk'),
        cancelText: t('channels.actions.cancel'),
        okButtonProps: { ...{ 'data-testid': 'tag-number-confirm' } },
        onOk: async () => {
          try {
            await editTag.mutateAsync(payload);
            resolve();
          } catch (error) {
            reject(error);
          }
        },
        onCancel: () => reject(new Error('cancelled')),
      });
    });

  const requireSelection = (action: BatchAction): boolean => {
    const error = checkSelection(selectedIds, action);
    if (error) showError(t(error));
    return error === null;
  };

  const deleteSelected = () => {
    if (!requireSelection('delete')) return;
    modal.confirm({
      title: t('channels.batch.deleteConfirmTitle'),
      content: t('channels.batch.deleteConfirmContent', { count: selectedIds.length }),
      okText: t('channels.actions.delete'),
      okButtonProps: { danger: true, ...{ 'data-testid': 'batch-delete-confirm' } },
      cancelText: t('channels.actions.cancel'),
      onOk: () =>
        batchDelete.mutateAsync(selectedIds).then(
          () => setSelectedKeys([]),
          () => undefined,
        ),
    });
  };

  const setSelectedStatus = (enable: boolean) => {
    if (!requireSelection(enable ? 'enable' : 'disable')) return;
    batchStatus.mutate({ ids: selectedIds, enable });
  };

  const changeIdSort = (value: boolean) => {
    storeIdSort(value);
    setIdSort(value);
    setPage(1);
  };

  const changeBatchMode = (value: boolean) => {
    setBatchMode(value);
    if (!value) setSelectedKeys([]);
  };

  const changeTagMode = (value: boolean) => {
    setTagMode(value);
    setSelectedKeys([]);
    setPage(1);
  };

  const saveColumns = (visibility: ColumnVisibility) => {
    storeColumnVisibility(visibility);
    setVisibleColumns(visibility);
    setColumnsOpen(false);
  };

  const editingTagRow = items.find((item) => isTagRow(item) && item.tag === editingTag);
  const changingTag = tagStatus.isPending ? (tagStatus.variables?.tag ?? null) : null;

  return (
    <Card title={t('channels.title')} data-testid="channels-page">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <ChannelsSearchForm
          onSearch={(next) => {
            setSearch(next);
            setPage(1);
          }}
        />
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'space-between' }}>
          <ModeSwitches
            idSort={idSort}
            batchMode={batchMode}
            tagMode={tagMode}
            onIdSortChange={changeIdSort}
            onBatchModeChange={changeBatchMode}
            onTagModeChange={changeTagMode}
          />
          <PageActions
            onAdd={() => openDrawer({ mode: 'create' })}
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
        </div>
        {batchMode && (
          <BatchActions
            selectedCount={selectedIds.length}
            busy={batchDelete.isPending || batchTag.isPending || batchStatus.isPending}
            onDelete={deleteSelected}
            onTag={() => requireSelection('tag') && setBatchTagOpen(true)}
            onEnable={() => setSelectedStatus(true)}
            onDisable={() => setSelectedStatus(false)}
            onClearSelection={() => setSelectedKeys([])}
          />
        )}
        <ChannelsTable
          items={items}
          loading={listQuery.isFetching}
          page={page}
          pageSize={pageSize}
          total={total}
          onPageChange={changePage}
          visibleColumns={visibleColumns}
          batchMode={batchMode}
          selectedKeys={selectedKeys}
          onSelectionChange={setSelectedKeys}
          pendingOf={(channel) => ({
            testing: testingIds.has(channel.id),
            changingStatus:
              quickEdit.isPending &&
              quickEdit.variables?.id === channel.id &&
              'status' in (quickEdit.variables?.edit ?? {}),
            copying: copyingId === channel.id,
            deleting: deleteMutation.isPending && deleteMutation.variables === channel.id,
          })}
          updatingBalanceId={balanceMutation.isPending ? (balanceMutation.variables?.id ?? null) : null}
          changingTag={changingTag}
          onTest={runTest}
          onSetStatus={(channel, status) => quickEdit.mutate({ id: channel.id, edit: { status } })}
          onEdit={(channel) => openDrawer({ mode: 'edit', id: channel.id })}
          onCopy={(channel) => void copyChannel(channel)}
          onDelete={(channel) => deleteMutation.mutate(channel.id)}
          onDetectUpstream={setUpstreamChannel}
          onRefreshBalance={(channel) => balanceMutation.mutate(channel)}
          onSetPriority={(channel, priority) => quickEdit.mutateAsync({ id: channel.id, edit: { priority } })}
          onSetWeight={(channel, weight) => quickEdit.mutateAsync({ id: channel.id, edit: { weight } })}
          onSetTagStatus={(tag, enable) => tagStatus.mutate({ tag, enable })}
          onEditTag={setEditingTag}
          onSetTagPriority={(tag, priority) =>
            confirmTagEdit({ tag, priority }, t('channels.tagRow.confirmPriority', { value: priority }))
          }
          onSetTagWeight={(tag, weight) =>
            confirmTagEdit({ tag, weight }, t('channels.tagRow.confirmWeight', { value: weight }))
          }
        />
      </Space>
      <ChannelDrawer key={drawerSession} target={drawerTarget} onClose={() => setDrawerTarget(null)} />
      <TagEditDialog
        key={editingTag ?? ''}
        tag={editingTag}
        tagModels={editingTagRow && isTagRow(editingTagRow) ? editingTagRow.models : ''}
        onClose={() => setEditingTag(null)}
      />
      <BatchTagDialog
        open={batchTagOpen}
        selectedIds={selectedIds}
        saving={batchTag.isPending}
        onSubmit={(tag) =>
          batchTag.mutate(
            { ids: selectedIds, tag },
            {
              onSuccess: () => {
                setBatchTagOpen(false);
                setSelectedKeys([]);
              },
            },
          )
        }
        onClose={() => setBatchTagOpen(false)}
      />
      <ColumnSettingsDialog
        open={columnsOpen}
        visibility={visibleColumns}
        onSave={saveColumns}
        onClose={() => setColumnsOpen(false)}
      />
      <UpstreamDetectionDialog channel={upstreamChannel} onClose={() => setUpstreamChannel(null)} />
    </Card>
  );
}
