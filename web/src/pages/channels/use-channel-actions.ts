/** TanStack Query mutations of the page-wide, batch, tag and form actions of the channel screens. */
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ChannelStatus } from '../../../../common/statuses.ts';
import {
  type ChannelPayload,
  createChannels,
  deleteChannels,
  deleteDisabledChannels,
  disableTag,
  editTag,
  enableTag,
  type FetchModelsRequest,
  fetchChannelUpstreamModels,
  fetchUpstreamModels,
  fixAbilities,
  quickEditChannel,
  setChannelsTag,
  testAllChannels,
  updateAllBalances,
  updateChannel,
} from '../../api/channels.ts';
import { ApiError, ensureSuccess, reportFailure, unwrapReply } from '../../api/client.ts';
import { showError, showSuccess } from '../../components/feedback.ts';
import { useListMutation } from '../../components/use-list-mutation.ts';
import { channelQueryKeys, useChannelChange, useRefreshChannels } from './use-channels.ts';

/** GET /api/channel/test: the server tests every channel in the background. */
export function useTestAllChannels() {
  const { t } = useTranslation();
  return useListMutation<void, unknown>({
    call: testAllChannels,
    success: () => t('channels.toolbar.testAllStarted'),
    tone: 'info',
    lists: channelQueryKeys.lists,
  });
}

/** GET /api/channel/update_balance: the server refreshes every balance in the background. */
export function useUpdateAllBalances() {
  const { t } = useTranslation();
  return useListMutation<void, unknown>({
    call: updateAllBalances,
    success: () => t('channels.toolbar.balancesStarted'),
    tone: 'info',
    lists: channelQueryKeys.lists,
  });
}

export function useDeleteDisabledChannels() {
  const { t } = useTranslation();
  return useChannelChange<void, number>({
    call: deleteDisabledChannels,
    success: (count) => t('channels.toolbar.disabledDeleted', { count: count ?? 0 }),
  });
}

/** POST /api/channel/fix: rebuilds the abilities of every channel. */
export function useFixAbilities() {
  const { t } = useTranslation();
  return useChannelChange<void, number>({
    call: fixAbilities,
    success: (count) => t('channels.toolbar.fixed', { count: count ?? 0 }),
  });
}

export function useBatchDelete() {
  const { t } = useTranslation();
  return useChannelChange({
    call: deleteChannels,
    success: (count) => t('channels.batch.deleted', { count: count ?? 0 }),
  });
}

export function useBatchTag() {
  const { t } = useTranslation();
  return useChannelChange({
    call: ({ ids, tag }: { ids: number[]; tag: string }) => setChannelsTag(ids, tag),
    success: (count) => t('channels.batch.tagged', { count: count ?? 0 }),
  });
}

/**
 * Enables or disables the selected channels, one quick edit each (there is no batch status call).
 * Every channel is tried; the first failure is reported with the count of those that changed.
 */
export function useBatchStatus() {
  const { t } = useTranslation();
  const refresh = useRefreshChannels();
  return useMutation({
    mutationFn: async ({ ids, enable }: { ids: number[]; enable: boolean }) => {
      const status = enable ? ChannelStatus.enabled : ChannelStatus.manuallyDisabled;
      let changed = 0;
      let failure: unknown = null;
      for (const id of ids) {
        try {
          ensureSuccess(await quickEditChannel(id, { status }));
          changed += 1;
        } catch (error) {
          failure ??= error;
        }
      }
      return { changed, failure };
    },
    onSuccess: async ({ changed, failure }) => {
      if (failure) reportFailure(failure);
      if (changed > 0) showSuccess(t('channels.batch.statusChanged', { count: changed }));
      await refresh();
    },
    onError: reportFailure,
  });
}

export interface TagStatusRequest {
  tag: string;
  enable: boolean;
}

/** Enable-all / disable-all of a tag's channels. */
export function useTagStatus() {
  const { t } = useTranslation();
  return useChannelChange({
    call: ({ tag, enable }: TagStatusRequest) => (enable ? enableTag(tag) : disableTag(tag)),
    success: (_nothing, { enable }) =>
      enable ? t('channels.tagRow.enabledAll') : t('channels.tagRow.disabledAll'),
  });
}

export function useEditTag() {
  const { t } = useTranslation();
  return useChannelChange({ call: editTag, success: () => t('channels.tagEdit.saved') });
}

export type SaveChannelRequest =
  | {
      mode: 'create';
      payload: ChannelPayload;
      batch: boolean;
      /** One multi-key channel of the key lines, choosing keys this way. */
      multiKeyMode?: 'random' | 'polling' | null;
    }
  | { mode: 'edit'; id: number; payload: ChannelPayload };

export function useSaveChannel() {
  const { t } = useTranslation();
  const refresh = useRefreshChannels();
  return useMutation({
    mutationFn: async (request: SaveChannelRequest): Promise<number> => {
      if (request.mode === 'edit') {
        unwrapReply(await updateChannel(request.id, request.payload));
        return 1;
      }
      const result = unwrapReply(
        await createChannels(request.payload, request.batch, request.multiKeyMode ?? null),
      );
      return result?.count ?? 0;
    },
    onSuccess: async (count, request) => {
      if (request.mode === 'edit') showSuccess(t('channels.form.updated'));
      else if (count > 1) showSuccess(t('channels.form.createdMany', { count }));
      else showSuccess(t('channels.form.created'));
      await refresh();
    },
    onError: reportFailure,
  });
}

export type UpstreamModelsRequest = { id: number } | FetchModelsRequest;

/** The upstream's model list: of a saved channel by id, or of the form's unsaved address and key. */
export function useFetchUpstreamModels() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async (request: UpstreamModelsRequest) => {
      const reply =
        'id' in request ? await fetchChannelUpstreamModels(request.id) : await fetchUpstreamModels(request);
      return unwrapReply(reply) ?? [];
    },
    onSuccess: () => showSuccess(t('channels.form.fetchModelsSuccess')),
    // HTTP failures were shown by the client already; a refusal shows the server's reason.
    onError: (error) => {
      if (error instanceof ApiError) return;
      showError(error.message || t('channels.form.fetchModelsFailed'));
    },
  });
}
