/**
 * ECharts options of the dashboard, built from an Aggregation. Pure: texts and number formatters come
 * from the caller, so the same builders serve both languages and both quota display modes.
 */
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { Aggregation, ModelTotal } from './aggregate.ts';

export type DashboardChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
>;

export type PieMetric = 'quota' | 'count';

/** Up to this many models get their own pie slice; the rest are summed into one 'other' slice. */
export const MAX_PIE_SLICES = 10;
/** Line charts mark each point only while there are few enough points to tell them apart. */
const MAX_MARKED_POINTS = 48;

type NumberFormatter = (value: number) => string;

function tooltipNumber(format: NumberFormatter) {
  return (value: unknown) => (typeof value === 'number' ? format(value) : String(value ?? ''));
}

const legend: LegendComponentOption = { type: 'scroll', top: 0, left: 0, right: 0 };
const grid: GridComponentOption = { left: 8, right: 16, top: 40, bottom: 8 };

/** Quota used per bucket, one stacked bar series per model. */
export function quotaTrendOption(
  aggregation: Aggregation,
  labels: string[],
  formatAxis: NumberFormatter,
  formatTooltip: NumberFormatter,
): DashboardChartOption {
  return {
    backgroundColor: 'transparent',
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: tooltipNumber(formatTooltip),
    },
    legend,
    grid,
    xAxis: { type: 'category', data: labels },
    yAxis: { type: 'value', axisLabel: { formatter: (value: number) => formatAxis(value) } },
    series: aggregation.models.map(
      (model): BarSeriesOption => ({
        type: 'bar',
        name: model,
        stack: 'quota',
        emphasis: { focus: 'series' },
        data: aggregation.quotaSeries[model] ?? [],
      }),
    ),
  };
}

/** Calls per bucket, one line per model. */
export function callsTrendOption(aggregation: Aggregation, labels: string[]): DashboardChartOption {
  return {
    backgroundColor: 'transparent',
    tooltip: { trigger: 'axis' },
    legend,
    grid,
    xAxis: { type: 'category', data: labels, boundaryGap: false },
    yAxis: { type: 'value', minInterval: 1 },
    series: aggregation.models.map(
      (model): LineSeriesOption => ({
        type: 'line',
        name: model,
        showSymbol: labels.length <= MAX_MARKED_POINTS,
        emphasis: { focus: 'series' },
        data: aggregation.callSeries[model] ?? [],
      }),
    ),
  };
}

export interface PieSlice {
  name: string;
  value: number;
}

/** The pie's slices: the largest models by the metric, the rest summed under `otherName`; zeros dropped. */
export function pieSlices(
  modelTotals: readonly ModelTotal[],
  metric: PieMetric,
  otherName: string,
): PieSlice[] {
  const slices = modelTotals
    .map((total) => ({ name: total.model, value: total[metric] }))
    .filter((slice) => slice.value > 0)
    .sort((left, right) => right.value - left.value);
  if (slices.length <= MAX_PIE_SLICES) return slices;
  const kept = slices.slice(0, MAX_PIE_SLICES - 1);
  const rest = slices.slice(MAX_PIE_SLICES - 1).reduce((sum, slice) => sum + slice.value, 0);
  return [...kept, { name: otherName, value: rest }];
}

/** Share of each model in the quota used or in the calls made. */
export function modelPieOption(slices: PieSlice[], formatValue: NumberFormatter): DashboardChartOption {
  return {
    backgroundColor: 'transparent',
    tooltip: { trigger: 'item', valueFormatter: tooltipNumber(formatValue) },
    legend,
    series: [
      {
        type: 'pie',
        radius: ['42%', '68%'],
        center: ['50%', '56%'],
        itemStyle: { borderRadius: 4 },
        // Names are in the legend; the hovered slice shows its name and share in the hole (labels beside
        // a narrow pie would be cut off).
        label: { show: false, position: 'center' },
        labelLine: { show: false },
        emphasis: { label: { show: true, fontSize: 14, fontWeight: 'bold', formatter: '{b}\n{d}%' } },
        data: slices,
      },
    ],
  };
}
