import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LogStat } from '../../api/logs.ts';
import { formatRate } from './log-quota.ts';
import { useStatQuotaFormatter } from './use-logs.ts';

export interface LogStatsProps {
  /** Undefined until the first stat reply arrives. */
  stat: LogStat | undefined;
}

/** The stat badges: quota used over the filter, and requests / tokens of the last minute. */
export function LogStats({ stat }: LogStatsProps) {
  const { t } = useTranslation();
  const formatQuota = useStatQuotaFormatter();
  const show = (value: string) => (stat ? value : '…');

  return (
    <Space size={8} wrap>
      <Tooltip title={t('logs.stat.quotaHint')}>
        <Tag color="blue" data-testid="logs-stat-quota" style={{ fontSize: 13, padding: '2px 10px' }}>
          {t('logs.stat.quota', { value: show(formatQuota(stat?.quota ?? 0)) })}
        </Tag>
      </Tooltip>
      <Tooltip title={t('logs.stat.rpmHint')}>
        <Tag color="pink" data-testid="logs-stat-rpm" style={{ fontSize: 13, padding: '2px 10px' }}>
          {t('logs.stat.rpm', { value: show(formatRate(stat?.rpm ?? 0)) })}
        </Tag>
      </Tooltip>
      <Tooltip title={t('logs.stat.tpmHint')}>
        <Tag color="gold" data-testid="logs-stat-tpm" style={{ fontSize: 13, padding: '2px 10px' }}>
          {t('logs.stat.tpm', { value: show(formatRate(stat?.tpm ?? 0)) })}
        </Tag>
      </Tooltip>
    </Space>
  );
}
