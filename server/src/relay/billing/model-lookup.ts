/**
 * How a requested model name finds its entry in a pricing table.
 *
 * The rule, everywhere in billing: the exact name first, then the longest prefix of it that ends just
 * before a separator ('-', ':' or '@') and is a key of the table. So `gpt-4o-2024-08-06` falls back to
 * `gpt-4o`, `llama3:8b` to `llama3`, `claude-3-5-sonnet@20240620` to `claude-3-5-sonnet`, while a new
 * family never borrows a shorter family's price through a non-separator character: `gpt-4o-foo` is not
 * priced as `gpt-4`, nor `gpt-4.5-x` as `gpt-4`.
 */

const separators = new Set(['-', ':', '@']);

/**
 * The suffix of the model name a Responses compaction call (POST /v1/responses/compact) is routed and priced
 * by, as new-api names it (setting/ratio_setting/compact_suffix.go there): `gpt-5` → `gpt-5-openai-compact`.
 * `*-openai-compact` prices every compaction model without an entry of its own.
 */
export const COMPACT_MODEL_SUFFIX = '-openai-compact';
const COMPACT_WILDCARD = `*${COMPACT_MODEL_SUFFIX}`;

/** `gpt-5-openai-compact` → `gpt-5`: the model a compaction call asks the upstream for. */
export function compactBaseModel(model: string): string {
  return model.endsWith(COMPACT_MODEL_SUFFIX) ? model.slice(0, -COMPACT_MODEL_SUFFIX.length) : model;
}

/**
 * The names tried for `model`, best first: the name itself, then (a compaction model) `*-openai-compact`, then
 * its prefixes ending before a separator.
 */
export function candidateNames(model: string): string[] {
  const names = [model];
  if (model.endsWith(COMPACT_MODEL_SUFFIX) && model !== COMPACT_WILDCARD) names.push(COMPACT_WILDCARD);
  for (let index = model.length - 1; index > 0; index -= 1) {
    if (separators.has(model[index] ?? '')) names.push(model.slice(0, index));
  }
  return names;
}

/** A usable table value: a finite, non-negative number stored under the table's own key. */
export function tableValue(table: Table, name: string): number | undefined {
  if (!Object.hasOwn(table, name)) return undefined;
  const value = table[name];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

export interface TableMatch {
  /** The key that matched (the model itself or one of its prefixes). */
  name: string;
  value: number;
  /** Which of the tables passed to lookUp answered (0 = the first). */
  tableIndex: number;
}

type Table = Readonly<Record<string, unknown>>;

/**
 * Looks `model` up in several tables at once: for each candidate name, best first, the first table that
 * holds it answers. Earlier tables therefore win over later ones at the same name, but a longer name
 * in a later table wins over a shorter one in an earlier table.
 */
export function lookUp(model: string, ...tables: readonly Table[]): TableMatch | undefined {
  return lookUpDownTo(model, '', ...tables);
}

/**
 * lookUp restricted to the names from `model` down to `shortestName` (a prefix of it): the ratios of
 * the entry that priced a model are looked up this way, so that a model priced under its own name never
 * borrows another, shorter model's completion or cache ratio.
 */
export function lookUpDownTo(
  model: string,
  shortestName: string,
  ...tables: readonly Table[]
): TableMatch | undefined {
  for (const name of candidateNames(model)) {
    if (name.length < shortestName.length) break;
    for (const [tableIndex, table] of tables.entries()) {
      const value = tableValue(table, name);
      if (value !== undefined) return { name, value, tableIndex };
    }
  }
  return undefined;
}

/** The value of the longest key of `families` that `model` starts with (plain prefixes, no separator rule). */
export function longestFamily(model: string, families: Readonly<Record<string, number>>): number | undefined {
  let best: string | undefined;
  for (const family of Object.keys(families)) {
    if (model.startsWith(family) && (best === undefined || family.length > best.length)) best = family;
  }
  return best === undefined ? undefined : families[best];
}
