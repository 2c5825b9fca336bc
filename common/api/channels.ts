/**
 * Channels (/api/channel/*, administrators): the view built by server/src/api/channels/view.ts, the
 * tag-mode rows of server/src/api/channels/tag-mode.ts, the upstream detection of
 * server/src/api/channels/upstream-detection.ts, and what the forms and table actions send.
 */
import type { ChannelLimits } from '../traffic-limits.ts';
import type { ApiReply } from './reply.ts';

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
  /** Stored in the column `open_ai_organization` (GORM's name); the API keeps new-api's field name. */
  openai_organization: string | null;
  max_input_tokens: number;
  /** 1 enabled, 2 disabled by hand, 3 disabled automatically (common/statuses.ts ChannelStatus). */
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
  /** JSON object of header name → value set on every upstream request (`{api_key}` placeholders). */
  header_override?: string | null;
  /** new-api's ChannelOtherSettings, JSON text (an Advanced Custom channel's routes: common/channel-types-custom.ts). */
  settings?: string | null;
  /** new-api's multi-key state (no keys in it); absent for a channel with one key. */
  channel_info?: ChannelKeyInfo;
  /** The channel's caps and, for a multi-key channel, each key's (docs/limits.md); `{}` when none. */
  limits?: ChannelLimits;
}

/** A multi-key channel's state as new-api keeps it in `channel_info` (maps keyed by the key's index). */
export interface ChannelKeyInfo {
  is_multi_key: boolean;
  multi_key_size: number;
  /** "random" or "polling" ("" : the first enabled key). */
  multi_key_mode: string;
  multi_key_polling_index: number;
  /** Key index → 2 (disabled by hand) or 3 (disabled automatically); absent: enabled. */
  multi_key_status_list: Record<string, number>;
  multi_key_disabled_reason?: Record<string, string>;
  multi_key_disabled_time?: Record<string, number>;
}

/** One key of a multi-key channel (POST /api/channel/multi_key/manage, get_key_status). */
export interface ChannelKeyStatus {
  index: number;
  /** 1 enabled, 2 disabled by hand, 3 disabled automatically. */
  status: number;
  disabled_time?: number;
  reason?: string;
  /** The key's first characters, for root only (empty for other administrators). */
  key_preview: string;
}

export interface ChannelKeyStatusPage {
  keys: ChannelKeyStatus[];
  total: number;
  page: number;
  page_size: number;
  total_pages: number;
  enabled_count: number;
  manual_disabled_count: number;
  auto_disabled_count: number;
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

/** A row of GET /api/channel/ and /api/channel/search: a channel, or a tag row in tag mode. */
export type ChannelListItem = ChannelView | TagRow;

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
  /** JSON object of headers set on every upstream request (absent: unchanged). */
  header_override?: string;
  /** new-api's ChannelOtherSettings, JSON text (absent: unchanged). */
  settings?: string;
  /** Replaces the stored caps (`{}` removes them, absent keeps them). */
  limits?: ChannelLimits;
}

/** POST /api/channel/: one channel, or one per key line in batch mode. */
export interface CreateChannelsPayload {
  /** `multi_to_single`: one multi-key channel of the key lines (common/channel-keys.ts). */
  mode: 'single' | 'batch' | 'multi_to_single';
  /** For `multi_to_single`: how a request picks one of the keys. */
  multi_key_mode?: 'random' | 'polling';
  channel: ChannelPayload;
}

export interface CreateChannelsResult {
  ids: number[];
  count: number;
}

/** Quick edits of one field from the table (PUT /api/channel/ with `id`). */
export type QuickEdit = { status: number } | { priority: number } | { weight: number };

/** POST /api/channel/batch {ids}; POST /api/channel/batch/tag adds `tag`. Both return a count. */
export interface ChannelIdsPayload {
  ids: number[];
}

export interface BatchTagPayload extends ChannelIdsPayload {
  /** An empty string removes the tag. */
  tag: string;
}

/** POST /api/channel/tag/enabled and /api/channel/tag/disabled. */
export interface TagPayload {
  tag: string;
}

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
  /** Replaces the header override of every channel of the tag ('' removes it). */
  header_override?: string;
}

/** Reply of a channel test (GET /api/channel/test/{id}): `time` (seconds) sits next to success and message. */
export interface ChannelTestReply extends ApiReply<unknown> {
  time?: number;
}

/**
 * Reply of a balance refresh (GET /api/channel/update_balance/{id}/): `balance` sits next to success (null
 * when the channel was deleted meanwhile).
 */
export interface BalanceReply extends ApiReply<unknown> {
  balance?: number | null;
}

/** POST /api/channel/fetch_models: the upstream's model list for unsaved form values. */
export interface FetchModelsRequest {
  base_url: string;
  type: number;
  key: string;
}

/** An item of GET /api/channel/models. */
export interface KnownModel {
  id: string;
}

/** GET /api/channel/test_upstream/{id}: which groups and clients used the channel recently. */
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
