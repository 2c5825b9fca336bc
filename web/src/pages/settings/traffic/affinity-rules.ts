/**
 * The rules box of the channel-affinity settings (./AffinitySettings.tsx): new-api's
 * `channel_affinity_setting.rules`, a JSON array of rules (its setting/operation_setting
 * channel_affinity_setting.go; docs/reference/routing.md), checked here before saving, and the templates
 * for Claude Code and Codex. Fields the console does not know (new-api's later additions) are kept as they
 * are.
 */
import { compileGoPattern } from '../../../../../common/go-pattern.ts';
import { isPlainObject, type RowProblem } from './draft-rows.ts';

export const AFFINITY_RULES_KEY = 'channel_affinity_setting.rules';

/** Where a rule reads the value that names a conversation. */
export const KEY_SOURCE_TYPES = ['context_int', 'context_string', 'gjson'] as const;
export type KeySourceType = (typeof KEY_SOURCE_TYPES)[number];

export interface AffinityKeySource {
  type: KeySourceType;
  /** context_int, context_string: the request context's field (e.g. `id`, the user id). */
  key?: string;
  /** gjson: the path in the request body (e.g. `metadata.user_id`). */
  path?: string;
}

export interface AffinityRule {
  name: string;
  model_regex: string[];
  path_regex: string[];
  user_agent_include?: string[];
  key_sources: AffinityKeySource[];
  value_regex: string;
  /** 0: the setting's default_ttl_seconds. */
  ttl_seconds: number;
  skip_retry_on_failure?: boolean;
  include_using_group: boolean;
  include_rule_name: boolean;
}

/**
 * Rules for the two agent CLIs: Claude Code sends its session in `metadata.user_id` on /v1/messages, Codex
 * its conversation in `prompt_cache_key` on /v1/responses. Unlike new-api's templates they leave
 * skip_retry_on_failure off: affinity is a preference and never stops failover (issue 27).
 */
export const AFFINITY_TEMPLATES = {
  claudeCode: {
    name: 'claude code session',
    model_regex: ['^claude-.*$'],
    path_regex: ['/v1/messages'],
    key_sources: [{ type: 'gjson', path: 'metadata.user_id' }],
    value_regex: '',
    ttl_seconds: 0,
    skip_retry_on_failure: false,
    include_using_group: true,
    include_rule_name: true,
  },
  codex: {
    name: 'codex conversation',
    model_regex: ['^gpt-.*$', '^codex-.*$'],
    path_regex: ['/v1/responses'],
    key_sources: [{ type: 'gjson', path: 'prompt_cache_key' }],
    value_regex: '',
    ttl_seconds: 0,
    skip_retry_on_failure: false,
    include_using_group: true,
    include_rule_name: true,
  },
} as const satisfies Record<string, AffinityRule>;
export type AffinityTemplate = keyof typeof AFFINITY_TEMPLATES;

/**
 * True when `pattern` compiles as the server compiles it (server/src/options/catalogue-affinity.ts): a
 * JavaScript regular expression, with Go's leading flags such as `(?i)` of new-api rules as its flags
 * (common/go-pattern.ts).
 */
export function isRulePattern(pattern: string): boolean {
  try {
    compileGoPattern(pattern);
    return true;
  } catch {
    return false;
  }
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

type Problem = Omit<RowProblem, 'row'>;

function patternListProblem(rule: Record<string, unknown>, field: string, required: boolean): Problem | null {
  const value = rule[field];
  if (value === undefined && !required) return null;
  if (!isStringList(value)) return { key: 'affinity.problem.notList', values: { field } };
  const bad = value.find((pattern) => !isRulePattern(pattern));
  return bad === undefined ? null : { key: 'affinity.problem.pattern', values: { field, pattern: bad } };
}

function keySourceProblem(source: unknown, index: number): Problem | null {
  const at = index + 1;
  if (!isPlainObject(source) || !(KEY_SOURCE_TYPES as readonly unknown[]).includes(source.type))
    return { key: 'affinity.problem.sourceType', values: { source: at } };
  const needed = source.type === 'gjson' ? 'path' : 'key';
  const value = source[needed];
  return typeof value === 'string' && value.trim() !== ''
    ? null
    : { key: 'affinity.problem.sourceField', values: { source: at, field: needed } };
}

/** The first problem of one rule (not its name's uniqueness, which needs the others). */
function ruleProblem(rule: Record<string, unknown>): Problem | null {
  if (typeof rule.name !== 'string' || rule.name.trim() === '') return { key: 'affinity.problem.name' };
  for (const field of ['model_regex', 'path_regex']) {
    const problem = patternListProblem(rule, field, field === 'model_regex');
    if (problem) return problem;
  }
  if (rule.user_agent_include !== undefined && !isStringList(rule.user_agent_include))
    return { key: 'affinity.problem.notList', values: { field: 'user_agent_include' } };
  if (!Array.isArray(rule.key_sources) || rule.key_sources.length === 0)
    return { key: 'affinity.problem.sources' };
  for (const [index, source] of rule.key_sources.entries()) {
    const problem = keySourceProblem(source, index);
    if (problem) return problem;
  }
  if (rule.value_regex !== undefined) {
    if (typeof rule.value_regex !== 'string')
      return { key: 'affinity.problem.notText', values: { field: 'value_regex' } };
    if (rule.value_regex !== '' && !isRulePattern(rule.value_regex))
      return { key: 'affinity.problem.pattern', values: { field: 'value_regex', pattern: rule.value_regex } };
  }
  if (
    rule.ttl_seconds !== undefined &&
    !(Number.isSafeInteger(rule.ttl_seconds) && (rule.ttl_seconds as number) >= 0)
  )
    return { key: 'affinity.problem.ttl' };
  for (const field of ['skip_retry_on_failure', 'include_using_group', 'include_rule_name']) {
    if (rule[field] !== undefined && typeof rule[field] !== 'boolean')
      return { key: 'affinity.problem.notSwitch', values: { field } };
  }
  return null;
}

/** The rules of the box's text, or its first problem (`row` is the rule's 1-based place, 0 for the text). */
export function parseAffinityRules(text: string): { rules: unknown[] } | { problem: RowProblem } {
  if (text.trim() === '') return { rules: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { problem: { row: 0, key: 'affinity.problem.json' } };
  }
  if (!Array.isArray(parsed)) return { problem: { row: 0, key: 'affinity.problem.notArray' } };
  const names = new Set<string>();
  for (const [index, rule] of parsed.entries()) {
    if (!isPlainObject(rule)) return { problem: { row: index + 1, key: 'affinity.problem.notObject' } };
    const problem = ruleProblem(rule);
    if (problem) return { problem: { row: index + 1, ...problem } };
    const name = (rule.name as string).trim();
    if (names.has(name))
      return { problem: { row: index + 1, key: 'affinity.problem.nameRepeated', values: { name } } };
    names.add(name);
  }
  return { rules: parsed };
}

/** The box's text of the stored rules: indented when it is JSON, else as stored (the check then shows why). */
export function rulesText(stored: string | undefined): string {
  const text = (stored ?? '').trim();
  if (text === '') return '[]';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** The option value of rules that passed the check: compact JSON. */
export function rulesValue(rules: readonly unknown[]): string {
  return JSON.stringify(rules);
}

/**
 * The text with a template appended, its name made unique (`codex conversation 2`), or null when the text
 * does not hold a list of rules yet.
 */
export function withTemplate(text: string, template: AffinityTemplate): string | null {
  let rules: unknown;
  try {
    rules = text.trim() === '' ? [] : JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(rules)) return null;
  const taken = new Set(rules.map((rule) => (isPlainObject(rule) ? rule.name : undefined)));
  const base = AFFINITY_TEMPLATES[template].name;
  let name: string = base;
  for (let suffix = 2; taken.has(name); suffix += 1) name = `${base} ${suffix}`;
  return JSON.stringify([...rules, { ...structuredClone(AFFINITY_TEMPLATES[template]), name }], null, 2);
}
