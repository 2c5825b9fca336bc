import { describe, expect, it } from 'vitest';
import { compileExpr, selectTier } from '../../../../../common/api/pricing.ts';
import {
  blankTier,
  exprOfTiers,
  type TierLine,
  tieredOfExpr,
  tierProblem,
  toolLinesOfOption,
  toolOptionText,
  toolProblem,
} from './tier-rules.ts';

const line = (upTo: string, input = '1', output = '2', extra: Partial<TierLine> = {}): TierLine => ({
  ...blankTier(0),
  upTo,
  input,
  output,
  ...extra,
});

describe('tierProblem', () => {
  const cases: [string, TierLine[], ReturnType<typeof tierProblem>][] = [
    ['two valid tiers', [line('200000'), line('')], null],
    ['one open tier', [line('')], null],
    ['no tier', [], { index: 0, field: 'upTo', problem: 'settings.tiers.needTier' }],
    [
      'missing bound',
      [line(''), line('')],
      { index: 0, field: 'upTo', problem: 'settings.tiers.boundRequired' },
    ],
    [
      'fractional bound',
      [line('1.5'), line('')],
      { index: 0, field: 'upTo', problem: 'settings.tiers.boundNotWhole' },
    ],
    [
      'negative bound',
      [line('-1'), line('')],
      { index: 0, field: 'upTo', problem: 'settings.tiers.boundNotWhole' },
    ],
    [
      'descending bounds',
      [line('2000'), line('1000'), line('')],
      { index: 1, field: 'upTo', problem: 'settings.tiers.boundsAscending' },
    ],
    [
      'equal bounds',
      [line('10'), line('10'), line('')],
      { index: 1, field: 'upTo', problem: 'settings.tiers.boundsAscending' },
    ],
    ['last bound ignored', [line('10'), line('5')], null],
    [
      'missing output',
      [line('', '1', '')],
      { index: 0, field: 'output', problem: 'settings.tiers.priceRequired' },
    ],
    [
      'negative price',
      [line('', '-1')],
      { index: 0, field: 'input', problem: 'settings.tiers.priceInvalid' },
    ],
    [
      'exponent price',
      [line('', '1e3')],
      { index: 0, field: 'input', problem: 'settings.tiers.priceInvalid' },
    ],
    [
      'bad cache price',
      [line('', '1', '2', { cacheRead: 'x' })],
      { index: 0, field: 'cacheRead', problem: 'settings.tiers.priceInvalid' },
    ],
    [
      'quote in name',
      [line('', '1', '2', { name: 'a"b' })],
      { index: 0, field: 'name', problem: 'settings.tiers.nameInvalid' },
    ],
    [
      'empty name',
      [line('', '1', '2', { name: ' ' })],
      { index: 0, field: 'name', problem: 'settings.tiers.nameInvalid' },
    ],
  ];
  it.each(cases)('%s', (_label, tiers, expected) => expect(tierProblem(tiers)).toEqual(expected));
});

describe('tier table ↔ expression', () => {
  it('writes an expression the server evaluates with the table bounds', () => {
    const tiers = [
      line('1000', '0.5', '1', { name: 'short', cacheRead: '0.05' }),
      line('200000', '1.25', '10', { name: 'mid' }),
      line('', '2.5', '15', { name: 'long', cacheWrite: '3.75' }),
    ];
    const expr = exprOfTiers(tiers);
    const compiled = compileExpr(expr);
    expect([0, 1000, 1001, 200000, 200001].map((len) => selectTier(compiled, len).name)).toEqual([
      'short',
      'short',
      'mid',
      'mid',
      'long',
    ]);
    expect(tieredOfExpr(expr)).toEqual({ kind: 'table', tiers });
  });

  const textCases: [string, string][] = [
    ['fixed price', 'tier("a", fixed(0.01))'],
    ['audio variable', 'tier("a", p * 1 + c * 2 + ai * 3)'],
    ['a tier over two ranges', 'len < 10 || len > 20 ? tier("a", p * 1 + c * 1) : tier("b", p * 2 + c * 2)'],
    ['tiers out of order', 'len > 10 ? tier("long", p * 2 + c * 2) : tier("short", p * 1 + c * 1)'],
    ['no output price', 'tier("a", p * 1)'],
    ['outside the subset', 'param("x") ? tier("a", p) : tier("b", p)'],
    ['empty', ''],
  ];
  it.each(textCases)('keeps %s as text', (_label, expr) =>
    expect(tieredOfExpr(expr)).toEqual({ kind: 'text', expr }),
  );

  it('reads a v1: prefix and strict bounds', () => {
    expect(tieredOfExpr('v1:len < 100 ? tier("a", p * 1 + c * 2) : tier("b", p * 3 + c * 4)')).toEqual({
      kind: 'table',
      tiers: [line('99', '1', '2', { name: 'a' }), line('', '3', '4', { name: 'b' })],
    });
  });
});

describe('tool prices', () => {
  it('reads, checks and writes the option', () => {
    const lines = toolLinesOfOption('{"web_search_preview:gpt-4o*": 25, "web_search": 10, "bad": "x"}');
    expect(lines).toEqual([
      { tool: 'web_search', price: '10' },
      { tool: 'web_search_preview:gpt-4o*', price: '25' },
    ]);
    expect(toolProblem(lines)).toBeNull();
    expect(JSON.parse(toolOptionText([...lines, { tool: ' file_search ', price: '2.5' }]))).toEqual({
      file_search: 2.5,
      web_search: 10,
      'web_search_preview:gpt-4o*': 25,
    });
    expect(toolLinesOfOption('[1]')).toEqual([]);
    expect(toolLinesOfOption('not json')).toEqual([]);
  });

  const cases: [string, { tool: string; price: string }[], ReturnType<typeof toolProblem>][] = [
    ['empty name', [{ tool: '', price: '1' }], { index: 0, problem: 'settings.tools.nameInvalid' }],
    [
      'prefix without star',
      [{ tool: 'web_search:gpt', price: '1' }],
      { index: 0, problem: 'settings.tools.nameInvalid' },
    ],
    [
      'space in name',
      [{ tool: 'web search', price: '1' }],
      { index: 0, problem: 'settings.tools.nameInvalid' },
    ],
    [
      'repeated',
      [
        { tool: 'a', price: '1' },
        { tool: 'a ', price: '2' },
      ],
      { index: 1, problem: 'settings.tools.nameRepeated' },
    ],
    ['negative', [{ tool: 'a', price: '-1' }], { index: 0, problem: 'settings.tools.priceInvalid' }],
    ['empty price', [{ tool: 'a', price: '' }], { index: 0, problem: 'settings.tools.priceInvalid' }],
    ['free tool', [{ tool: 'a', price: '0' }], null],
  ];
  it.each(cases)('%s', (_label, lines, expected) => expect(toolProblem(lines)).toEqual(expected));
});
