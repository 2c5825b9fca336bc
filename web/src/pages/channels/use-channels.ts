/** TanStack Query hooks of the channel screens: lists, one channel, model lists and quick actions. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../../common/api-types.ts';
import {
  type ChannelListItem,
  type ChannelListQuery,
  type ChannelView,
  deleteChannel,
  detectUpstream,
  fetchChannel,
  fetchChannels,
  fetchEnabledModels,
  fetchKnownModels,
  fetchModelsByType,
  type QuickEdit,
  quickEditChannel,
  testChannel,
  updateChannelBalance,
} from '../../api/channels.ts';
import { BusinessFailure, reportFailure, unwrapReply } from '../../api/client.ts';
import { showInfo, showSuccess } from '../../components/feedback.ts';
import { type ListMutationOptions, useListMutation } from '../../components/use-list-mutation.ts';
import { usePageQuery, useReplyQuery } from '../../components/use-reply-query.ts';
import { balanceText } from './channel-display.ts';
import { patchChannelInPage, quickEditPatch } from './list-cache.ts';
import { type ModelsByType, readCachedModelsByType, storeModelsByType } from './models-cache.ts';

export const channelQueryKeys = {
  all: ['channels'] as const,
  lists: ['channels', 'list'] as const,
  list: (query: ChannelListQuery) => ['channels', 'list', query] as const,
  details: ['channels', 'detail'] as const,
  detail: (id: number) => ['channels', 'detail', id] as const,
  modelsByType: ['channels', 'models-by-type'] as const,
  knownModels: ['channels', 'known-models'] as const,
  enabledModels: ['channels', 'enabled-models'] as const,
  upstream: (id: number) => ['channels', 'upstream', id] as const,
};

export function useChannelList(query: ChannelListQuery) {
  return usePageQuery<ChannelListItem>(channelQueryKeys.list(query), () => fetchChannels(query));
}

/** One channel with every field (its key too, for root). Always read fresh: it fills a form. */
export function useChannelDetail(id: number | null) {
  return useReplyQuery({
    queryKey: channelQueryKeys.detail(id ?? 0),
    fetch: () => fetchChannel(id ?? 0),
    enabled: id !== null && id > 0,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Channel type → models (GET /api/models), starting from the local copy and stored again when fresh. */
export function useModelsByType() {
  return useReplyQuery<ModelsByType>({
    queryKey: channelQueryKeys.modelsByType,
    fetch: async () => {
      const reply = await fetchModelsByType();
      if (reply.success) storeModelsByType(reply.data ?? {});
      return reply;
    },
    fallback: {},
    cached: readCachedModelsByType,
    staleTime: 5 * 60_000,
  });
}

/** Every model name the server knows (GET /api/channel/models). */
export function useKnownModels() {
  return useReplyQuery<string[]>({
    queryKey: channelQueryKeys.knownModels,
    fetch: async () => {
      const reply = await fetchKnownModels();
      return { ...reply, data: (reply.data ?? []).map((model) => model.id) };
    },
    staleTime: 5 * 60_000,
  });
}

/** Models of enabled channels, suggested by the model search box. */
export function useEnabledModels() {
  return useReplyQuery<string[]>({
    queryKey: channelQueryKeys.enabledModels,
    fetch: fetchEnabledModels,
    fallback: [],
    staleTime: 60_000,
  });
}

export function useUpstreamDetection(id: number | null) {
  return useReplyQuery({
    queryKey: channelQueryKeys.upstream(id ?? 0),
    fetch: () => detectUpstream(id ?? 0),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Patches a channel in every cached list page. */
export function usePatchChannel() {
  const queryClient = useQueryClient();
  return (id: number, patch: Partial<ChannelView>) =>
    queryClient.setQueriesData<Page<ChannelListItem>>({ queryKey: channelQueryKeys.lists }, (page) =>
      patchChannelInPage(page, id, patch),
    );
}

/** Refetches the lists, the enabled-model list and any cached single channel after a change. */
export function useRefreshChannels() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [channelQueryKeys.lists, channelQueryKeys.details, channelQueryKeys.enabledModels].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/**
 * A change after which the lists, any cached single channel and the enabled-model list are read again
 * (components/use-list-mutation.ts).
 */
export function useChannelChange<Variables, Data>(
  options: Pick<ListMutationOptions<Variables, Data>, 'call' | 'success'>,
) {
  return useListMutation({
    ...options,
    lists: channelQueryKeys.lists,
    reloads: true,
    related: [channelQueryKeys.details, channelQueryKeys.enabledModels],
  });
}

export interface QuickEditRequest {
  id: number;
  edit: QuickEdit;
}

/** PUT {id, status | priority | weight}: the row takes the returned values. */
export function useQuickEdit() {
  const { t } = useTranslation();
  const patchChannel = usePatchChannel();
  const refresh = useRefreshChannels();
  return useMutation({
    mutationFn: async ({ id, edit }: QuickEditRequest) => unwrapReply(await quickEditChannel(id, edit)),
    onSuccess: async (channel, { id, edit }) => {
      showSuccess(t('channels.actions.success'));
      patchChannel(id, channel ? quickEditPatch(channel) : edit);
      // A status change also changes its tag row and the enabled-model list.
      if ('status' in edit) await refresh();
    },
    onError: reportFailure,
  });
}

export function useDeleteChannel() {
  const { t } = useTranslation();
  return useChannelChange({ call: deleteChannel, success: () => t('channels.actions.deleted') });
}

export interface TestRequest {
  channel: Pick<ChannelView, 'id' | 'name'>;
  /** Empty tests the channel's test model (or its first model). */
  model: string;
}

/** Tests a channel; on success its response time (reply `time`, seconds) shows at once. */
export function useTestChannel() {
  const { t } = useTranslation();
  const patchChannel = usePatchChannel();
  const refresh = useRefreshChannels();
  return useMutation({
    mutationFn: async ({ channel, model }: TestRequest) => {
      const reply = await testChannel(channel.id, model || undefined);
      if (!reply.success) throw new BusinessFailure(reply.message);
      return typeof reply.time === 'number' ? reply.time : 0;
    },
    onSuccess: (seconds, { channel, model }) => {
      patchChannel(channel.id, {
        response_time: Math.round(seconds * 1000),
        test_time: Math.floor(Date.now() / 1000),
      });
      showInfo(
        model
          ? t('channels.test.successModel', { name: channel.name, model, seconds: seconds.toFixed(2) })
          : t('channels.test.success', { name: channel.name, seconds: seconds.toFixed(2) }),
      );
    },
    // A failed test may have disabled the channel automatically: show its new status.
    onError: async (error) => {
      reportFailure(error);
      await refresh();
    },
  });
}

/** Asks the upstream for the channel's balance (reply `balance`, top level). */
export function useUpdateBalance() {
  const { t } = useTranslation();
  const patchChannel = usePatchChannel();
  return useMutation({
    mutationFn: async (channel: Pick<ChannelView, 'id' | 'name'>) => {
      const reply = await updateChannelBalance(channel.id);
      if (!reply.success) throw new BusinessFailure(reply.message);
      return typeof reply.balance === 'number' ? reply.balance : 0;
    },
    onSuccess: (balance, channel) => {
      patchChannel(channel.id, { balance, balance_updated_time: Math.floor(Date.now() / 1000) });
      showInfo(t('channels.balance.updated', { name: channel.name, balance: balanceText(balance) }));
    },
    onError: reportFailure,
  });
}
