/**
 * ECharts with only what the dashboard draws (bar, line and pie charts; grid, tooltip and legend; the
 * canvas renderer), so the bundle leaves the rest of the library out. The 'dark' theme ships with core.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export { echarts };
