import { Card, Col, Empty, Row, Segmented } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuotaSettings } from '../../components/quota.ts';
import { useCostFormatter } from '../logs/use-logs.ts';
import type { Aggregation } from './aggregate.ts';
import { formatAxisQuota } from './axis-format.ts';
import { bucketLabel, type Granularity } from './buckets.ts';
import {
  callsTrendOption,
  modelPieOption,
  type PieMetric,
  pieSlices,
  quotaTrendOption,
} from './chart-options.ts';
import { EChart } from './EChart.tsx';

const TREND_HEIGHT = 340;
const PIE_HEIGHT = 340;

export interface DashboardChartsProps {
  aggregation: Aggregation;
  granularity: Granularity;
}

function ChartCard(props: { title: string; testId: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card size="small" title={props.title} extra={props.extra} data-testid={props.testId}>
      {props.children}
    </Card>
  );
}

/** Quota over time stacked by model, calls over time by model, and the model distribution pie. */
export function DashboardCharts({ aggregation, granularity }: DashboardChartsProps) {
  const { t } = useTranslation();
  const quotaSettings = useQuotaSettings();
  const formatCost = useCostFormatter();
  const [pieMetric, setPieMetric] = useState<PieMetric>('quota');
  const hasData = aggregation.models.length > 0;

  const labels = useMemo(
    () => aggregation.buckets.map((start) => bucketLabel(start, granularity)),
    [aggregation.buckets, granularity],
  );
  const quotaOption = useMemo(
    () => quotaTrendOption(aggregation, labels, (value) => formatAxisQuota(value, quotaSettings), formatCost),
    [aggregation, labels, quotaSettings, formatCost],
  );
  const callsOption = useMemo(() => callsTrendOption(aggregation, labels), [aggregation, labels]);
  const otherName = t('dashboard.charts.other');
  const pieOption = useMemo(
    () =>
      modelPieOption(
        pieSlices(aggregation.modelTotals, pieMetric, otherName),
        pieMetric === 'quota' ? formatCost : (value) => String(value),
      ),
    [aggregation.modelTotals, pieMetric, otherName, formatCost],
  );

  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.charts.empty')} />;

  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} xl={16}>
        <ChartCard title={t('dashboard.charts.quota')} testId="dashboard-chart-quota">
          {hasData ? (
            <EChart option={quotaOption} height={TREND_HEIGHT} label={t('dashboard.charts.quota')} />
          ) : (
            empty
          )}
        </ChartCard>
      </Col>
      <Col xs={24} xl={8}>
        <ChartCard
          title={t('dashboard.charts.models')}
          testId="dashboard-chart-models"
          extra={
            <Segmented<PieMetric>
              size="small"
              value={pieMetric}
              onChange={setPieMetric}
              options={[
                { value: 'quota', label: t('dashboard.charts.byQuota') },
                { value: 'count', label: t('dashboard.charts.byCalls') },
              ]}
              data-testid="dashboard-pie-metric"
            />
          }
        >
          {hasData ? (
            <EChart option={pieOption} height={PIE_HEIGHT} label={t('dashboard.charts.models')} />
          ) : (
            empty
          )}
        </ChartCard>
      </Col>
      <Col xs={24}>
        <ChartCard title={t('dashboard.charts.calls')} testId="dashboard-chart-calls">
          {hasData ? (
            <EChart option={callsOption} height={TREND_HEIGHT} label={t('dashboard.charts.calls')} />
          ) : (
            empty
          )}
        </ChartCard>
      </Col>
    </Row>
  );
}
