import type { CSSProperties } from 'react';
import type { UserView } from '../../../../common/api-types.ts';
import { abbreviateCount } from '../../../../common/quota-format.ts';
import { useQuotaRenderer } from '../../components/quota.ts';
import { StatisticRow } from '../../components/StatisticRow.tsx';

export interface UsageStatisticsProps {
  user: Pick<UserView, 'quota' | 'used_quota' | 'request_count'>;
  titles: readonly [balance: string, used: string, requests: string];
  testIds?: readonly [balance?: string, used?: string, requests?: string];
  style?: CSSProperties;
}

/** An account's balance, used quota (per display_in_currency) and request count (wallet and personal pages). */
export function UsageStatistics({ user, titles, testIds = [], style }: UsageStatisticsProps) {
  const renderQuota = useQuotaRenderer();
  return (
    <StatisticRow
      style={style}
      items={[
        { key: 'balance', title: titles[0], value: renderQuota(user.quota), testId: testIds[0] },
        { key: 'used', title: titles[1], value: renderQuota(user.used_quota), testId: testIds[1] },
        { key: 'requests', title: titles[2], value: abbreviateCount(user.request_count), testId: testIds[2] },
      ]}
    />
  );
}
