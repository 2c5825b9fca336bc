import { describe, expect, it } from 'vitest';
import type { CachedChannel, ChannelCandidate } from '../cache/channel-cache.ts';
import { selectChannel } from './select.ts';

function candidate(id: number, priority: number, weight: number): ChannelCandidate {
  return { channel: { id } as CachedChannel, priority, weight };
}

/** A deterministic "random" returning the given values in turn. */
function sequence(...values: number[]): () => number {
  let index = 0;
  return () => values[index++ % values.length]!;
}

describe('selectChannel', () => {
  const list = [candidate(1, 10, 1), candidate(2, 10, 3), candidate(3, 5, 1), candidate(4, 0, 0)];

  it.each([
    ['empty list', [], [], 0.5, null],
    ['highest tier, weighted: low draw', list, [], 0.1, 1],
    ['highest tier, weighted: high draw', list, [], 0.9, 2],
    ['failed channel excluded within the tier', list, [2], 0.9, 1],
    ['tier exhausted → next tier', list, [1, 2], 0.5, 3],
    ['all but the weight-0 channel failed', list, [1, 2, 3], 0.99, 4],
    ['everything failed', list, [1, 2, 3, 4], 0.5, null],
  ] as const)('%s', (_name, candidates, excluded, draw, expected) => {
    const chosen = selectChannel(candidates as ChannelCandidate[], new Set(excluded), sequence(draw));
    expect(chosen?.channel.id ?? null).toBe(expected);
  });

  it('gives weight-0 channels a small share next to weighted ones', () => {
    const tier = [candidate(1, 0, 10), candidate(2, 0, 0)];
    const picks = new Map<number, number>();
    for (let draw = 0; draw < 1000; draw += 1) {
      const id = selectChannel(tier, new Set(), () => draw / 1000)!.channel.id;
      picks.set(id, (picks.get(id) ?? 0) + 1);
    }
    expect(picks.get(2)).toBeGreaterThan(0);
    expect(picks.get(2)).toBeLessThan(20);
  });

  it('spreads traffic by weight (1:3)', () => {
    const tier = [candidate(1, 0, 1), candidate(2, 0, 3)];
    let second = 0;
    for (let draw = 0; draw < 1000; draw += 1)
      if (selectChannel(tier, new Set(), () => draw / 1000)!.channel.id === 2) second += 1;
    expect(second).toBe(750);
  });

  it('treats all-zero weights as equal', () => {
    const tier = [candidate(1, 0, 0), candidate(2, 0, 0)];
    expect(selectChannel(tier, new Set(), () => 0.25)!.channel.id).toBe(1);
    expect(selectChannel(tier, new Set(), () => 0.75)!.channel.id).toBe(2);
  });
});
