/** TanStack Query hooks of the channel screens: lists, one channel, model lists and quick actions. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { BusinessFailure, ensureSuccess, reportFailure, unwrapReply } from '../../api/client.ts';
import { showInfo, showSuccess } from '../../components/feedback.ts';
import { useReportedError } from '../../components/use-reported-error.ts';
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
  const result = useQuery({
    queryKey: channelQueryKeys.list(query),
    queryFn: async (): Promise<Page<ChannelListItem>> => unwrapReply(await fetchChannels(query)),
    placeholderData: keepPreviousData,
    retry: false,
  });
  useReportedError(result.error);
  return result;
}

/** One channel with every field (its key too, for root). Always read fresh: it fills a form. */
export function useChannelDetail(id: number | null) {
  const result = useQuery({
    queryKey: channelQueryKeys.detail(id ?? 0),
    queryFn: async () => unwrapReply(await fetchChannel(id ?? 0)),
    enabled: id !== null && id > 0,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  useReportedError(result.error);
  return result;
}

/** Channel type → models (GET /api/models), starting from the local copy and stored again when fresh. */
export function useModelsByType() {
  const result = useQuery({
    queryKey: channelQueryKeys.modelsByType,
    queryFn: async (): Promise<ModelsByType> => {
      const models = unwrapReply(await fetchModelsByType()) ?? {};
      storeModelsByType(models);
      return models;
    },
    initialData: readCachedModelsByType,
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
    retry: false,
  });
  useReportedError(result.error);
  return result;
}

/** Every model name the server knows (GET /api/channel/models). */
export function useKnownModels() {
  const result = useQuery({
    queryKey: channelQueryKeys.knownModels,
    queryFn: async () => (unwrapReply(await fetchKnownModels()) ?? []).map((model) => model.id),
    staleTime: 5 * 60_000,
    retry: false,
  });
  useReportedError(result.error);
  return result;
}

/** Models of enabled channels, suggested by the model search box. */
export function useEnabledModels() {
  const result = useQuery({
    queryKey: channelQueryKeys.enabledModels,
    queryFn: async () => unwrapReply(await fetchEnabledModels()) ?? [],
    staleTime: 60_000,
    retry: false,
  });
  useReportedError(result.error);
  return result;
}

export function useUpstreamDetection(id: number | null) {
  const result = useQuery({
    queryKey: channelQueryKeys.upstream(id ?? 0),
    queryFn: async () => unwrapReply(await detectUpstream(id ?? 0)),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  useReportedError(result.error);
  return result;
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
  const refresh = useRefreshChannels();
  return useMutation({
    mutationFn: async (id: number) => ensureSuccess(await deleteChannel(id)),
    onSuccess: async () => {
      showSuccess(t('channels.actions.deleted'));
      await refresh();
    },
    onError: reportFailure,
  });
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
