import { describe, expect, it } from 'vitest';
import type { Page } from '../../../../common/api-types.ts';
import type { ChannelListItem, ChannelView, TagRow } from '../../api/channels.ts';
import { patchChannelInPage, quickEditPatch } from './list-cache.ts';

const channel = (id: number, extra: Partial<ChannelView> = {}) =>
  ({ id, status: 1, priority: 0, ...extra }) as ChannelView;
const tagRow = (tag: string, children: ChannelView[]) =>
  ({ is_tag: true, tag, children }) as unknown as TagRow;

function page(items: ChannelListItem[]): Page<ChannelListItem> {
  return { items, page: 1, page_size: 10, total: items.length };
}

describe('patchChannelInPage', () => {
  it('leaves a missing page alone', () => {
    expect(patchChannelInPage(undefined, 1, { status: 2 })).toBeUndefined();
  });

  it('patches a top-level channel and keeps the other rows', () => {
    const other = channel(2);
    const before = page([channel(1), other]);
    const after = patchChannelInPage(before, 1, { status: 2 });
    expect(after?.items[0]).toMatchObject({ id: 1, status: 2 });
    expect(after?.items[1]).toBe(other);
    expect(before.items[0]).toMatchObject({ status: 1 });
  });

  it('patches a channel inside a tag row', () => {
    const before = page([tagRow('team', [channel(3), channel(4)]), channel(5)]);
    const after = patchChannelInPage(before, 4, { response_time: 900 });
    const row = after?.items[0] as TagRow;
    expect(row.children[1]).toMatchObject({ id: 4, response_time: 900 });
    expect(row.children[0]).toBe((before.items[0] as TagRow).children[0]);
    expect(after?.items[1]).toBe(before.items[1]);
  });

  it('returns the same page when the channel is not on it', () => {
    const before = page([channel(1)]);
    expect(patchChannelInPage(before, 99, { status: 2 })).toBe(before);
  });
});

describe('quickEditPatch', () => {
  it('takes the fields a quick edit may change', () => {
    expect(
      quickEditPatch(channel(1, { status: 2, priority: 4, weight: 5, other_info: '{}', name: 'n' })),
    ).toEqual({ status: 2, priority: 4, weight: 5, other_info: '{}' });
  });
});
