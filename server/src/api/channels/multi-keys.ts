/**
 * Multi-key channels in the console API, as new-api has them (server/src/relay/cache/multi-key.ts): the
 * keys of a channel created with mode `multi_to_single` (one per line, or a JSON array of service-account
 * keys for Vertex AI), the channel_info it starts with, a mode change or keys appended on update, and
 * POST /api/channel/multi_key/manage: each key's status (its reason and time when disabled), enabling and
 * disabling keys one by one or all at once. Keys themselves are shown to root only, and only their first
 * characters (docs/decisions/0009-channel-key-custody-and-upstream-connections.md).
 */
import type { ChannelKeyStatus, ChannelKeyStatusPage } from '../../../../common/api/channels.ts';
import type { AppContext } from '../../context.ts';
import { businessFailure, notFound } from '../../lib/errors.ts';
import {
  type ChannelInfo,
  KEY_AUTO_DISABLED,
  KEY_ENABLED,
  KEY_MANUALLY_DISABLED,
  keyStatus,
  readChannelInfo,
  splitChannelKeys,
} from '../../relay/cache/multi-key.ts';
import { findChannelRow } from '../../relay/routing/channel-rows.ts';
import { removeKeys, setKeyStatus } from '../../relay/routing/key-status.ts';
import { checkChannelKey } from './normalize.ts';

const VERTEX_AI = 41;

/** The keys typed for a multi-key channel: a Vertex AI JSON array's elements, else the non-empty lines. */
export function keysOfInput(type: number, text: string): string[] {
  const trimmed = text.trim();
  if (type === VERTEX_AI && trimmed.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      throw businessFailure('channel.multi_key_keys_invalid');
    }
    if (!Array.isArray(parsed)) throw businessFailure('channel.multi_key_keys_invalid');
    return parsed
      .map((element) => (typeof element === 'string' ? element.trim() : JSON.stringify(element)))
      .filter(Boolean);
  }
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The key column and channel_info of a new multi-key channel; every key is checked against its type. */
export function newMultiKeyChannel(
  type: number,
  keyText: string,
  mode: string | undefined,
): { key: string; channel_info: string } {
  const keys = keysOfInput(type, keyText);
  if (keys.length === 0) throw businessFailure('channel.name_key_required');
  for (const key of keys) checkChannelKey(type, key);
  const info: ChannelInfo = {
    is_multi_key: true,
    multi_key_size: keys.length,
    multi_key_status_list: {},
    multi_key_polling_index: 0,
    multi_key_mode: mode ?? 'random',
  };
  return { key: keys.join('\n'), channel_info: JSON.stringify(info) };
}

/**
 * An update of a multi-key channel's keys or mode: `append` adds the typed keys not there yet, otherwise
 * typed keys replace them; statuses of indexes past the new end are dropped (new-api's Channel.Update).
 * Returns the columns to write, or null when the channel is not a multi-key one.
 */
export function updatedMultiKeyColumns(
  stored: { type: number; key: string; channel_info: unknown },
  change: { key?: string | undefined; type?: number | undefined; keyMode?: string; multiKeyMode?: string },
): { key?: string; channel_info: string } | null {
  const info = readChannelInfo(stored.channel_info);
  if (info.is_multi_key !== true) return null;
  const type = change.type ?? stored.type;
  let keys = splitChannelKeys(stored.key);
  if (change.key !== undefined) {
    const typed = keysOfInput(type, change.key);
    for (const key of typed) checkChannelKey(type, key);
    keys = change.keyMode === 'append' ? [...keys, ...typed.filter((key) => !keys.includes(key))] : typed;
  }
  if (change.multiKeyMode) info.multi_key_mode = change.multiKeyMode;
  info.multi_key_size = keys.length;
  for (const list of [
    'multi_key_status_list',
    'multi_key_disabled_reason',
    'multi_key_disabled_time',
  ] as const) {
    const entries = info[list];
    if (!entries || typeof entries !== 'object') continue;
    for (const index of Object.keys(entries)) if (Number(index) >= keys.length) delete entries[index];
  }
  return {
    ...(change.key !== undefined ? { key: keys.join('\n') } : {}),
    channel_info: JSON.stringify(info),
  };
}

export interface MultiKeyAction {
  channel_id: number;
  action: string;
  key_index?: number | undefined;
  page?: number | undefined;
  page_size?: number | undefined;
  status?: number | undefined;
}

/** What a management action answers: a status page, or a message. */
export type MultiKeyAnswer =
  | { page: ChannelKeyStatusPage }
  | { message: 'channel.keys_enabled' | 'channel.keys_disabled' | 'channel.keys_deleted'; count: number };

function keyPreview(key: string): string {
  return key.length > 10 ? `${key.slice(0, 10)}...` : key;
}

/** The status of each key, paged and filtered by status (new-api's get_key_status). */
function keyStatusPage(
  keys: readonly string[],
  info: ChannelInfo,
  action: MultiKeyAction,
  showKeys: boolean,
): ChannelKeyStatusPage {
  const all: ChannelKeyStatus[] = keys.map((key, index) => {
    const status = keyStatus(info, index);
    const entry: ChannelKeyStatus = { index, status, key_preview: showKeys ? keyPreview(key) : '' };
    if (status !== KEY_ENABLED) {
      const time = Number(info.multi_key_disabled_time?.[String(index)]);
      const reason = info.multi_key_disabled_reason?.[String(index)];
      if (time > 0) entry.disabled_time = time;
      if (reason) entry.reason = reason;
    }
    return entry;
  });
  const count = (status: number) => all.filter((entry) => entry.status === status).length;
  const filtered = action.status ? all.filter((entry) => entry.status === action.status) : all;
  const pageSize = action.page_size && action.page_size > 0 ? Math.min(action.page_size, 500) : 50;
  const totalPages = Math.max(1, Math.ceil(filtered.length / pageSize));
  const page = Math.min(Math.max(1, action.page ?? 1), totalPages);
  return {
    keys: filtered.slice((page - 1) * pageSize, page * pageSize),
    total: filtered.length,
    page,
    page_size: pageSize,
    total_pages: totalPages,
    enabled_count: count(KEY_ENABLED),
    manual_disabled_count: count(KEY_MANUALLY_DISABLED),
    auto_disabled_count: count(KEY_AUTO_DISABLED),
  };
}

/** Deletes one key, or every key disabled automatically (root only: it rewrites the stored keys). */
async function deleteKeys(
  context: AppContext,
  channelId: number,
  keyCount: number,
  action: MultiKeyAction,
  actorIsRoot: boolean,
): Promise<MultiKeyAnswer> {
  if (!actorIsRoot) throw businessFailure('channel.keys_root_only');
  const single = action.action === 'delete_key';
  if (single && (action.key_index === undefined || action.key_index < 0 || action.key_index >= keyCount))
    throw businessFailure('channel.key_index_invalid');
  const removed = await removeKeys(
    context.database.db,
    channelId,
    single ? [action.key_index as number] : 'auto-disabled',
  );
  if (removed === 'last-key') throw businessFailure('channel.last_key');
  if (!removed) throw businessFailure(single ? 'channel.key_index_invalid' : 'channel.no_auto_disabled_keys');
  await context.channelCache.changed();
  return { message: 'channel.keys_deleted', count: removed };
}

/** Runs one action of POST /api/channel/multi_key/manage. */
export async function manageMultiKeys(
  context: AppContext,
  action: MultiKeyAction,
  actorIsRoot: boolean,
): Promise<MultiKeyAnswer> {
  const row = await findChannelRow(context.database.db, action.channel_id);
  if (!row) throw notFound('channel.not_found');
  const info = readChannelInfo(row.channel_info);
  if (info.is_multi_key !== true) throw businessFailure('channel.not_multi_key');
  const keys = splitChannelKeys(row.key);
  if (action.action === 'get_key_status') return { page: keyStatusPage(keys, info, action, actorIsRoot) };
  if (action.action === 'delete_key' || action.action === 'delete_disabled_keys')
    return deleteKeys(context, row.id, keys.length, action, actorIsRoot);
  const single = action.action === 'enable_key' || action.action === 'disable_key';
  const all = action.action === 'enable_all_keys' || action.action === 'disable_all_keys';
  if (!single && !all) throw businessFailure('channel.multi_key_action_invalid');
  if (single && (action.key_index === undefined || action.key_index < 0 || action.key_index >= keys.length))
    throw businessFailure('channel.key_index_invalid');
  const enable = action.action.startsWith('enable');
  const change = await setKeyStatus(
    context.database.db,
    row.id,
    single ? [action.key_index as number] : 'all',
    enable ? KEY_ENABLED : KEY_MANUALLY_DISABLED,
  );
  await context.channelCache.changed();
  return { message: enable ? 'channel.keys_enabled' : 'channel.keys_disabled', count: change?.changed ?? 0 };
}
