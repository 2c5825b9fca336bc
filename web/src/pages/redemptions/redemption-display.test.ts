import { describe, expect, it } from 'vitest';
import {
  optionalTimeText,
  redemptionRowState,
  redemptionStatusLabel,
  toggledStatus,
  usedByUser,
} from './redemption-display.ts';

describe('redemptionStatusLabel', () => {
  it.each([
    [1, 'redemptions.status.unused', 'green'],
    [2, 'redemptions.status.disabled', 'red'],
    [3, 'redemptions.status.used', 'default'],
    [0, 'redemptions.status.unknown', 'default'],
    [4, 'redemptions.status.unknown', 'default'],
  ])('status %i is %s (%s)', (status, key, color) => {
    expect(redemptionStatusLabel(status)).toEqual({ key, color });
  });
});

describe('toggledStatus', () => {
  it.each([
    [1, 2],
    [2, 1],
  ])('status %i switches to %i', (status, expected) => {
    expect(toggledStatus(status)).toBe(expected);
  });
});

describe('redemptionRowState', () => {
  it.each([
    [1, { switchOn: true, switchLocked: false, editable: true }],
    [2, { switchOn: false, switchLocked: false, editable: false }],
    [3, { switchOn: false, switchLocked: true, editable: false }],
  ])('status %i gives %o', (status, expected) => {
    expect(redemptionRowState({ status })).toEqual(expected);
  });
});

describe('optionalTimeText', () => {
  it('shows 0 as null and a time in local format', () => {
    const seconds = new Date(2025, 4, 6, 7, 8, 9).getTime() / 1000;
    expect(optionalTimeText(0)).toBeNull();
    expect(optionalTimeText(seconds)).toBe('2025-05-06 07:08:09');
  });
});

describe('usedByUser', () => {
  it.each([
    [0, null],
    [7, 7],
  ])('used_user_id %i gives %o', (usedUserId, expected) => {
    expect(usedByUser({ used_user_id: usedUserId })).toBe(expected);
  });
});
