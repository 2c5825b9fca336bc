import { describe, expect, it } from 'vitest';
import { drawReward, orderedRange } from './reward.ts';
import { checkinLogContent } from './service.ts';

describe('orderedRange', () => {
  it.each([
    [1000, 10000, { min: 1000, max: 10000 }],
    [10000, 1000, { min: 1000, max: 10000 }],
    [-5, 20, { min: 0, max: 20 }],
    [-5, -1, { min: 0, max: 0 }],
    [7, 7, { min: 7, max: 7 }],
    [Number.NaN, 3, { min: 0, max: 3 }],
  ])('(%s, %s) is drawn as %j', (min, max, expected) => {
    expect(orderedRange(min, max)).toEqual(expected);
  });
});

describe('drawReward', () => {
  it.each([
    [{ min: 5, max: 5 }, 0, 5],
    [{ min: 100, max: 200 }, 0, 100],
    [{ min: 100, max: 200 }, 100, 200],
    [{ min: 0, max: 1 }, 1, 1],
  ])('%j with draw %s gives %s', (range, drawn, expected) => {
    expect(drawReward(range, () => drawn)).toBe(expected);
  });

  it('asks the draw for the size of the range, both ends included', () => {
    const bounds: number[] = [];
    drawReward({ min: 10, max: 20 }, (bound) => {
      bounds.push(bound);
      return 0;
    });
    expect(bounds).toEqual([11]);
  });

  it('stays within the range with the real random source', () => {
    for (let round = 0; round < 500; round += 1) {
      const reward = drawReward({ min: 3, max: 6 });
      expect(reward).toBeGreaterThanOrEqual(3);
      expect(reward).toBeLessThanOrEqual(6);
    }
  });
});

describe('checkinLogContent', () => {
  it.each([
    [5000, 500000, false, '用户签到，获得额度 5000 点额度'],
    [5000, 500000, true, '用户签到，获得额度 $0.010000 额度'],
    [1, 0, true, '用户签到，获得额度 1 点额度'],
  ])('%s quota (unit %s, currency %s)', (quota, unit, currency, expected) => {
    expect(checkinLogContent(quota, unit, currency)).toBe(expected);
  });
});
