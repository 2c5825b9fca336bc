/**
 * Exact conversions of a price source's numbers into ratios (docs/decisions/0006-money-arithmetic.md):
 * each number is read from its shortest decimal text, multiplied or divided as BigInt, and rounded once,
 * half up, to RATIO_DECIMALS places (new-api rounds synced ratios to 6 places), so "0.0000025" USD per
 * token is exactly ratio 1.25 and 15 / 2.5 is exactly 6.
 */
import { type ExactDecimal, multiply, toExactDecimal } from '../../relay/billing/exact-decimal.ts';

export const RATIO_DECIMALS = 6;

/** A finite, non-negative decimal number or decimal text as an exact decimal; anything else is null. */
export function readDecimal(value: unknown): ExactDecimal | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number) || number < 0) return null;
  return toExactDecimal(number);
}

export function exact(text: string): ExactDecimal {
  return toExactDecimal(Number(text));
}

/** units / 10^scale rounded half up to RATIO_DECIMALS places, as a number (its decimal text is exact). */
function rounded(numerator: bigint, denominator: bigint): number {
  const scaled = numerator * 10n ** BigInt(RATIO_DECIMALS);
  const quotient = scaled / denominator;
  const remainder = scaled % denominator;
  const units = remainder * 2n >= denominator ? quotient + 1n : quotient;
  const text = units.toString().padStart(RATIO_DECIMALS + 1, '0');
  return Number(`${text.slice(0, -RATIO_DECIMALS)}.${text.slice(-RATIO_DECIMALS)}`);
}

/** The product of the factors, rounded to RATIO_DECIMALS places. */
export function product(...factors: ExactDecimal[]): number {
  const result = multiply(...factors);
  return rounded(result.units, 10n ** BigInt(result.scale));
}

/** dividend / divisor rounded to RATIO_DECIMALS places; divisor must be positive. */
export function quotient(dividend: ExactDecimal, divisor: ExactDecimal): number {
  if (divisor.units <= 0n) throw new RangeError('division by a non-positive number');
  return rounded(
    dividend.units * 10n ** BigInt(divisor.scale),
    divisor.units * 10n ** BigInt(dividend.scale),
  );
}

/** a < b, exactly. */
export function lessThan(a: ExactDecimal, b: ExactDecimal): boolean {
  const scale = Math.max(a.scale, b.scale);
  return a.units * 10n ** BigInt(scale - a.scale) < b.units * 10n ** BigInt(scale - b.scale);
}
