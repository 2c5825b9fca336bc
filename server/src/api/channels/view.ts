/** The console's view of a channel. The key is only ever included for root, and only on request. */
import type { ChannelRow } from '../../db/schema.ts';

export type { ChannelRow };

/** The row as new-api's API names it: the organization is `openai_organization` (column open_ai_organization). */
export type ChannelView = Omit<ChannelRow, 'key' | 'open_ai_organization'> & {
  key?: string;
  openai_organization: string | null;
};

export function toChannelView(row: ChannelRow, includeKey = false): ChannelView {
  const { key, open_ai_organization, ...rest } = row;
  const view: ChannelView = {
    ...rest,
    openai_organization: open_ai_organization,
    balance: Number(row.balance),
    used_quota: Number(row.used_quota),
    priority: Number(row.priority),
  };
  if (includeKey) view.key = key;
  return view;
}
