/**
 * The console's view of a channel (common/api/channels.ts). The key is only ever included for root, and
 * only on request.
 */
import type { ChannelKeyInfo, ChannelView } from '../../../../common/api/channels.ts';
import { channelInfoOf, splitChannelKeys } from '../../../../common/channel-keys.ts';
import { jsonColumnText, readJsonColumn } from '../../db/json-column.ts';
import type { ChannelRow } from '../../db/schema.ts';
import { limitsView } from '../tokens/limits-fields.ts';

export type { ChannelRow, ChannelView };

/** The row as new-api's API names it: the organization is `openai_organization` (column open_ai_organization). */
export function toChannelView(row: ChannelRow, includeKey = false): ChannelView {
  const view: ChannelView = {
    id: row.id,
    type: row.type,
    name: row.name,
    base_url: row.base_url,
    other: row.other,
    models: row.models,
    group: row.group,
    model_mapping: row.model_mapping,
    status_code_mapping: row.status_code_mapping,
    setting: row.setting,
    param_override: row.param_override,
    auto_ban: row.auto_ban,
    test_model: row.test_model,
    priority: Number(row.priority),
    weight: row.weight,
    tag: row.tag,
    openai_organization: row.open_ai_organization,
    max_input_tokens: row.max_input_tokens,
    status: row.status,
    response_time: row.response_time,
    balance: Number(row.balance),
    used_quota: Number(row.used_quota),
    other_info: row.other_info,
    test_time: row.test_time,
    balance_updated_time: row.balance_updated_time,
    created_time: row.created_time,
    header_override: jsonColumnText(row.header_override),
    settings: jsonColumnText(row.settings),
    limits: limitsView(row.limits, true),
  };
  const keyInfo = channelKeyInfo(row);
  if (keyInfo) view.channel_info = keyInfo;
  if (includeKey) view.key = row.key;
  return view;
}

function numbersOf(value: unknown): Record<string, number> {
  const result: Record<string, number> = {};
  if (value && typeof value === 'object')
    for (const [index, entry] of Object.entries(value))
      if (Number.isFinite(Number(entry))) result[index] = Number(entry);
  return result;
}

function textsOf(value: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (value && typeof value === 'object')
    for (const [index, entry] of Object.entries(value)) if (typeof entry === 'string') result[index] = entry;
  return result;
}

/** A multi-key channel's channel_info as the console reads it (statuses and reasons, never a key). */
function channelKeyInfo(row: ChannelRow): ChannelKeyInfo | null {
  const info = channelInfoOf(readJsonColumn(row.channel_info));
  if (info.is_multi_key !== true) return null;
  return {
    is_multi_key: true,
    multi_key_size: splitChannelKeys(row.key).length,
    multi_key_mode: typeof info.multi_key_mode === 'string' ? info.multi_key_mode : '',
    multi_key_polling_index: Number(info.multi_key_polling_index) || 0,
    multi_key_status_list: numbersOf(info.multi_key_status_list),
    multi_key_disabled_reason: textsOf(info.multi_key_disabled_reason),
    multi_key_disabled_time: numbersOf(info.multi_key_disabled_time),
  };
}
