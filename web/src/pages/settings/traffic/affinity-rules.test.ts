import { describe, expect, it } from 'vitest';
import {
  AFFINITY_TEMPLATES,
  isRulePattern,
  parseAffinityRules,
  rulesText,
  rulesValue,
  withTemplate,
} from './affinity-rules.ts';

const valid = {
  name: 'claude',
  model_regex: ['^claude-'],
  path_regex: ['/v1/messages'],
  key_sources: [{ type: 'gjson', path: 'metadata.user_id' }],
  value_regex: '',
  ttl_seconds: 0,
  include_using_group: true,
  include_rule_name: true,
};
const text = (rules: unknown) => JSON.stringify(rules);

describe('isRulePattern', () => {
  it.each([
    ['^gpt-.*$', true],
    // Go's leading flags (new-api's rules) are the pattern's flags (common/go-pattern.ts).
    ['(?i)claude', true],
    ['(?i)(', false],
    ['', true],
    ['[unclosed', false],
  ])('%j → %s', (pattern, expected) => {
    expect(isRulePattern(pattern)).toBe(expected);
  });
});

describe('parseAffinityRules', () => {
  it.each([
    ['an empty box', '', []],
    ['an empty list', '[]', []],
    ['a valid rule', text([valid]), [valid]],
    // new-api's later fields are kept as they are.
    [
      'unknown fields kept',
      text([{ ...valid, include_model_name: true, param_override_template: { a: 1 } }]),
      [{ ...valid, include_model_name: true, param_override_template: { a: 1 } }],
    ],
    [
      'context sources with a key, optional fields left out',
      text([{ name: 'user', model_regex: [], key_sources: [{ type: 'context_int', key: 'id' }] }]),
      [{ name: 'user', model_regex: [], key_sources: [{ type: 'context_int', key: 'id' }] }],
    ],
  ])('accepts %s', (_name, input, rules) => {
    expect(parseAffinityRules(input)).toEqual({ rules });
  });

  it.each<[string, string, { row: number; key: string; values?: object }]>([
    ['bad JSON', '[{', { row: 0, key: 'affinity.problem.json' }],
    ['an object', '{}', { row: 0, key: 'affinity.problem.notArray' }],
    ['a rule that is not an object', text([valid, 'x']), { row: 2, key: 'affinity.problem.notObject' }],
    ['no name', text([{ ...valid, name: ' ' }]), { row: 1, key: 'affinity.problem.name' }],
    [
      'a name twice',
      text([valid, { ...valid, name: 'claude ' }]),
      { row: 2, key: 'affinity.problem.nameRepeated', values: { name: 'claude' } },
    ],
    [
      'no model patterns',
      text([{ name: 'a', key_sources: [{ type: 'gjson', path: 'a' }] }]),
      { row: 1, key: 'affinity.problem.notList', values: { field: 'model_regex' } },
    ],
    [
      'a pattern list that is text',
      text([{ ...valid, model_regex: '^claude' }]),
      { row: 1, key: 'affinity.problem.notList', values: { field: 'model_regex' } },
    ],
    [
      'a bad path pattern',
      text([{ ...valid, path_regex: ['/v1/(messages'] }]),
      { row: 1, key: 'affinity.problem.pattern', values: { field: 'path_regex', pattern: '/v1/(messages' } },
    ],
    [
      'a user agent list of numbers',
      text([{ ...valid, user_agent_include: [1] }]),
      { row: 1, key: 'affinity.problem.notList', values: { field: 'user_agent_include' } },
    ],
    ['no key source', text([{ ...valid, key_sources: [] }]), { row: 1, key: 'affinity.problem.sources' }],
    [
      'an unknown source type',
      text([
        {
          ...valid,
          key_sources: [
            { type: 'gjson', path: 'a' },
            { type: 'header', key: 'x' },
          ],
        },
      ]),
      { row: 1, key: 'affinity.problem.sourceType', values: { source: 2 } },
    ],
    [
      'a gjson source without a path',
      text([{ ...valid, key_sources: [{ type: 'gjson', key: 'a' }] }]),
      { row: 1, key: 'affinity.problem.sourceField', values: { source: 1, field: 'path' } },
    ],
    [
      'a context source without a key',
      text([{ ...valid, key_sources: [{ type: 'context_string', key: '' }] }]),
      { row: 1, key: 'affinity.problem.sourceField', values: { source: 1, field: 'key' } },
    ],
    [
      'a bad value pattern',
      text([{ ...valid, value_regex: '*' }]),
      { row: 1, key: 'affinity.problem.pattern', values: { field: 'value_regex', pattern: '*' } },
    ],
    [
      'a value pattern that is a number',
      text([{ ...valid, value_regex: 5 }]),
      { row: 1, key: 'affinity.problem.notText', values: { field: 'value_regex' } },
    ],
    ['a negative ttl', text([{ ...valid, ttl_seconds: -1 }]), { row: 1, key: 'affinity.problem.ttl' }],
    ['a fractional ttl', text([{ ...valid, ttl_seconds: 1.5 }]), { row: 1, key: 'affinity.problem.ttl' }],
    [
      'a switch that is text',
      text([{ ...valid, include_rule_name: 'true' }]),
      { row: 1, key: 'affinity.problem.notSwitch', values: { field: 'include_rule_name' } },
    ],
  ])('refuses %s', (_name, input, problem) => {
    expect(parseAffinityRules(input)).toEqual({ problem });
  });
});

describe('templates', () => {
  it.each(Object.entries(AFFINITY_TEMPLATES))(
    '%s passes the check and never stops failover',
    (_name, template) => {
      expect(parseAffinityRules(text([template]))).toEqual({ rules: [template] });
      expect(template.skip_retry_on_failure).toBe(false);
    },
  );

  it('appends a template with a name no other rule has', () => {
    const once = withTemplate('', 'codex');
    const twice = withTemplate(once ?? '', 'codex');
    const names = (JSON.parse(twice ?? '[]') as Array<{ name: string }>).map((rule) => rule.name);
    expect(names).toEqual(['codex conversation', 'codex conversation 2']);
    const thrice = withTemplate(withTemplate(twice ?? '', 'claudeCode') ?? '', 'codex');
    expect((JSON.parse(thrice ?? '[]') as Array<{ name: string }>).map((rule) => rule.name)).toEqual([
      'codex conversation',
      'codex conversation 2',
      'claude code session',
      'codex conversation 3',
    ]);
  });

  it.each(['[{', '{}'])('adds nothing to %j', (input) => {
    expect(withTemplate(input, 'claudeCode')).toBeNull();
  });
});

describe('rulesText and rulesValue', () => {
  it.each([
    [undefined, '[]'],
    ['', '[]'],
    ['[{"name":"a"}]', '[\n  {\n    "name": "a"\n  }\n]'],
    ['not json', 'not json'],
  ])('the box shows %j as %j', (stored, shown) => {
    expect(rulesText(stored)).toBe(shown);
  });

  it('saves compact JSON', () => {
    expect(rulesValue([{ name: 'a', model_regex: ['x'] }])).toBe('[{"name":"a","model_regex":["x"]}]');
  });
});
