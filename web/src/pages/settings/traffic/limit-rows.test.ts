import { describe, expect, it } from 'vitest';
import type { QuotaDisplaySettings } from '../../../../../common/quota-format.ts';
import { type LimitFormValues, limitFormValues } from '../../../components/limit-fields-rules.ts';
import { emptyLimitRow, type LimitRow, limitRowProblems, limitRowsOf, limitRowsValue } from './limit-rows.ts';

const quota: QuotaDisplaySettings = { quotaPerUnit: 500_000, displayInCurrency: false };
const dollars: QuotaDisplaySettings = { quotaPerUnit: 500_000, displayInCurrency: true };

function row(id: number, group: string, model: string, limits: Partial<LimitFormValues>): LimitRow {
  return { id, group, model, limits: { ...limitFormValues(null, quota), ...limits } };
}

describe('limitRowsOf', () => {
  it('reads groups in stored order with their limits', () => {
    const { rows, unreadable } = limitRowsOf(
      'group',
      '{"vip":{"rpm":60,"budget":1000000,"budget_period":"week"},"default":{"concurrency":2}}',
      quota,
    );
    expect(unreadable).toBe(false);
    expect(rows.map((entry) => [entry.id, entry.group, entry.limits.rpm, entry.limits.concurrency])).toEqual([
      [1, 'vip', 60, null],
      [2, 'default', null, 2],
    ]);
    expect(rows[0]?.limits).toMatchObject({ budget: 1_000_000, budget_period: 'week', timezone: 'UTC' });
  });

  it('reads models within groups and shows budgets in dollars when the site does', () => {
    const { rows } = limitRowsOf(
      'model',
      '{"vip":{"gpt-4o":{"tpm":1000},"o3":{"budget":250000}},"x":5}',
      dollars,
    );
    expect(rows.map((entry) => [entry.group, entry.model, entry.limits.tpm, entry.limits.budget])).toEqual([
      ['vip', 'gpt-4o', 1000, null],
      ['vip', 'o3', null, 0.5],
    ]);
  });

  it.each(['', '{}'])('starts empty for %j', (stored) => {
    expect(limitRowsOf('group', stored, quota)).toEqual({ rows: [], unreadable: false });
  });

  it('marks text that is not a JSON object as unreadable', () => {
    expect(limitRowsOf('model', '[1,2]', quota)).toEqual({ rows: [], unreadable: true });
  });
});

describe('limitRowProblems', () => {
  it.each<[string, 'group' | 'model', LimitRow[], Array<{ row: number; key: string }>]>([
    ['a valid group row', 'group', [row(1, 'vip', '', { rpm: 60 })], []],
    ['no group', 'group', [row(1, '', '', { rpm: 60 })], [{ row: 1, key: 'traffic.problem.groupRequired' }]],
    ['nothing limited', 'group', [row(1, 'vip', '', {})], [{ row: 1, key: 'traffic.problem.noLimits' }]],
    [
      'a fraction',
      'group',
      [row(1, 'vip', '', { rpm: 1.5 })],
      [{ row: 1, key: 'limits.problem.limit_not_whole' }],
    ],
    [
      'a negative count',
      'group',
      [row(1, 'vip', '', { tpm: -1 })],
      [{ row: 1, key: 'limits.problem.limit_not_whole' }],
    ],
    [
      'an unknown time zone',
      'group',
      [row(1, 'vip', '', { rpd: 5, timezone: 'Mars/Olympus' })],
      [{ row: 1, key: 'limits.problem.limit_timezone' }],
    ],
    [
      'a group twice',
      'group',
      [row(1, 'vip', '', { rpm: 1 }), row(2, 'default', '', { rpm: 1 }), row(3, ' vip ', '', { rpm: 2 })],
      [{ row: 3, key: 'traffic.problem.duplicateGroup' }],
    ],
    [
      'no model',
      'model',
      [row(1, 'vip', ' ', { rpm: 1 })],
      [{ row: 1, key: 'traffic.problem.modelRequired' }],
    ],
    [
      'the same model in two groups',
      'model',
      [row(1, 'vip', 'gpt-4o', { rpm: 1 }), row(2, 'default', 'gpt-4o', { rpm: 1 })],
      [],
    ],
    [
      'a model twice in one group',
      'model',
      [row(1, 'vip', 'gpt-4o', { rpm: 1 }), row(2, 'vip', 'gpt-4o', { tpm: 1 })],
      [{ row: 2, key: 'traffic.problem.duplicateModel' }],
    ],
  ])('%s', (_name, scope, rows, expected) => {
    expect(limitRowProblems(scope, rows, quota).map(({ row: at, key }) => ({ row: at, key }))).toEqual(
      expected,
    );
  });

  it('names the refused field and the repeated names', () => {
    const problems = limitRowProblems(
      'model',
      [
        row(1, 'vip', 'o3', { concurrency: 0.5 }),
        row(2, 'vip', 'm', { rpm: 1 }),
        row(3, 'vip', 'm', { rpm: 1 }),
      ],
      quota,
    );
    expect(problems).toEqual([
      { row: 1, key: 'limits.problem.limit_not_whole', fieldKey: 'limits.fields.concurrency' },
      { row: 3, key: 'traffic.problem.duplicateModel', values: { group: 'vip', model: 'm' } },
    ]);
  });
});

describe('limitRowsValue', () => {
  it.each<[string, 'group' | 'model', LimitRow[], QuotaDisplaySettings, string]>([
    ['no rows', 'group', [], quota, '{}'],
    [
      'the default period and zone left out',
      'group',
      [row(1, ' vip ', '', { rpm: 60, tpm: 0, budget: 1000 })],
      quota,
      '{"vip":{"rpm":60,"budget":1000}}',
    ],
    [
      'a weekly budget in another zone',
      'group',
      [row(1, 'vip', '', { budget: 10, budget_period: 'week', timezone: 'Asia/Shanghai' })],
      quota,
      '{"vip":{"budget":10,"budget_period":"week","timezone":"Asia/Shanghai"}}',
    ],
    [
      'a period without a budget dropped',
      'group',
      [row(1, 'vip', '', { rpd: 100, budget_period: 'month' })],
      quota,
      '{"vip":{"rpd":100}}',
    ],
    [
      'dollars turned into quota units',
      'group',
      [row(1, 'vip', '', { budget: 2.5 })],
      dollars,
      '{"vip":{"budget":1250000}}',
    ],
    [
      'models grouped',
      'model',
      [
        row(1, 'vip', 'a', { rpm: 1 }),
        row(2, 'free', 'a', { rpm: 2 }),
        row(3, 'vip', 'b', { concurrency: 3 }),
      ],
      quota,
      '{"vip":{"a":{"rpm":1},"b":{"concurrency":3}},"free":{"a":{"rpm":2}}}',
    ],
  ])('%s', (_name, scope, rows, settings, expected) => {
    expect(limitRowsValue(scope, rows, settings)).toBe(expected);
  });

  it.each([
    ['group', '{"vip":{"rpm":60},"default":{"tpd":5000,"timezone":"Asia/Tokyo"}}'],
    ['model', '{"vip":{"gpt-4o":{"concurrency":3,"budget":100,"budget_period":"month"}}}'],
  ] as const)('gives back a stored %s option unchanged', (scope, stored) => {
    expect(limitRowsValue(scope, limitRowsOf(scope, stored, quota).rows, quota)).toBe(stored);
  });

  it('starts a new row empty with the default period and zone', () => {
    expect(emptyLimitRow(4, quota)).toMatchObject({
      id: 4,
      group: '',
      model: '',
      limits: { rpm: null, budget: null, budget_period: 'day', timezone: 'UTC' },
    });
  });
});
