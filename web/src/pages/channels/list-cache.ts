/**
 * Updates of cached list pages after a quick action (status, priority, weight, test, balance), so the
 * row changes at once; channels inside tag rows are updated too.
 */
import type { Page } from '../../../../common/api-types.ts';
import { type ChannelListItem, type ChannelView, isTagRow } from '../../api/channels.ts';

/** The page with the channel `id` patched wherever it appears (top level or inside a tag row). */
export function patchChannelInPage(
  page: Page<ChannelListItem> | undefined,
  id: number,
  patch: Partial<ChannelView>,
): Page<ChannelListItem> | undefined {
  if (!page) return page;
  let changed = false;
  const patchChannel = (channel: ChannelView): ChannelView => {
    if (channel.id !== id) return channel;
    changed = true;
    return { ...channel, ...patch };
  };
  const items = page.items.map((item) => {
    if (!isTagRow(item)) return patchChannel(item);
    const children = item.children.map(patchChannel);
    return children.some((child, index) => child !== item.children[index]) ? { ...item, children } : item;
  });
  return changed ? { ...page, items } : page;
}

/** The fields a quick-edit reply may change; the rest of the row (and its key-less view) stays. */
export function quickEditPatch(channel: ChannelView): Partial<ChannelView> {
  return {
    status: channel.status,
    priority: channel.priority,
    weight: channel.weight,
    other_info: channel.other_info,
  };
}
