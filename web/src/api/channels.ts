/**
 * Typed calls of the channels API (docs/reference/console-api.md "Channels"). Every call resolves to the server's
 * {success, message, data} reply; HTTP failures are thrown by the shared client as ApiError.
 */
import type {
  BalanceReply,
  BatchTagPayload,
  ChannelIdsPayload,
  ChannelKeyInfo,
  ChannelKeyStatusPage,
  ChannelListItem,
  ChannelPayload,
  ChannelTestReply,
  ChannelView,
  CreateChannelsPayload,
  CreateChannelsResult,
  FetchModelsRequest,
  KnownModel,
  QuickEdit,
  TagEditPayload,
  TagPayload,
  TagRow,
  UpstreamClientType,
  UpstreamDetection,
  UpstreamGroup,
} from '../../../common/api/channels.ts';
import type { Page } from '../../../common/api/reply.ts';
import { http } from './client.ts';

export type {
  BalanceReply,
  ChannelKeyInfo,
  ChannelKeyStatusPage,
  ChannelListItem,
  ChannelPayload,
  ChannelTestReply,
  ChannelView,
  CreateChannelsResult,
  FetchModelsRequest,
  QuickEdit,
  TagEditPayload,
  TagRow,
  UpstreamClientType,
  UpstreamDetection,
  UpstreamGroup,
};

export function isTagRow(item: ChannelListItem): item is TagRow {
  return (item as Partial<TagRow>).is_tag === true;
}

export interface ChannelListQuery {
  page: number;
  pageSize: number;
  keyword: string;
  group: string;
  model: string;
  idSort: boolean;
  tagMode: boolean;
}

/** The paged list, or the search endpoint when a keyword, group or model is given. */
export function fetchChannels(query: ChannelListQuery) {
  const keyword = query.keyword.trim();
  const group = query.group.trim();
  const model = query.model.trim();
  const params = {
    p: query.page,
    page_size: query.pageSize,
    id_sort: query.idSort,
    tag_mode: query.tagMode,
  };
  if (keyword === '' && group === '' && model === '') {
    return http.get<Page<ChannelListItem>>('/api/channel/', params);
  }
  return http.get<Page<ChannelListItem>>('/api/channel/search', { keyword, group, model, ...params });
}

export function fetchChannel(id: number) {
  return http.get<ChannelView>(`/api/channel/${id}`);
}

/** One channel, one per key line (`batch`), or one multi-key channel of the key lines (`multiKeyMode`). */
export function createChannels(
  channel: ChannelPayload,
  batch: boolean,
  multiKeyMode: 'random' | 'polling' | null = null,
) {
  const payload: CreateChannelsPayload = multiKeyMode
    ? { mode: 'multi_to_single', multi_key_mode: multiKeyMode, channel }
    : { mode: batch ? 'batch' : 'single', channel };
  return http.post<CreateChannelsResult>('/api/channel/', payload);
}

export function updateChannel(id: number, channel: ChannelPayload) {
  return http.put<ChannelView>('/api/channel/', { id, ...channel });
}

export function quickEditChannel(id: number, edit: QuickEdit) {
  return http.put<ChannelView>('/api/channel/', { id, ...edit });
}

export function deleteChannel(id: number) {
  return http.del<unknown>(`/api/channel/${id}/`);
}

export function testChannel(id: number, model?: string) {
  return http.get<unknown>(
    `/api/channel/test/${id}`,
    model ? { model } : undefined,
  ) as Promise<ChannelTestReply>;
}

export function testAllChannels() {
  return http.get<unknown>('/api/channel/test');
}

export function updateChannelBalance(id: number) {
  return http.get<unknown>(`/api/channel/update_balance/${id}/`) as Promise<BalanceReply>;
}

export function updateAllBalances() {
  return http.get<unknown>('/api/channel/update_balance');
}

export function deleteDisabledChannels() {
  return http.del<number>('/api/channel/disabled');
}

export function deleteChannels(ids: number[]) {
  return http.post<number>('/api/channel/batch', { ids } satisfies ChannelIdsPayload);
}

export function fixAbilities() {
  return http.post<number>('/api/channel/fix');
}

export function setChannelsTag(ids: number[], tag: string) {
  return http.post<number>('/api/channel/batch/tag', { ids, tag } satisfies BatchTagPayload);
}

export function editTag(payload: TagEditPayload) {
  return http.put<unknown>('/api/channel/tag', payload);
}

export function enableTag(tag: string) {
  return http.post<unknown>('/api/channel/tag/enabled', { tag } satisfies TagPayload);
}

export function disableTag(tag: string) {
  return http.post<unknown>('/api/channel/tag/disabled', { tag } satisfies TagPayload);
}

/** The upstream's model list of a saved channel (asked by the server with the stored key). */
export function fetchChannelUpstreamModels(id: number) {
  return http.get<string[]>(`/api/channel/fetch_models/${id}`);
}

/** The upstream's model list for unsaved form values. */
export function fetchUpstreamModels(request: FetchModelsRequest) {
  return http.post<string[]>('/api/channel/fetch_models', request);
}

export function detectUpstream(id: number) {
  return http.get<UpstreamDetection>(`/api/channel/test_upstream/${id}`);
}

/** Every model name the server knows, for the form's model picker. */
export function fetchKnownModels() {
  return http.get<KnownModel[]>('/api/channel/models');
}

/** Models offered by at least one enabled channel (the model search box suggests them). */
export function fetchEnabledModels() {
  return http.get<string[]>('/api/channel/models_enabled');
}

/** Channel type id → the models that type offers. */
export function fetchModelsByType() {
  return http.get<Record<string, string[]>>('/api/models');
}

/** Each key of a multi-key channel with its status (previews of the keys for root only). */
export function fetchChannelKeys(channelId: number) {
  return http.post<ChannelKeyStatusPage>('/api/channel/multi_key/manage', {
    channel_id: channelId,
    action: 'get_key_status',
    page_size: 500,
  });
}

/** Enables one key of a multi-key channel again, or all of them. */
export function enableChannelKeys(channelId: number, keyIndex: number | 'all') {
  return http.post<unknown>(
    '/api/channel/multi_key/manage',
    keyIndex === 'all'
      ? { channel_id: channelId, action: 'enable_all_keys' }
      : { channel_id: channelId, action: 'enable_key', key_index: keyIndex },
  );
}

/** How a multi-key channel picks its key for a request. */
export function setMultiKeyMode(channelId: number, mode: 'random' | 'polling') {
  return http.put<ChannelView>('/api/channel/', { id: channelId, multi_key_mode: mode });
}
