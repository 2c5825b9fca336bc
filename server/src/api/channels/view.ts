/**
 * The console's view of a channel (common/api/channels.ts). The key is only ever included for root, and
 * only on request.
 */
import type { ChannelView } from '../../../../common/api/channels.ts';
import type { ChannelRow } from '../../db/schema.ts';

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
  };
  if (includeKey) view.key = row.key;
  return view;
}
