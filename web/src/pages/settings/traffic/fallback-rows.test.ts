import { describe, expect, it } from 'vitest';
import {
  type FallbackRow,
  fallbackRowProblems,
  fallbackRowsOf,
  fallbackRowsValue,
  MAX_FALLBACKS,
  replyModelOf,
} from './fallback-rows.ts';

const row = (id: number, group: string, model: string, fallbacks: string[]): FallbackRow => ({
  id,
  group,
  model,
  fallbacks,
});

describe('fallbackRowsOf', () => {
  it('reads each model of each group in stored order', () => {
    expect(
      fallbackRowsOf('{"vip":{"gpt-4o":["gpt-4o-mini","o3"]},"free":{"a":["b"],"c":"d"},"x":1}'),
    ).toEqual({
      rows: [
        row(1, 'vip', 'gpt-4o', ['gpt-4o-mini', 'o3']),
        row(2, 'free', 'a', ['b']),
        row(3, 'free', 'c', []),
      ],
      unreadable: false,
    });
  });

  it.each([
    ['', false],
    ['{"a":', true],
  ])('%j starts empty (unreadable %s)', (stored, unreadable) => {
    expect(fallbackRowsOf(stored)).toEqual({ rows: [], unreadable });
  });
});

describe('replyModelOf', () => {
  it.each([
    [undefined, 'requested'],
    ['', 'requested'],
    ['requested', 'requested'],
    ['served', 'served'],
    ['other', 'requested'],
  ])('%j → %s', (stored, expected) => {
    expect(replyModelOf(stored)).toBe(expected);
  });
});

describe('fallbackRowProblems', () => {
  it.each<[string, FallbackRow[], Array<{ row: number; key: string; values?: object }>]>([
    ['a valid chain', [row(1, 'vip', 'a', ['b', 'c'])], []],
    ['no group', [row(1, '', 'a', ['b'])], [{ row: 1, key: 'traffic.problem.groupRequired' }]],
    ['no model', [row(1, 'vip', '', ['b'])], [{ row: 1, key: 'traffic.problem.modelRequired' }]],
    ['no fallback', [row(1, 'vip', 'a', [' '])], [{ row: 1, key: 'traffic.problem.fallbackRequired' }]],
    [
      'the model itself',
      [row(1, 'vip', 'a', ['b', ' a'])],
      [{ row: 1, key: 'traffic.problem.fallbackSelf', values: { model: 'a' } }],
    ],
    [
      'too many',
      [row(1, 'vip', 'a', ['1', '2', '3', '4', '5', '6'])],
      [{ row: 1, key: 'traffic.problem.fallbackTooMany', values: { max: MAX_FALLBACKS } }],
    ],
    [
      'a fallback twice',
      [row(1, 'vip', 'a', ['b', 'c', 'b'])],
      [{ row: 1, key: 'traffic.problem.fallbackRepeated', values: { model: 'b' } }],
    ],
    [
      'a model twice in a group',
      [row(1, 'vip', 'a', ['b']), row(2, 'free', 'a', ['b']), row(3, 'vip', 'a', ['c'])],
      [{ row: 3, key: 'traffic.problem.duplicateModel', values: { group: 'vip', model: 'a' } }],
    ],
  ])('%s', (_name, rows, expected) => {
    expect(fallbackRowProblems(rows)).toEqual(expected);
  });

  it('reports two new empty rows as empty, not as the same model twice', () => {
    expect(
      fallbackRowProblems([row(1, '', '', ['b']), row(2, '', '', ['c'])]).map((problem) => problem.key),
    ).toEqual([
      'traffic.problem.groupRequired',
      'traffic.problem.modelRequired',
      'traffic.problem.groupRequired',
      'traffic.problem.modelRequired',
    ]);
  });

  it('allows exactly the most fallbacks', () => {
    expect(fallbackRowProblems([row(1, 'vip', 'a', ['1', '2', '3', '4', '5'])])).toEqual([]);
  });
});

describe('fallbackRowsValue', () => {
  it.each<[string, FallbackRow[], string]>([
    ['no rows', [], '{}'],
    [
      'names trimmed, empty ones dropped',
      [row(1, ' vip ', ' a ', [' b', '', 'c '])],
      '{"vip":{"a":["b","c"]}}',
    ],
    [
      'models gathered under their group',
      [row(1, 'vip', 'a', ['b']), row(2, 'free', 'a', ['c']), row(3, 'vip', 'd', ['e'])],
      '{"vip":{"a":["b"],"d":["e"]},"free":{"a":["c"]}}',
    ],
  ])('%s', (_name, rows, expected) => {
    expect(fallbackRowsValue(rows)).toBe(expected);
  });

  it('gives back a stored option unchanged', () => {
    const stored = '{"vip":{"gpt-4o":["gpt-4o-mini","o3"]},"free":{"a":["b"]}}';
    expect(fallbackRowsValue(fallbackRowsOf(stored).rows)).toBe(stored);
  });
});
