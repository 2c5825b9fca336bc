import { describe, expect, it } from 'vitest';
import { add, isPositive, multiply, roundToInteger, toExactDecimal } from './exact-decimal.ts';

describe('toExactDecimal', () => {
  it.each([
    [1.25, 125n, 2],
    [0.1, 1n, 1],
    [0.075, 75n, 3],
    [500000, 500000n, 0],
    [1e-7, 1n, 7],
    [1.5e21, 1500000000000000000000n, 0],
    [-0.5, -5n, 1],
    [0, 0n, 0],
    [Number.NaN, 0n, 0],
    [Number.POSITIVE_INFINITY, 0n, 0],
  ])('%s reads as %s × 10^-%s', (value, units, scale) => {
    expect(toExactDecimal(value)).toEqual({ units, scale });
  });
});

describe('arithmetic', () => {
  it('multiplies and adds without binary rounding', () => {
    // 0.1 + 0.2 = 0.3 exactly, and × 3 = 0.9 exactly (floating point gives 0.30000000000000004).
    const sum = add(toExactDecimal(0.1), toExactDecimal(0.2));
    expect(sum).toEqual({ units: 3n, scale: 1 });
    expect(multiply(sum, toExactDecimal(3))).toEqual({ units: 9n, scale: 1 });
  });

  it.each([
    [2.5, 3n],
    [2.4999, 2n],
    [3.5, 4n],
    [0.5, 1n],
    [0.4, 0n],
    [7, 7n],
    [-2.5, -3n],
    [-2.4, -2n],
  ])('rounds %s half away from zero to %s', (value, expected) => {
    expect(roundToInteger(toExactDecimal(value))).toBe(expected);
  });

  it('rounds the exact product where floating point would round the wrong way', () => {
    // 150 × 0.3 × 0.7 is 31.499999999999996 in floating point; exactly it is 31.5 → 32.
    expect(Math.round(150 * 0.3 * 0.7)).toBe(31);
    const product = multiply(toExactDecimal(150), toExactDecimal(0.3), toExactDecimal(0.7));
    expect(roundToInteger(product)).toBe(32n);
  });

  it.each([
    [0.000001, true],
    [0, false],
    [-1, false],
  ])('isPositive(%s) is %s', (value, expected) => {
    expect(isPositive(toExactDecimal(value))).toBe(expected);
  });
});
