import { describe, expect, it } from 'vitest';
import type { LimitProblem } from '../../../../common/traffic-limits.ts';
import { readStoredLimits } from './stored-limits.ts';

describe('stored limits as the caches read them', () => {
  it.each([
    [null, false, null],
    ['', false, null],
    ['  ', false, null],
    ['{}', false, null],
    ['{"rpm":0,"timezone":"UTC"}', false, null],
    ['{"rpm":60,"tpm":"1000"}', false, { rpm: 60, tpm: 1000 }],
    // PostgreSQL and MySQL drivers may hand back a parsed value or a Buffer.
    [{ concurrency: 3 }, false, { concurrency: 3 }],
    [Buffer.from('{"rpd":9}'), false, { rpd: 9 }],
    ['{"key_limits":{"rpm":1}}', true, { key_limits: { rpm: 1 } }],
    ['{"concurrency":4,"key_limits":{}}', true, { concurrency: 4 }],
  ])('%j (key limits %s) → %j', (stored, keyLimits, expected) => {
    const warnings: string[] = [];
    expect(readStoredLimits(stored, 'tokens 1', keyLimits, (owner) => warnings.push(owner))).toEqual(
      expected,
    );
    expect(warnings).toEqual([]);
  });

  it.each([
    ['{bad json', 'limits_not_object'],
    ['[1]', 'limits_not_object'],
    ['{"rpm":-1}', 'limit_not_whole'],
    ['{"budget_period":"year","rpm":1}', 'limit_period'],
    ['{"timezone":"Mars/Olympus","rpm":1}', 'limit_timezone'],
    ['{"key_limits":{"rpm":1}}', 'limit_unknown_field'],
  ])('an invalid stored value %s limits nothing and is reported once (%s)', (stored, code) => {
    const problems: [string, LimitProblem][] = [];
    const warn = (owner: string, problem: LimitProblem) => problems.push([owner, problem]);
    const owner = `users ${code}`;
    expect(readStoredLimits(stored, owner, false, warn)).toBeNull();
    expect(readStoredLimits(stored, owner, false, warn)).toBeNull();
    expect(problems).toHaveLength(1);
    expect(problems[0]?.[0]).toBe(owner);
    expect(problems[0]?.[1].code).toBe(code);
  });
});
