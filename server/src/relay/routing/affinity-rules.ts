/**
 * new-api's channel affinity rules (`channel_affinity_setting.rules`, docs/reference/routing.md "Affinity";
 * their JSON shape is in server/src/options/catalogue-affinity.ts) evaluated against a call. A rule applies when one of its `model_regex` matches the model, one of its `path_regex` (if
 * any) the path and one of its `user_agent_include` (if any, case-insensitive) the User-Agent; its value is
 * the first non-empty one of its `key_sources`, which must then match `value_regex` (if set).
 *
 * Key sources, mapped onto ./affinity.ts AffinityInput:
 * - `context_int` — new-api's integer request-context values: `id` / `user_id` → the user id, `token_id` →
 *   the key id. 0 or absent gives no value, as in new-api.
 * - `context_string` — `group` / `using_group` / `token_group` → the group the call is billed in,
 *   `original_model` / `model` → the requested model.
 * - `gjson` — a path into the JSON request body: dot-separated keys, array indices (`messages.0.content`),
 *   `\.` for a literal dot. Strings, numbers and booleans give their text; objects and arrays their JSON.
 *   gjson's queries and modifiers (`#`, `@`, `*`, `?`) are not supported: such a path gives no value.
 * Unknown keys give no value, so the next source (or the next rule) is tried.
 *
 * JavaScript regular expressions stand in for Go's RE2; the patterns new-api ships (plain alternations,
 * anchors, classes) mean the same in both.
 */
import { compileGoPattern } from '../../../../common/go-pattern.ts';
import type { AffinityRule } from '../../options/catalogue-affinity.ts';
import type { AffinityInput } from './affinity.ts';

export type { AffinityRule };

interface CompiledRule {
  name: string;
  models: RegExp[];
  paths: RegExp[];
  agents: string[];
  sources: AffinityRule['key_sources'];
  value: RegExp | null;
  ttlSeconds: number;
  skipRetryOnFailure: boolean;
  includeRuleName: boolean;
}

/** What a matching rule gives: the raw value (hashed by ./affinity-key.ts) and how to keep it. */
export interface RuleMatch {
  rule: string;
  value: string;
  /** 0: the option `channel_affinity_setting.default_ttl_seconds`. */
  ttlSeconds: number;
  skipRetryOnFailure: boolean;
  includeRuleName: boolean;
}

/** The option store only hands out rules whose patterns compile (their catalogue shape checks it). */
function regexes(patterns: readonly string[] | undefined): RegExp[] {
  return (patterns ?? []).filter((text) => text !== '').map(compileGoPattern);
}

/**
 * Compiled rules per stored value: the option store hands out one frozen array per stored value
 * (server/src/options/store.ts getJson), so a changed option compiles once and an unchanged one never again.
 */
const compiled = new WeakMap<readonly AffinityRule[], CompiledRule[]>();

export function compileRules(rules: readonly AffinityRule[]): CompiledRule[] {
  let result = compiled.get(rules);
  if (result) return result;
  result = rules.map((entry) => ({
    name: entry.name.trim(),
    models: regexes(entry.model_regex),
    paths: regexes(entry.path_regex),
    agents: (entry.user_agent_include ?? []).map((text) => text.trim().toLowerCase()).filter(Boolean),
    sources: entry.key_sources,
    value: entry.value_regex ? compileGoPattern(entry.value_regex) : null,
    ttlSeconds: entry.ttl_seconds ?? 0,
    skipRetryOnFailure: entry.skip_retry_on_failure === true,
    includeRuleName: entry.include_rule_name === true,
  }));
  compiled.set(rules, result);
  return result;
}

function anyMatches(patterns: readonly RegExp[], text: string): boolean {
  if (text === '') return false;
  for (const regex of patterns) if (regex.test(text)) return true;
  return false;
}

function headerText(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

/** Reads a gjson-style path (see the file comment); '' when absent or unsupported. */
export function readBodyPath(body: unknown, path: string): string {
  if (path === '' || /[#@*?|]/.test(path)) return '';
  const parts = path.split(/(?<!\\)\./).map((part) => part.replaceAll('\\.', '.'));
  let value: unknown = body;
  for (const part of parts) {
    if (Array.isArray(value)) {
      if (!/^\d+$/.test(part)) return '';
      value = value[Number(part)];
    } else if (typeof value === 'object' && value !== null && Object.hasOwn(value, part)) {
      value = (value as Record<string, unknown>)[part];
    } else {
      return '';
    }
  }
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return '';
}

function contextInt(input: AffinityInput, key: string): string {
  let value: number | null = null;
  if (key === 'id' || key === 'user_id') value = input.userId;
  else if (key === 'token_id') value = input.tokenId;
  return value !== null && value > 0 ? String(value) : '';
}

function contextString(input: AffinityInput, key: string): string {
  if (key === 'group' || key === 'using_group' || key === 'token_group') return input.usingGroup.trim();
  if (key === 'original_model' || key === 'model') return input.model.trim();
  return '';
}

function sourceValue(input: AffinityInput, source: AffinityRule['key_sources'][number]): string {
  switch (source.type) {
    case 'context_int':
      return contextInt(input, source.key ?? '');
    case 'context_string':
      return contextString(input, source.key ?? '');
    case 'gjson':
      return readBodyPath(input.body, source.path ?? '');
  }
}

/** The first rule that applies to the call, with its value; null when none does. */
export function matchRule(rules: readonly CompiledRule[], input: AffinityInput): RuleMatch | null {
  for (const entry of rules) {
    if (!anyMatches(entry.models, input.model)) continue;
    if (entry.paths.length > 0 && !anyMatches(entry.paths, input.path)) continue;
    if (entry.agents.length > 0) {
      const agent = headerText(input.headers['user-agent']).toLowerCase();
      if (agent === '' || !entry.agents.some((needle) => agent.includes(needle))) continue;
    }
    let value = '';
    for (const source of entry.sources) {
      value = sourceValue(input, source);
      if (value !== '') break;
    }
    if (value === '') continue;
    if (entry.value && !entry.value.test(value)) continue;
    return {
      rule: entry.name,
      value,
      ttlSeconds: entry.ttlSeconds,
      skipRetryOnFailure: entry.skipRetryOnFailure,
      includeRuleName: entry.includeRuleName,
    };
  }
  return null;
}
