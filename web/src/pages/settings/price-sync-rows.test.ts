import { describe, expect, it } from 'vitest';
import { defaultSource, syncChanges, syncRows } from './price-sync-rows.ts';

const differences = {
  'b-model': {
    completion_ratio: {
      current: 1,
      upstreams: { one: 'same' as const, two: 5 },
      confidence: { one: true, two: true },
    },
    model_ratio: { current: 2, upstreams: { one: 37.5, two: 1.5 }, confidence: { one: false, two: true } },
  },
  'a-model': {
    model_price: { current: null, upstreams: { one: 0.04, two: null }, confidence: { one: true, two: true } },
  },
};

describe('price sync rows', () => {
  const rows = syncRows(differences);

  it('lists one row per model and field, in model then field order, with the differing proposals only', () => {
    expect(
      rows.map((row) => [row.model, row.field, row.current, row.proposals.map((p) => p.source)]),
    ).toEqual([
      ['a-model', 'model_price', null, ['one']],
      ['b-model', 'model_ratio', 2, ['one', 'two']],
      ['b-model', 'completion_ratio', 1, ['two']],
    ]);
  });

  it('takes the first confident proposal by default', () => {
    expect(rows.map(defaultSource)).toEqual(['one', 'two', 'two']);
  });

  it('sends only the ticked rows, with the chosen source', () => {
    const [price, ratio, completion] = rows;
    expect(syncChanges(rows, new Set([ratio!.key, completion!.key]), {})).toEqual({
      'b-model': { model_ratio: 1.5, completion_ratio: 5 },
    });
    expect(syncChanges(rows, new Set([price!.key, ratio!.key]), { [ratio!.key]: 'one' })).toEqual({
      'a-model': { model_price: 0.04 },
      'b-model': { model_ratio: 37.5 },
    });
    expect(syncChanges(rows, new Set(), {})).toEqual({});
  });
});
