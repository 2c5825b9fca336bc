import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import type { RowProblem } from './draft-rows.ts';
import { problemText } from './problem-text.ts';

const t = (key: string, values?: Record<string, unknown>) => i18n.t(key, values);

describe('problemText', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  it.each<[string, RowProblem, string | undefined, string]>([
    [
      'a row',
      { row: 2, key: 'traffic.problem.noLimits' },
      undefined,
      'Row 2: set at least one limit, or remove the row',
    ],
    [
      'a row with values',
      { row: 1, key: 'traffic.problem.fallbackSelf', values: { model: 'gpt-4o' } },
      undefined,
      'Row 1: gpt-4o cannot fall back to itself',
    ],
    [
      'a translated field',
      { row: 3, key: 'limits.problem.limit_not_whole', fieldKey: 'limits.fields.rpm' },
      undefined,
      'Row 3: Requests per minute must be a whole number, 0 or more',
    ],
    [
      'the section as a whole, naming a class',
      { row: 0, key: 'traffic.problem.cooldown', fieldKey: 'traffic.errorPolicy.class.timeout' },
      undefined,
      "Timeout: the cooldown must be a whole number of seconds, -1 (the upstream's Retry-After) or more",
    ],
    // A field named in the values stays when no field key is given.
    [
      'a rule, its own label',
      { row: 1, key: 'affinity.problem.sourceField', values: { source: 2, field: 'path' } },
      'affinity.problem.atRule',
      'Rule 1: key source 2: path is required',
    ],
    [
      'the whole box',
      { row: 0, key: 'affinity.problem.notArray' },
      'affinity.problem.atRule',
      'The rules must be a JSON array',
    ],
  ])('%s', (_name, problem, rowLabel, expected) => {
    expect(problemText(t, problem, rowLabel)).toBe(expected);
  });
});
