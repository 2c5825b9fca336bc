/** The console's view of a channel. The key is only ever included for root, and only on request. */
import type { ChannelRow } from '../../db/schema.ts';

export type { ChannelRow };

export type ChannelView = Omit<ChannelRow, 'key'> & { key?: string };

export function toChannelView(row: ChannelRow, includeKey = false): ChannelView {
  const { key, ...rest } = row;
  const view: ChannelView = {
    ...rest,
    balance: Number(row.balance),
    used_quota: Number(row.used_quota),
    priority: Number(row.priority),
  };
  if (includeKey) view.key = key;
  return view;
}
