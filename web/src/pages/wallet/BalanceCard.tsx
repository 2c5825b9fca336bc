import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserView } from '../../../../common/api-types.ts';
import { UsageStatistics } from '../personal/UsageStatistics.tsx';

export interface BalanceCardProps {
  user: UserView;
}

/** The balance, used quota and request count, formatted per display_in_currency (docs/reference/console-overview.md, docs/reference/console-screens.md). */
export function BalanceCard({ user }: BalanceCardProps) {
  const { t } = useTranslation();
  return (
    <Card title={t('wallet.title')}>
      <UsageStatistics
        user={user}
        titles={[t('wallet.balance.current'), t('wallet.balance.used'), t('wallet.balance.requests')]}
        testIds={['wallet-balance', 'wallet-used-quota', 'wallet-request-count']}
      />
    </Card>
  );
}
