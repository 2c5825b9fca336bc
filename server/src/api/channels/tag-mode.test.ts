import { describe, expect, it } from 'vitest';
import { groupByTag } from './tag-mode.ts';
import type { ChannelView } from './view.ts';

function channel(id: number, overrides: Partial<ChannelView>): ChannelView {
  return {
    id,
    name: `c${id}`,
    tag: null,
    status: 1,
    priority: 0,
    weight: 0,
    models: 'm',
    group: 'default',
    used_quota: 0,
    balance: 0,
    response_time: 0,
    ...overrides,
  } as ChannelView;
}

describe('groupByTag', () => {
  it('keeps untagged channels and folds tagged ones into one row with totals, in first-seen order', () => {
    const rows = groupByTag([
      channel(1, {}),
      channel(2, {
        tag: 'team',
        status: 2,
        priority: 3,
        models: 'a,b',
        group: 'vip',
        used_quota: 10,
        balance: 1.5,
        response_time: 100,
      }),
      channel(3, {
        tag: 'team',
        status: 1,
        priority: 5,
        weight: 2,
        models: 'b,c',
        group: 'default',
        used_quota: 5,
        balance: 2,
        response_time: 300,
      }),
      channel(4, { tag: ' ', status: 1 }),
      channel(5, { tag: 'off', status: 2 }),
    ]);
    expect(rows.map((row) => ('is_tag' in row ? `tag:${row.tag}` : row.id))).toEqual([
      1,
      'tag:team',
      4,
      'tag:off',
    ]);
    const team = rows[1] as Extract<(typeof rows)[number], { is_tag: true }>;
    expect(team).toMatchObject({
      status: 1,
      priority: 5,
      weight: 2,
      models: 'a,b,c',
      group: 'vip,default',
      used_quota: 15,
      balance: 3.5,
      response_time: 200,
    });
    expect(team.children.map((child) => child.id)).toEqual([2, 3]);
    expect((rows[3] as { status: number }).status).toBe(2);
  });
});
