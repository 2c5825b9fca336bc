import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Form, Input, Segmented, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuotaDataQuery } from '../../api/dashboard.ts';
import { useSession } from '../../components/session.tsx';
import { useStatus } from '../../components/status.tsx';
import { useIsMobile } from '../../components/use-is-mobile.ts';
import { aggregateRows, averageRpm } from './aggregate.ts';
import { GRANULARITIES, type Granularity, parseGranularity } from './buckets.ts';
import { ChannelCacheCard } from './ChannelCacheCard.tsx';
import { DashboardCharts } from './DashboardCharts.tsx';
import { DashboardTotals } from './DashboardTotals.tsx';
import { defaultDashboardRange } from './dashboard-range.ts';
import { dashboardQueryKeys, useQuotaData } from './use-dashboard.ts';

const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

interface DashboardFilterValues {
  range: [Dayjs, Dayjs] | null;
  username?: string;
}

const granularityKeys: Record<Granularity, string> = {
  hour: 'dashboard.granularity.hour',
  day: 'dashboard.granularity.day',
  week: 'dashboard.granularity.week',
};

/**
 * Route /detail: the data dashboard over the quota_data rollups — totals, quota over time stacked by
 * model, calls over time by model and the model distribution. The granularity (hour / day / week) starts
 * at status.data_export_default_time; the range (and for admins the username, empty for everyone) is
 * applied with the query button.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { isAdmin } = useSession();
  const status = useStatus();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  // Follows the site default (which may arrive after the first render) until the user picks one.
  const [chosenGranularity, setGranularity] = useState<Granularity | null>(null);
  const granularity = chosenGranularity ?? parseGranularity(status.data_export_default_time);
  const [filterForm] = Form.useForm<DashboardFilterValues>();
  const [initialValues] = useState<DashboardFilterValues>(() => {
    const range = defaultDashboardRange(granularity);
    return { range: [range.start, range.end], username: '' };
  });
  const [query, setQuery] = useState<QuotaDataQuery>(() => ({
    startTimestamp: initialValues.range?.[0].unix() ?? 0,
    endTimestamp: initialValues.range?.[1].unix() ?? 0,
    username: '',
  }));

  const dataQuery = useQuotaData(query, isAdmin);
  const rows = dataQuery.data;
  const { aggregation, rpm } = useMemo(() => {
    const now = Math.floor(Date.now() / 1000);
    const range = { start: query.startTimestamp, end: query.endTimestamp };
    const result = aggregateRows(rows ?? [], granularity, {
      from: range.start,
      to: Math.min(range.end, now),
    });
    return { aggregation: result, rpm: averageRpm(result.totals.count, range, now) };
  }, [rows, granularity, query.startTimestamp, query.endTimestamp]);

  /**
   * A new granularity regroups the loaded rows; while the user has not picked a range of their own, the
   * range also moves to that granularity's default (a week chart of the last 24 hours is one bar).
   */
  const changeGranularity = (next: Granularity) => {
    setGranularity(next);
    if (filterForm.isFieldTouched('range')) return;
    const range = defaultDashboardRange(next);
    // Set as untouched, so the next granularity change may move it again.
    filterForm.setFields([{ name: 'range', value: [range.start, range.end], touched: false }]);
    setQuery((current) => ({
      ...current,
      startTimestamp: range.start.unix(),
      endTimestamp: range.end.unix(),
    }));
  };

  const apply = (values: DashboardFilterValues) => {
    const fallback = defaultDashboardRange(granularity);
    const [start, end] = values.range ?? [fallback.start, fallback.end];
    if (!values.range) filterForm.setFieldsValue({ range: [start, end] });
    setQuery({
      startTimestamp: start.unix(),
      endTimestamp: end.unix(),
      username: values.username?.trim() ?? '',
    });
    // Querying the same range again still reloads it.
    void queryClient.invalidateQueries({ queryKey: dashboardQueryKeys.all });
  };

  return (
    <Card title={t('dashboard.title')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {!status.enable_data_export && (
          <Alert
            type="info"
            showIcon
            title={t('dashboard.exportDisabled')}
            data-testid="dashboard-export-off"
          />
        )}
        <Form<DashboardFilterValues>
          form={filterForm}
          layout={isMobile ? 'vertical' : 'inline'}
          initialValues={initialValues}
          onFinish={apply}
          style={{ rowGap: 8 }}
        >
          <Form.Item name="range" label={t('dashboard.filter.range')}>
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm' }}
              format={DATE_TIME_FORMAT}
              style={isMobile ? { width: '100%' } : undefined}
              data-testid="dashboard-range"
            />
          </Form.Item>
          {isAdmin && (
            <Form.Item name="username" label={t('dashboard.filter.username')}>
              <Input
                allowClear
                placeholder={t('dashboard.filter.usernamePlaceholder')}
                style={{ width: isMobile ? '100%' : 180 }}
                data-testid="dashboard-username"
              />
            </Form.Item>
          )}
          <Form.Item label={t('dashboard.filter.granularity')}>
            <Segmented<Granularity>
              value={granularity}
              onChange={changeGranularity}
              options={GRANULARITIES.map((value) => ({ value, label: t(granularityKeys[value]) }))}
              data-testid="dashboard-granularity"
            />
          </Form.Item>
          <Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              icon={dataQuery.isFetching ? <ReloadOutlined spin /> : <SearchOutlined />}
              data-testid="dashboard-search"
            >
              {t('dashboard.filter.query')}
            </Button>
          </Form.Item>
        </Form>
        <DashboardTotals totals={aggregation.totals} averageRpm={rpm} loading={rows === undefined} />
        <DashboardCharts aggregation={aggregation} granularity={granularity} />
        {isAdmin && (
          <ChannelCacheCard startTimestamp={query.startTimestamp} endTimestamp={query.endTimestamp} />
        )}
      </Space>
    </Card>
  );
}
