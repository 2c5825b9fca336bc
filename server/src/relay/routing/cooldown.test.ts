import { describe, expect, it } from 'vitest';
import { Cooldowns } from './cooldown.ts';

function clocked(options: { maxEntries?: number } = {}) {
  const clock = { now: 1_000_000 };
  const cooldowns = new Cooldowns({ ...options, now: () => clock.now });
  return { clock, cooldowns };
}

describe('Cooldowns', () => {
  it('cools a channel for its seconds, then lets it serve and forgets it', () => {
    const { clock, cooldowns } = clocked();
    expect(cooldowns.isCooling(1)).toBe(false);
    cooldowns.cool(1, null, 20);
    expect(cooldowns.isCooling(1)).toBe(true);
    expect(cooldowns.isCooling(1, 0)).toBe(true);
    expect(cooldowns.isCooling(2)).toBe(false);
    clock.now += 19_999;
    expect(cooldowns.isCooling(1)).toBe(true);
    clock.now += 1;
    expect(cooldowns.isCooling(1)).toBe(false);
    expect(cooldowns.size).toBe(0);
  });

  it('cools only the key of a multi-key channel', () => {
    const { clock, cooldowns } = clocked();
    cooldowns.cool(7, 2, 5);
    expect(cooldowns.isCooling(7, 2)).toBe(true);
    expect(cooldowns.isCooling(7, 1)).toBe(false);
    expect(cooldowns.isCooling(7)).toBe(false);
    clock.now += 5_000;
    expect(cooldowns.isCooling(7, 2)).toBe(false);
    expect(cooldowns.size).toBe(0);
  });

  it('keeps the longer of two cooldowns and ignores none', () => {
    const { clock, cooldowns } = clocked();
    cooldowns.cool(3, null, 60);
    cooldowns.cool(3, null, 5);
    cooldowns.cool(3, null, 0);
    cooldowns.cool(3, null, Number.NaN);
    clock.now += 30_000;
    expect(cooldowns.isCooling(3)).toBe(true);
    cooldowns.cool(4, null, 0);
    expect(cooldowns.size).toBe(1);
  });

  it('holds at most maxEntries channels, dropping ended ones first, then the soonest to end', () => {
    const { clock, cooldowns } = clocked({ maxEntries: 2 });
    cooldowns.cool(1, null, 1);
    cooldowns.cool(2, null, 100);
    clock.now += 2_000;
    cooldowns.cool(3, null, 50);
    expect(cooldowns.size).toBe(2);
    expect(cooldowns.isCooling(2)).toBe(true);
    expect(cooldowns.isCooling(3)).toBe(true);
    cooldowns.cool(4, 0, 200);
    expect(cooldowns.size).toBe(2);
    expect(cooldowns.isCooling(3)).toBe(false);
    expect(cooldowns.isCooling(2)).toBe(true);
    expect(cooldowns.isCooling(4, 0)).toBe(true);
  });
});
