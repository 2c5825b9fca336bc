import { describe, expect, it } from 'vitest';
import type { Aggregation, ModelTotal } from './aggregate.ts';
import {
  callsTrendOption,
  MAX_PIE_SLICES,
  modelPieOption,
  type PieMetric,
  pieSlices,
  quotaTrendOption,
} from './chart-options.ts';

const aggregation: Aggregation = {
  buckets: [100, 200],
  models: ['gpt-4o', 'gpt-4o-mini'],
  quotaSeries: { 'gpt-4o': [300, 200], 'gpt-4o-mini': [0, 50] },
  callSeries: { 'gpt-4o': [3, 2], 'gpt-4o-mini': [0, 5] },
  modelTotals: [
    { model: 'gpt-4o', quota: 500, count: 5, tokens: 60 },
    { model: 'gpt-4o-mini', quota: 50, count: 5, tokens: 500 },
  ],
  totals: { quota: 550, count: 10, tokens: 560 },
};
const labels = ['03-14 10:00', '03-14 11:00'];

type AnyRecord = Record<string, unknown>;

function seriesOf(option: AnyRecord): AnyRecord[] {
  return option.series as AnyRecord[];
}

describe('quotaTrendOption', () => {
  const option = quotaTrendOption(
    aggregation,
    labels,
    (value) => `A${value}`,
    (value) => `T${value}`,
  ) as AnyRecord;

  it('stacks one bar series per model over the bucket labels', () => {
    expect((option.xAxis as AnyRecord).data).toEqual(labels);
    expect(seriesOf(option).map((series) => [series.type, series.name, series.stack, series.data])).toEqual([
      ['bar', 'gpt-4o', 'quota', [300, 200]],
      ['bar', 'gpt-4o-mini', 'quota', [0, 50]],
    ]);
  });

  it('formats the axis and the tooltip with the given formatters', () => {
    const axisFormatter = ((option.yAxis as AnyRecord).axisLabel as AnyRecord).formatter as (
      v: number,
    ) => string;
    const tooltipFormatter = (option.tooltip as AnyRecord).valueFormatter as (v: unknown) => string;
    expect(axisFormatter(500)).toBe('A500');
    expect(tooltipFormatter(500)).toBe('T500');
    expect(tooltipFormatter(undefined)).toBe('');
  });

  it('keeps the card background', () => {
    expect(option.backgroundColor).toBe('transparent');
  });
});

describe('callsTrendOption', () => {
  it('draws one unstacked line per model', () => {
    const option = callsTrendOption(aggregation, labels) as AnyRecord;
    expect(seriesOf(option).map((series) => [series.type, series.name, series.stack, series.data])).toEqual([
      ['line', 'gpt-4o', undefined, [3, 2]],
      ['line', 'gpt-4o-mini', undefined, [0, 5]],
    ]);
  });

  it.each([
    [2, true],
    [48, true],
    [49, false],
  ])('with %s points marks them: %s', (count, marked) => {
    const manyLabels = Array.from({ length: count }, (_, index) => String(index));
    const option = callsTrendOption(aggregation, manyLabels) as AnyRecord;
    expect(seriesOf(option)[0]?.showSymbol).toBe(marked);
  });
});

function totals(count: number): ModelTotal[] {
  return Array.from({ length: count }, (_, index) => ({
    model: `m${index}`,
    quota: (count - index) * 10,
    count: index,
    tokens: 0,
  }));
}

describe('pieSlices', () => {
  it.each<[string, ModelTotal[], PieMetric, { name: string; value: number }[]]>([
    ['no models', [], 'quota', []],
    [
      'by quota, zeros dropped',
      aggregation.modelTotals.concat({ model: 'free', quota: 0, count: 4, tokens: 0 }),
      'quota',
      [
        { name: 'gpt-4o', value: 500 },
        { name: 'gpt-4o-mini', value: 50 },
      ],
    ],
    [
      'by calls, largest first',
      aggregation.modelTotals.concat({ model: 'free', quota: 0, count: 9, tokens: 0 }),
      'count',
      [
        { name: 'free', value: 9 },
        { name: 'gpt-4o', value: 5 },
        { name: 'gpt-4o-mini', value: 5 },
      ],
    ],
  ])('%s', (_name, modelTotals, metric, expected) => {
    expect(pieSlices(modelTotals, metric, 'Other')).toEqual(expected);
  });

  it('keeps exactly the slice limit without an other slice', () => {
    expect(pieSlices(totals(MAX_PIE_SLICES), 'quota', 'Other')).toHaveLength(MAX_PIE_SLICES);
  });

  it('sums the smallest models into one other slice past the limit', () => {
    const slices = pieSlices(totals(MAX_PIE_SLICES + 3), 'quota', 'Other');
    expect(slices).toHaveLength(MAX_PIE_SLICES);
    // Quotas are 130, 120, … 10: the last four (40, 30, 20, 10) are summed.
    expect(slices.at(-1)).toEqual({ name: 'Other', value: 100 });
    expect(slices.reduce((sum, slice) => sum + slice.value, 0)).toBe(910);
  });
});

describe('modelPieOption', () => {
  it('is one pie series with the slices and the tooltip formatter', () => {
    const slices = [{ name: 'gpt-4o', value: 500 }];
    const option = modelPieOption(slices, (value) => `$${value}`) as AnyRecord;
    const [series] = seriesOf(option);
    expect(series?.type).toBe('pie');
    expect(series?.data).toEqual(slices);
    expect(((option.tooltip as AnyRecord).valueFormatter as (v: unknown) => string)(500)).toBe('$500');
  });
});
