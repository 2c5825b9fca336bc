/**
 * Typed calls of the channels API (spec §7 "Channels"). Every call resolves to the server's
 * {success, message, data} reply; HTTP failures are thrown by the shared client as ApiError.
 */
import type { ApiReply, Page } from '../../../common/api-types.ts';
import { http } from './client.ts';

/** A channel as the console sees it. `key` is only sent to root, and only by GET /api/channel/{id}. */
export interface ChannelView {
  id: number;
  type: number;
  name: string;
  key?: string;
  base_url: string | null;
  /** Type-specific extra: API version, region, knowledge-base id, account id … */
  other: string | null;
  /** Comma-separated model names. */
  models: string | null;
  /** Comma-separated group names. */
  group: string;
  model_mapping: string | null;
  status_code_mapping: string | null;
  setting: string | null;
  param_override: string | null;
  auto_ban: number;
  test_model: string | null;
  priority: number;
  weight: number;
  tag: string | null;
  openai_organization: string | null;
  max_input_tokens: number;
  /** 1 enabled, 2 disabled by hand, 3 disabled automatically. */
  status: number;
  /** Milliseconds of the last test; 0 when never tested. */
  response_time: number;
  balance: number;
  used_quota: number;
  /** JSON text {status_reason, status_time}. */
  other_info: string | null;
  test_time: number;
  balance_updated_time: number;
  created_time: number;
}

/** In tag mode the channels that share a tag come as one row with the channels as its children. */
export interface TagRow {
  is_tag: true;
  tag: string;
  name: string;
  /** 1 when any child is enabled, else 2. */
  status: number;
  priority: number;
  weight: number;
  models: string;
  group: string;
  used_quota: number;
  balance: number;
  response_time: number;
  children: ChannelView[];
}

export type ChannelListItem = ChannelView | TagRow;

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

/** The channel fields the create and edit forms send (models and groups joined by commas). */
export interface ChannelPayload {
  type: number;
  name: string;
  /** Omitted on edit when the key box is left empty (keep the stored key). */
  key?: string;
  base_url: string;
  other: string;
  models: string;
  group: string;
  model_mapping: string;
  status_code_mapping: string;
  setting: string;
  param_override: string;
  auto_ban: number;
  test_model: string;
  priority: number;
  weight: number;
  tag: string;
  openai_organization: string;
  max_input_tokens: number;
}

export interface CreateChannelsResult {
  ids: number[];
  count: number;
}

/** Quick edits of one field from the table. */
export type QuickEdit = { status: number } | { priority: number } | { weight: number };

/** PUT /api/channel/tag: every field but `tag` is optional and means "unchanged" when absent. */
export interface TagEditPayload {
  tag: string;
  /** An empty string removes the tag from its channels. */
  new_tag?: string;
  model_mapping?: string;
  /** Replaces the groups of every channel of the tag. */
  groups?: string[];
  /** Comma-separated; replaces the models of every channel of the tag. */
  models?: string;
  priority?: number;
  weight?: number;
}

/** Reply of a channel test: `time` (seconds) sits next to success and message. */
export interface ChannelTestReply extends ApiReply<unknown> {
  time?: number;
}

/** Reply of a balance refresh: `balance` sits next to success and message. */
export interface BalanceReply extends ApiReply<unknown> {
  balance?: number;
}

export interface UpstreamClientType {
  client_type: string;
  count: number;
  first_seen: number;
  last_seen: number;
}

export interface UpstreamGroup {
  group: string;
  first_seen: number;
  last_seen: number;
  client_types: UpstreamClientType[];
}

export interface UpstreamDetection {
  groups: UpstreamGroup[];
}

export interface FetchModelsRequest {
  base_url: string;
  type: number;
  key: string;
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

export function createChannels(channel: ChannelPayload, batch: boolean) {
  return http.post<CreateChannelsResult>('/api/channel/', { mode: batch ? 'batch' : 'single', channel });
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
  return http.post<number>('/api/channel/batch', { ids });
}

export function fixAbilities() {
  return http.post<number>('/api/channel/fix');
}

export function setChannelsTag(ids: number[], tag: string) {
  return http.post<number>('/api/channel/batch/tag', { ids, tag });
}

export function editTag(payload: TagEditPayload) {
  return http.put<unknown>('/api/channel/tag', payload);
}

export function enableTag(tag: string) {
  return http.post<unknown>('/api/channel/tag/enabled', { tag });
}

export function disableTag(tag: string) {
  return http.post<unknown>('/api/channel/tag/disabled', { tag });
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
  return http.get<{ id: string }[]>('/api/channel/models');
}

/** Models offered by at least one enabled channel (the model search box suggests them). */
export function fetchEnabledModels() {
  return http.get<string[]>('/api/channel/models_enabled');
}

/** Channel type id → the models that type offers. */
export function fetchModelsByType() {
  return http.get<Record<string, string[]>>('/api/models');
}
