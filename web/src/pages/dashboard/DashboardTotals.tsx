import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { abbreviateCount } from '../../../../common/quota-format.ts';
import { useQuotaRenderer } from '../../components/quota.ts';
import type { Totals } from './aggregate.ts';

export interface DashboardTotalsProps {
  totals: Totals;
  averageRpm: number;
  loading: boolean;
}

const column = { xs: 12, lg: 6 };

/** The four numbers over the chosen range: quota used, calls, tokens and average requests per minute. */
export function DashboardTotals({ totals, averageRpm, loading }: DashboardTotalsProps) {
  const { t } = useTranslation();
  const renderQuota = useQuotaRenderer();
  return (
    <Row gutter={[12, 12]}>
      <Col {...column}>
        <Card size="small" data-testid="dashboard-total-quota">
          <Statistic
            title={t('dashboard.totals.quota')}
            value={renderQuota(totals.quota)}
            loading={loading}
          />
        </Card>
      </Col>
      <Col {...column}>
        <Card size="small" data-testid="dashboard-total-calls">
          <Statistic
            title={t('dashboard.totals.calls')}
            value={abbreviateCount(totals.count)}
            loading={loading}
          />
        </Card>
      </Col>
      <Col {...column}>
        <Card size="small" data-testid="dashboard-total-tokens">
          <Statistic
            title={t('dashboard.totals.tokens')}
            value={abbreviateCount(totals.tokens)}
            loading={loading}
          />
        </Card>
      </Col>
      <Col {...column}>
        <Card size="small" data-testid="dashboard-average-rpm">
          <Statistic
            title={t('dashboard.totals.averageRpm')}
            value={String(Number(averageRpm.toFixed(3)))}
            loading={loading}
          />
        </Card>
      </Col>
    </Row>
  );
}
