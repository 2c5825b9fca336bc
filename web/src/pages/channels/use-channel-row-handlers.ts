/**
 * What the rows of the channel table do (ChannelsTable.tsx): test (several at once, each with its own
 * spinner), enable/disable, copy into a new form, delete, refresh the balance, inline priority and weight;
 * on tag rows enable/disable all and the tag-wide priority or weight after a confirmation.
 */
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChannelView, fetchChannel, type TagEditPayload } from '../../api/channels.ts';
import { unwrapReply } from '../../api/client.ts';
import { showError } from '../../components/feedback.ts';
import { pendingRowId } from '../../components/use-list-mutation.ts';
import type { ChannelsTableHandlers } from './ChannelsTable.tsx';
import { copyFormValues } from './channel-form-rules.ts';
import { useEditTag, useTagStatus } from './use-channel-actions.ts';
import type { ChannelFormTarget } from './use-channel-form.ts';
import { useDeleteChannel, useQuickEdit, useTestChannel, useUpdateBalance } from './use-channels.ts';

export interface ChannelRowHandlerOptions {
  /** Opens the channel form (edit, or create with a copy's values). */
  openForm: (target: ChannelFormTarget) => void;
  onEditTag: (tag: string) => void;
  onDetectUpstream: (channel: ChannelView) => void;
}

export function useChannelRowHandlers(options: ChannelRowHandlerOptions): ChannelsTableHandlers {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [copyingId, setCopyingId] = useState<number | null>(null);
  const [testingIds, setTestingIds] = useState<ReadonlySet<number>>(new Set());
  const quickEdit = useQuickEdit();
  const testMutation = useTestChannel();
  const balanceMutation = useUpdateBalance();
  const deleteMutation = useDeleteChannel();
  const tagStatus = useTagStatus();
  const editTag = useEditTag();

  const copyChannel = async (channel: ChannelView) => {
    setCopyingId(channel.id);
    try {
      const full = unwrapReply(await fetchChannel(channel.id));
      options.openForm({
        mode: 'create',
        initial: copyFormValues(full, t('channels.copy.name', { name: full.name })),
        // The copy keeps the channel's caps (docs/limits.md).
        limits: full.limits,
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

  const quickEditing = (id: number, field: string) =>
    quickEdit.isPending && quickEdit.variables?.id === id && field in (quickEdit.variables?.edit ?? {});

  return {
    pendingOf: (channel) => ({
      testing: testingIds.has(channel.id),
      changingStatus: quickEditing(channel.id, 'status'),
      copying: copyingId === channel.id,
      deleting: pendingRowId(deleteMutation) === channel.id,
    }),
    updatingBalanceId: pendingRowId(balanceMutation),
    changingTag: tagStatus.isPending ? (tagStatus.variables?.tag ?? null) : null,
    onTest: runTest,
    onSetStatus: (channel, status) => quickEdit.mutate({ id: channel.id, edit: { status } }),
    onEdit: (channel) => options.openForm({ mode: 'edit', id: channel.id }),
    onCopy: (channel) => void copyChannel(channel),
    onDelete: (channel) => deleteMutation.mutate(channel.id),
    onDetectUpstream: options.onDetectUpstream,
    onRefreshBalance: (channel) => balanceMutation.mutate(channel),
    onSetPriority: (channel, priority) => quickEdit.mutateAsync({ id: channel.id, edit: { priority } }),
    onSetWeight: (channel, weight) => quickEdit.mutateAsync({ id: channel.id, edit: { weight } }),
    onSetTagStatus: (tag, enable) => tagStatus.mutate({ tag, enable }),
    onEditTag: options.onEditTag,
    onSetTagPriority: (tag, priority) =>
      confirmTagEdit({ tag, priority }, t('channels.tagRow.confirmPriority', { value: priority })),
    onSetTagWeight: (tag, weight) =>
      confirmTagEdit({ tag, weight }, t('channels.tagRow.confirmWeight', { value: weight })),
  };
}
