import { describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_POLICY, ERROR_CLASSES } from '../../../../../common/error-classes.ts';
import {
  cooldownProblem,
  defaultErrorPolicyRows,
  type ErrorPolicyRow,
  errorPolicyChanged,
  errorPolicyProblems,
  errorPolicyRowsOf,
  errorPolicyValue,
} from './error-policy-rows.ts';

function changed(
  rows: ErrorPolicyRow[],
  errorClass: string,
  patch: Partial<ErrorPolicyRow>,
): ErrorPolicyRow[] {
  return rows.map((row) => (row.errorClass === errorClass ? { ...row, ...patch } : row));
}

describe('errorPolicyRowsOf', () => {
  it('lists every class with its default when nothing is stored', () => {
    const { rows, unreadable } = errorPolicyRowsOf('');
    expect(unreadable).toBe(false);
    expect(rows.map((row) => row.errorClass)).toEqual([...ERROR_CLASSES]);
    for (const row of rows) {
      const { errorClass, ...policy } = row;
      expect(policy).toEqual(DEFAULT_ERROR_POLICY[errorClass]);
    }
  });

  it.each([
    [
      '{"timeout":{"action":"return","cooldown_seconds":30,"disable":true}}',
      'timeout',
      { action: 'return', cooldown_seconds: 30, disable: true },
    ],
    ['{"timeout":{"action":"return"}}', 'timeout', { action: 'return', cooldown_seconds: 0, disable: false }],
    // Invalid fields fall back to the default field by field.
    [
      '{"overloaded":{"action":"wait","cooldown_seconds":-5,"disable":"yes"}}',
      'overloaded',
      { action: 'retry', cooldown_seconds: 10, disable: false },
    ],
    [
      '{"overloaded":{"cooldown_seconds":-1}}',
      'overloaded',
      { action: 'retry', cooldown_seconds: -1, disable: false },
    ],
    [
      '{"overloaded":{"cooldown_seconds":2.5}}',
      'overloaded',
      { action: 'retry', cooldown_seconds: 10, disable: false },
    ],
  ])('%s → %s %j', (stored, errorClass, policy) => {
    const row = errorPolicyRowsOf(stored).rows.find((entry) => entry.errorClass === errorClass);
    expect(row).toEqual({ errorClass, ...policy });
  });

  it('ignores classes it does not know and marks an unreadable value', () => {
    expect(errorPolicyRowsOf('{"weather":{"action":"return"}}').rows).toEqual(defaultErrorPolicyRows());
    expect(errorPolicyRowsOf('[').unreadable).toBe(true);
  });
});

describe('cooldownProblem', () => {
  it.each([
    [-1, null],
    [0, null],
    [3600, null],
    [-2, 'traffic.problem.cooldown'],
    [1.5, 'traffic.problem.cooldown'],
    [null, 'traffic.problem.cooldown'],
    ['5', 'traffic.problem.cooldown'],
  ])('%j → %s', (value, expected) => {
    expect(cooldownProblem(value)).toBe(expected);
  });
});

describe('errorPolicyProblems', () => {
  it('names the class of a refused cooldown', () => {
    const rows = changed(changed(defaultErrorPolicyRows(), 'auth', { cooldown_seconds: -3 }), 'network', {
      cooldown_seconds: null,
    });
    expect(errorPolicyProblems(rows)).toEqual([
      { row: 0, key: 'traffic.problem.cooldown', fieldKey: 'traffic.errorPolicy.class.auth' },
      { row: 0, key: 'traffic.problem.cooldown', fieldKey: 'traffic.errorPolicy.class.network' },
    ]);
    expect(errorPolicyProblems(defaultErrorPolicyRows())).toEqual([]);
  });
});

describe('errorPolicyValue and errorPolicyChanged', () => {
  it.each<[string, ErrorPolicyRow[], string]>([
    ['the defaults', defaultErrorPolicyRows(), '{}'],
    [
      'one class changed',
      changed(defaultErrorPolicyRows(), 'timeout', { action: 'return' }),
      '{"timeout":{"action":"return","cooldown_seconds":0,"disable":false}}',
    ],
    [
      'two classes, in class order',
      changed(changed(defaultErrorPolicyRows(), 'timeout', { disable: true }), 'rate_limited', {
        cooldown_seconds: 60,
      }),
      '{"rate_limited":{"action":"retry","cooldown_seconds":60,"disable":false},"timeout":{"action":"retry","cooldown_seconds":0,"disable":true}}',
    ],
  ])('%s', (_name, rows, expected) => {
    expect(errorPolicyValue(rows)).toBe(expected);
  });

  it.each<[string, string, ErrorPolicyRow[], boolean]>([
    ['defaults over nothing stored', '', defaultErrorPolicyRows(), false],
    ['defaults over "{}"', '{}', defaultErrorPolicyRows(), false],
    // A stored class equal to its default is no change: the effective policy is the same.
    [
      'defaults over a stored default',
      '{"overloaded":{"action":"retry","cooldown_seconds":10,"disable":false}}',
      defaultErrorPolicyRows(),
      false,
    ],
    ['a change', '', changed(defaultErrorPolicyRows(), 'auth', { disable: false }), true],
    [
      'back to the default',
      '{"auth":{"action":"retry","cooldown_seconds":0,"disable":false}}',
      defaultErrorPolicyRows(),
      true,
    ],
    ['anything over an unreadable value', 'oops', defaultErrorPolicyRows(), true],
  ])('%s → %s', (_name, stored, rows, expected) => {
    expect(errorPolicyChanged(rows, stored)).toBe(expected);
  });
});
