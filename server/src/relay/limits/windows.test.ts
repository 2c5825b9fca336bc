import { describe, expect, test } from 'vitest';
import { EventLog, MinuteWindow } from './windows.ts';

describe('the minute window', () => {
  /** Seconds 100 (3 requests, 30 tokens) and 110 (2 requests, 0 tokens counted). */
  const window = () => {
    const minute = new MinuteWindow();
    minute.advance(100);
    minute.add(3, 30);
    minute.advance(110);
    minute.add(2, 0);
    return minute;
  };

  test.each([
    // moved to second, tokens?, need → ms when that much has left (null: never)
    [110, false, 1, 160_000],
    [110, false, 3, 160_000],
    [110, false, 4, 170_000],
    [110, false, 6, null],
    [110, true, 30, 160_000],
    [159, false, 1, 160_000],
    [160, false, 1, 170_000],
    [160, true, 1, null],
    [170, false, 1, null],
    [500, false, 1, null],
  ] as const)('at second %i, %s: %i left by %s', (second, tokens, need, expected) => {
    const minute = window();
    minute.advance(second);
    expect(minute.leaveTime(tokens, need)).toBe(expected);
  });

  test('totals follow the seconds that leave, and corrections stay within the window, never below 0', () => {
    const minute = window();
    minute.leaveTime(true, 1);
    minute.correctTokens(110, 25);
    minute.correctTokens(100, -50);
    expect([minute.requestTotal, minute.tokenTotal, minute.leaveTime(true, 1)]).toEqual([5, 25, 170_000]);
    minute.correctTokens(100, 10);
    expect([minute.tokenTotal, minute.leaveTime(true, 1)]).toEqual([35, 160_000]);
    minute.advance(160);
    minute.correctTokens(100, 10);
    expect([minute.requestTotal, minute.tokenTotal, minute.empty()]).toEqual([2, 25, false]);
    minute.advance(170);
    expect([minute.requestTotal, minute.tokenTotal, minute.empty()]).toEqual([0, 0, true]);
  });
});

describe('the event log', () => {
  test('keeps the events of its window, at most its cap, and says when the n-th oldest leaves', () => {
    const log = new EventLog();
    for (const time of [1000, 2000, 3000, 4000]) log.add(time, 3);
    expect(log.count(4000, 10_000)).toBe(3);
    expect(log.leaveTime(1, 10_000)).toBe(12_000);
    expect(log.leaveTime(2, 10_000)).toBe(13_000);
    expect(log.count(12_000, 10_000)).toBe(2);
  });
});
