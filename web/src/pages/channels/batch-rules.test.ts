import { describe, expect, it } from 'vitest';
import type { ChannelView, TagRow } from '../../api/channels.ts';
import { checkBatchTag, checkSelection, rowKey, selectedChannelIds } from './batch-rules.ts';

describe('rowKey', () => {
  it('keys channels by id and tag rows by tag:<tag>', () => {
    expect(rowKey({ id: 7 } as ChannelView)).toBe(7);
    expect(rowKey({ is_tag: true, tag: 'team-a', children: [] } as unknown as TagRow)).toBe('tag:team-a');
  });
});

describe('selectedChannelIds', () => {
  it.each<[(string | number)[], number[]]>([
    [[], []],
    [
      [1, 2, 3],
      [1, 2, 3],
    ],
    [
      ['tag:a', 4, 5],
      [4, 5],
    ],
    [
      ['6', 6, 7],
      [6, 7],
    ],
    [[0, -1, 'x', 'tag:12'], []],
  ])('%o gives %o', (keys, expected) => {
    expect(selectedChannelIds(keys)).toEqual(expected);
  });
});

describe('checkSelection', () => {
  it.each([
    ['delete', 'channels.batch.selectToDelete'],
    ['tag', 'channels.batch.selectToTag'],
    ['enable', 'channels.batch.selectToChange'],
    ['disable', 'channels.batch.selectToChange'],
  ] as const)('refuses %s without a selection', (action, error) => {
    expect(checkSelection([], action)).toBe(error);
    expect(checkSelection([1], action)).toBeNull();
  });
});

describe('checkBatchTag', () => {
  it.each([
    [[], 'team', { ok: false, error: 'channels.batch.selectToTag' }],
    [[], '', { ok: false, error: 'channels.batch.selectToTag' }],
    [[1], '', { ok: false, error: 'channels.batch.tagEmpty' }],
    [[1], '   ', { ok: false, error: 'channels.batch.tagEmpty' }],
    [[1, 2], ' team ', { ok: true, tag: 'team' }],
  ])('ids %o and tag %o give %o', (ids, tag, expected) => {
    expect(checkBatchTag(ids, tag)).toEqual(expected);
  });
});
