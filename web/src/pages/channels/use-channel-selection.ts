/**
 * Batch mode of the channel page: the selected rows (channel ids only, batch-rules.ts) and what to do with
 * them: delete after confirmation, set a tag in a dialog, enable or disable. Each action refuses an empty
 * selection with its own message.
 */
import { App } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../components/feedback.ts';
import { type BatchAction, checkSelection, selectedChannelIds } from './batch-rules.ts';
import { useBatchDelete, useBatchStatus, useBatchTag } from './use-channel-actions.ts';

export function useChannelSelection() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [batchMode, setBatchMode] = useState(false);
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [tagDialogOpen, setTagDialogOpen] = useState(false);
  const batchDelete = useBatchDelete();
  const batchTag = useBatchTag();
  const batchStatus = useBatchStatus();

  const selectedIds = selectedChannelIds(selectedKeys);
  const clear = () => setSelectedKeys([]);

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
      onOk: () => batchDelete.mutateAsync(selectedIds).then(clear, () => undefined),
    });
  };

  const setSelectedStatus = (enable: boolean) => {
    if (!requireSelection(enable ? 'enable' : 'disable')) return;
    batchStatus.mutate({ ids: selectedIds, enable });
  };

  const tagSelected = (tag: string) =>
    batchTag.mutate(
      { ids: selectedIds, tag },
      {
        onSuccess: () => {
          setTagDialogOpen(false);
          clear();
        },
      },
    );

  /** Leaving batch mode drops the selection. */
  const changeBatchMode = (value: boolean) => {
    setBatchMode(value);
    if (!value) clear();
  };

  return {
    batchMode,
    changeBatchMode,
    selectedKeys,
    setSelectedKeys,
    selectedIds,
    clear,
    /** Props of the batch-action menu (ChannelsToolbar.tsx). */
    actions: {
      selectedCount: selectedIds.length,
      busy: batchDelete.isPending || batchTag.isPending || batchStatus.isPending,
      onDelete: deleteSelected,
      onTag: () => requireSelection('tag') && setTagDialogOpen(true),
      onEnable: () => setSelectedStatus(true),
      onDisable: () => setSelectedStatus(false),
      onClearSelection: clear,
    },
    /** Props of the batch tag dialog (BatchTagDialog.tsx). */
    tagDialog: {
      open: tagDialogOpen,
      selectedIds,
      saving: batchTag.isPending,
      onSubmit: tagSelected,
      onClose: () => setTagDialogOpen(false),
    },
  };
}
