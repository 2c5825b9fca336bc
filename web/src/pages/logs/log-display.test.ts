import { describe, expect, it } from 'vitest';
import { LOG_TYPE_OPTIONS, logTypeTag, showsUsage } from './log-display.ts';

describe('LOG_TYPE_OPTIONS', () => {
  it('offers all (0) and the five types in order', () => {
    expect(LOG_TYPE_OPTIONS.map((option) => option.value)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('logTypeTag', () => {
  it.each([
    [1, 'logs.type.topup', 'cyan'],
    [2, 'logs.type.consume', 'green'],
    [3, 'logs.type.manage', 'orange'],
    [4, 'logs.type.system', 'purple'],
    [5, 'logs.type.error', 'red'],
    [0, 'logs.type.unknown', 'default'],
    [42, 'logs.type.unknown', 'default'],
  ])('type %s is %s (%s)', (type, key, color) => {
    expect(logTypeTag(type)).toEqual({ key, color });
  });
});

describe('showsUsage', () => {
  it.each([
    [0, true],
    [1, false],
    [2, true],
    [3, false],
    [4, false],
    [5, false],
  ])('type %s → %s', (type, shown) => {
    expect(showsUsage(type)).toBe(shown);
  });
});
