/**
 * Tag-aggregation mode of the channel list: channels sharing a tag become one row with the tag's
 * totals and the channels as children; untagged channels stay as they are. Paging is over rows.
 */
import type { ChannelListItem, ChannelView, TagRow } from '../../../../common/api/channels.ts';
import { splitList } from '../../lib/mapping-rules.ts';

export function groupByTag(channels: readonly ChannelView[]): ChannelListItem[] {
  const rows: ChannelListItem[] = [];
  const tags = new Map<string, TagRow>();
  for (const channel of channels) {
    const tag = channel.tag?.trim();
    if (!tag) {
      rows.push(channel);
      continue;
    }
    let row = tags.get(tag);
    if (!row) {
      row = {
        is_tag: true,
        tag,
        name: tag,
        status: 2,
        priority: channel.priority,
        weight: channel.weight,
        models: '',
        group: '',
        used_quota: 0,
        balance: 0,
        response_time: 0,
        children: [],
      };
      tags.set(tag, row);
      rows.push(row);
    }
    row.children.push(channel);
  }
  for (const row of tags.values()) {
    const tested = row.children.filter((child) => child.response_time > 0);
    row.status = row.children.some((child) => child.status === 1) ? 1 : 2;
    row.priority = Math.max(...row.children.map((child) => child.priority));
    row.weight = Math.max(...row.children.map((child) => child.weight));
    row.models = [...new Set(row.children.flatMap((child) => splitList(child.models)))].join(',');
    row.group = [...new Set(row.children.flatMap((child) => splitList(child.group)))].join(',');
    row.used_quota = row.children.reduce((sum, child) => sum + child.used_quota, 0);
    row.balance = row.children.reduce((sum, child) => sum + child.balance, 0);
    row.response_time =
      tested.length > 0
        ? Math.round(tested.reduce((sum, child) => sum + child.response_time, 0) / tested.length)
        : 0;
  }
  return rows;
}
