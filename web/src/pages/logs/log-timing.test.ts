import { describe, expect, it } from 'vitest';
import { firstTokenColor, millisecondsAsSeconds, requestTimeColor } from './log-timing.ts';

describe('requestTimeColor', () => {
  it.each([
    [0, 'green'],
    [100, 'green'],
    [100.9, 'green'],
    [101, 'orange'],
    [299, 'orange'],
    [300, 'red'],
    [1200, 'red'],
  ])('%s s is %s', (seconds, color) => {
    expect(requestTimeColor(seconds)).toBe(color);
  });
});

describe('firstTokenColor', () => {
  it.each([
    [0, 'green'],
    [2999, 'green'],
    [3000, 'orange'],
    [9999, 'orange'],
    [10_000, 'red'],
    [65_000, 'red'],
  ])('%s ms is %s', (milliseconds, color) => {
    expect(firstTokenColor(milliseconds)).toBe(color);
  });
});

describe('millisecondsAsSeconds', () => {
  it.each([
    [0, '0.00'],
    [13, '0.01'],
    [994, '0.99'],
    [1000, '1.0'],
    [1530, '1.5'],
    [1560, '1.6'],
    [12_000, '12.0'],
  ])('%s ms is %s s', (milliseconds, text) => {
    expect(millisecondsAsSeconds(milliseconds)).toBe(text);
  });
});
