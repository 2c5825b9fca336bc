/**
 * Exact decimal arithmetic for the pricing math (principle 3 of docs/reference/design-principles.md: money is exact).
 *
 * Ratios and prices are decimals written by an operator ("1.25", "0.075", "0.821918"); binary floating
 * point cannot hold most of them, so `1000 * 0.075 * 3` is 224.99999999999997 and a value that should
 * round up would round down. Each number is therefore read back from its shortest decimal text (the text
 * the operator typed) into an integer of units and a power-of-ten scale, multiplied and summed as
 * BigInt, and rounded once at the end.
 */

/** value = units / 10^scale, scale ≥ 0. */
export interface ExactDecimal {
  readonly units: bigint;
  readonly scale: number;
}

export const ZERO: ExactDecimal = { units: 0n, scale: 0 };

const decimalText = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i;

/**
 * The exact decimal of a finite number, taken from its shortest round-trip text, so 0.1 is exactly
 * one tenth. Non-finite numbers (NaN, ±Infinity) are not prices: they read as zero.
 */
export function toExactDecimal(value: number): ExactDecimal {
  if (!Number.isFinite(value) || value === 0) return ZERO;
  const match = decimalText.exec(String(value));
  if (!match) return ZERO;
  const [, sign = '', whole = '0', fraction = '', exponentText = '0'] = match;
  const exponent = Number.parseInt(exponentText, 10);
  let units = BigInt(`${whole}${fraction}`);
  let scale = fraction.length - exponent;
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units: sign === '-' ? -units : units, scale };
}

export function multiply(...factors: readonly ExactDecimal[]): ExactDecimal {
  let units = 1n;
  let scale = 0;
  for (const factor of factors) {
    units *= factor.units;
    scale += factor.scale;
  }
  return { units, scale };
}

export function add(...terms: readonly ExactDecimal[]): ExactDecimal {
  const scale = terms.reduce((widest, term) => Math.max(widest, term.scale), 0);
  let units = 0n;
  for (const term of terms) units += term.units * 10n ** BigInt(scale - term.scale);
  return { units, scale };
}

export function isPositive(value: ExactDecimal): boolean {
  return value.units > 0n;
}

/**
 * Rounds to the nearest integer, halves away from zero (Go's math.Round, which new-api uses; for the
 * non-negative amounts of billing this is "half up").
 */
export function roundToInteger(value: ExactDecimal): bigint {
  if (value.scale === 0) return value.units;
  const divisor = 10n ** BigInt(value.scale);
  const magnitude = value.units < 0n ? -value.units : value.units;
  const quotient = magnitude / divisor;
  const remainder = magnitude % divisor;
  const rounded = remainder * 2n >= divisor ? quotient + 1n : quotient;
  return value.units < 0n ? -rounded : rounded;
}

/**
 * The same arithmetic on Number units, for the common case where every value is a safe integer (below
 * 2^53) and the scales stay small: then each step is exact, which each step checks. A step that would
 * leave that range gives NaN units, which every later step keeps; the caller then computes again with
 * the BigInt functions above. About ten times cheaper per call than BigInt.
 */
export interface SmallDecimal {
  readonly units: number;
  readonly scale: number;
}

/** 10^0 … 10^15, each exact as a double (10^15 < 2^53). */
const POWERS_OF_TEN: readonly number[] = Array.from({ length: 16 }, (_, exponent) => 10 ** exponent);

function checked(units: number): number {
  return Number.isSafeInteger(units) ? units : Number.NaN;
}

/** `value` with Number units, or NaN units when they are not a safe integer or the scale is too large. */
export function toSmallDecimal(value: ExactDecimal): SmallDecimal {
  const units = Number(value.units);
  return { units: value.scale < POWERS_OF_TEN.length ? checked(units) : Number.NaN, scale: value.scale };
}

export function smallMultiply(...factors: readonly SmallDecimal[]): SmallDecimal {
  let units = 1;
  let scale = 0;
  for (const factor of factors) {
    units = checked(units * factor.units);
    scale += factor.scale;
  }
  return { units: scale < POWERS_OF_TEN.length ? units : Number.NaN, scale };
}

export function smallAdd(...terms: readonly SmallDecimal[]): SmallDecimal {
  let scale = 0;
  for (const term of terms) if (term.scale > scale) scale = term.scale;
  let units = 0;
  for (const term of terms)
    units = checked(units + checked(term.units * (POWERS_OF_TEN[scale - term.scale] as number)));
  return { units, scale };
}

/** roundToInteger for a non-negative SmallDecimal (NaN stays NaN): half up, exactly. */
export function smallRoundToInteger(value: SmallDecimal): number {
  const divisor = POWERS_OF_TEN[value.scale] as number;
  const remainder = value.units % divisor;
  const quotient = (value.units - remainder) / divisor;
  return remainder * 2 >= divisor ? quotient + 1 : quotient;
}
