/**
 * List prices as the built-in pricing tables write them (./default-ratios.ts): USD per 1M tokens, CNY
 * converted at the default exchange rate, aliases sharing one price. Each family's table
 * (./prices-<family>.ts) is written with these.
 */

/** CNY per USD used to convert the list prices of Chinese providers (the USDExchangeRate default). */
export const CNY_PER_USD = 7.3;

export interface ListPrice {
  /** USD per 1M prompt tokens. */
  input: number;
  /** USD per 1M completion tokens; equal to input when omitted. */
  output?: number;
  /** USD per 1M cached prompt tokens; no cache ratio when omitted. */
  cachedInput?: number;
}

export const usd = (input: number, output?: number, cachedInput?: number): ListPrice => ({
  input,
  output,
  cachedInput,
});
export const cny = (input: number, output?: number, cachedInput?: number): ListPrice => ({
  input: input / CNY_PER_USD,
  output: output === undefined ? undefined : output / CNY_PER_USD,
  cachedInput: cachedInput === undefined ? undefined : cachedInput / CNY_PER_USD,
});

/** Aliases and dated snapshots that share one price. */
export function same(names: readonly string[], price: ListPrice): Array<[string, ListPrice]> {
  return names.map((name) => [name, price]);
}
