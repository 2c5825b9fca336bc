import { describe, expect, it } from 'vitest';
import { checkinFields, checkinRangeProblem } from './operation-fields.ts';

describe('checkinRangeProblem', () => {
  it.each([
    [1000, 10000, null],
    [5, 5, null],
    [0, 0, null],
    [10001, 10000, 'checkin.settings.rangeInverted'],
    ['20000', '10000', 'checkin.settings.rangeInverted'],
    [null, 5, null],
    ['', 5, null],
  ])('min %j, max %j: %j', (min, max, expected) => {
    expect(checkinRangeProblem({ 'checkin_setting.min_quota': min, 'checkin_setting.max_quota': max })).toBe(
      expected,
    );
  });
});

describe('checkinFields', () => {
  it("are new-api's three check-in options", () => {
    expect(checkinFields.map((field) => field.key)).toEqual([
      'checkin_setting.enabled',
      'checkin_setting.min_quota',
      'checkin_setting.max_quota',
    ]);
  });
});
