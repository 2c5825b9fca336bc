import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserView } from '../../../../common/api-types.ts';
import { abbreviateCount } from '../../../../common/quota-format.ts';
import { useQuotaRenderer } from '../../components/quota.ts';

export interface BalanceCardProps {
  user: UserView;
}

/** The balance, used quota and request count, formatted per display_in_currency (docs/reference/console-overview.md, docs/reference/console-screens.md). */
export function BalanceCard({ user }: BalanceCardProps) {
  const { t } = useTranslation();
  const renderQuota = useQuotaRenderer();
  return (
    <Card title={t('wallet.title')}>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={8}>
          <Statistic
            title={t('wallet.balance.current')}
            value={renderQuota(user.quota)}
            data-testid="wallet-balance"
          />
        </Col>
        <Col xs={24} sm={8}>
          <Statistic
            title={t('wallet.balance.used')}
            value={renderQuota(user.used_quota)}
            data-testid="wallet-used-quota"
          />
        </Col>
        <Col xs={24} sm={8}>
          <Statistic
            title={t('wallet.balance.requests')}
            value={abbreviateCount(user.request_count)}
            data-testid="wallet-request-count"
          />
        </Col>
      </Row>
    </Card>
  );
}
