import { useEffect, useRef } from 'react';
import { useThemeMode } from '../../components/theme.tsx';
import type { DashboardChartOption } from './chart-options.ts';
import { echarts } from './echarts-setup.ts';

export interface EChartProps {
  option: DashboardChartOption;
  height: number;
  /** Accessible name of the chart canvas. */
  label: string;
}

/**
 * One ECharts instance in a div: created with the 'dark' theme while the console is dark (re-created when
 * the theme flips), given a new option whenever `option` changes, and resized with its container.
 */
export function EChart({ option, height, label }: EChartProps) {
  const { mode } = useThemeMode();
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<echarts.ECharts | null>(null);
  const optionRef = useRef(option);
  optionRef.current = option;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const chart = echarts.init(container, mode === 'dark' ? 'dark' : undefined);
    chart.setOption(optionRef.current);
    chartRef.current = chart;
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(container);
    return () => {
      observer.disconnect();
      chart.dispose();
      chartRef.current = null;
    };
  }, [mode]);

  useEffect(() => {
    // notMerge: series of models that left the data must disappear.
    chartRef.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={containerRef} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
