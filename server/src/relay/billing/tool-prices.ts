/**
 * Prices of the tools an upstream runs on a call's behalf (docs/reference/pricing-tiers.md "Tool lines"):
 * new-api's option tool_price_setting.prices, USD per 1,000 calls, keyed "tool" (every model) or
 * "tool:model-prefix*" (models starting with the prefix; the longest prefix wins over the tool's default).
 * Built-in defaults apply to keys the option does not set, as in new-api; a price of 0 makes a tool free.
 */

/** The kinds of tool call Switchyard counts from upstream usage (server/src/relay/formats/*). */
export const TOOL_KINDS = [
  'web_search',
  'web_search_preview',
  'file_search',
  'google_search',
  'code_interpreter',
] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];

/** new-api's built-in tool prices (USD per 1,000 calls), used where the option sets nothing. */
export const DEFAULT_TOOL_PRICES: Readonly<Record<string, number>> = Object.freeze({
  web_search: 10,
  web_search_preview: 10,
  file_search: 2.5,
  google_search: 14,
  'web_search_preview:gpt-4o*': 25,
  'web_search_preview:gpt-4.1*': 25,
  'web_search_preview:gpt-4o-mini*': 25,
  'web_search_preview:gpt-4.1-mini*': 25,
});

interface ToolPriceIndex {
  defaults: Map<string, number>;
  /** Per tool, its model prefixes, longest first. */
  prefixes: Map<string, { prefix: string; price: number }[]>;
}

const indexes = new WeakMap<object, ToolPriceIndex>();

function indexOf(option: Readonly<Record<string, number>>): ToolPriceIndex {
  let index = indexes.get(option);
  if (index) return index;
  index = { defaults: new Map(), prefixes: new Map() };
  const merged: Record<string, number> = { ...DEFAULT_TOOL_PRICES };
  for (const [key, price] of Object.entries(option))
    if (typeof price === 'number' && Number.isFinite(price) && price >= 0) merged[key] = price;
  for (const [key, price] of Object.entries(merged)) {
    const colon = key.indexOf(':');
    if (colon < 0) {
      index.defaults.set(key, price);
      continue;
    }
    const tool = key.slice(0, colon);
    const prefix = key.slice(colon + 1).replace(/\*$/, '');
    const list = index.prefixes.get(tool) ?? [];
    list.push({ prefix, price });
    index.prefixes.set(tool, list);
  }
  for (const list of index.prefixes.values())
    list.sort(
      (left, right) => right.prefix.length - left.prefix.length || (left.prefix < right.prefix ? -1 : 1),
    );
  indexes.set(option, index);
  return index;
}

/** The price of each counted tool kind for `model` (USD per 1,000 calls); kinds without a price are left out. */
export function toolPricesForModel(
  option: Readonly<Record<string, number>>,
  model: string,
): Readonly<Record<string, number>> {
  const index = indexOf(option);
  const prices: Record<string, number> = {};
  const tools = new Set([...index.defaults.keys(), ...index.prefixes.keys()]);
  for (const tool of tools) {
    const byPrefix = index.prefixes.get(tool)?.find((entry) => model.startsWith(entry.prefix));
    const price = byPrefix?.price ?? index.defaults.get(tool);
    if (price !== undefined) prices[tool] = price;
  }
  return Object.freeze(prices);
}
