/**
 * The dashboard's prompt-cache card (admins): per channel, the requests, prompt tokens, cache-read tokens
 * and hit rate of the dashboard's range, from GET /api/data/channel_cache
 * (server/src/api/data/channel-cache.ts), so an operator sees channel affinity working
 * (docs/reference/routing.md "Affinity"). The server reads at most 31 days: a longer range shows its last 31.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Progress, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { ChannelCacheReport, ChannelCacheRow } from '../../../../common/api/dashboard.ts';
import { abbreviateCount } from '../../../../common/quota-format.ts';
import { http, unwrapReply } from '../../api/client.ts';
import { useReportedError } from '../../components/use-reported-error.ts';

/** The server's longest range (MAX_RANGE_DAYS there). */
export const CHANNEL_CACHE_MAX_DAYS = 31;

/** The part of [start, end] the card asks for: its last 31 days. */
export function channelCacheRange(
  start: number,
  end: number,
): { start: number; end: number; clamped: boolean } {
  const earliest = end - CHANNEL_CACHE_MAX_DAYS * 86_400;
  return start < earliest ? { start: earliest, end, clamped: true } : { start, end, clamped: false };
}

export interface ChannelCacheCardProps {
  /** Unix seconds. */
  startTimestamp: number;
  endTimestamp: number;
}

export function ChannelCacheCard({ startTimestamp, endTimestamp }: ChannelCacheCardProps) {
  const { t } = useTranslation();
  const range = channelCacheRange(startTimestamp, endTimestamp);
  const query = useQuery({
    queryKey: ['dashboard', 'channel-cache', range.start, range.end],
    queryFn: async () =>
      unwrapReply(
        await http.get<ChannelCacheReport>('/api/data/channel_cache', {
          start_timestamp: range.start,
          end_timestamp: range.end,
        }),
      ),
    retry: false,
  });
  useReportedError(query.error);
  const report = query.data;

  const columns: ColumnsType<ChannelCacheRow> = [
    {
      title: t('channelCache.channel'),
      key: 'channel',
      render: (_, row) =>
        row.channel_name ? `${row.channel_name} (#${row.channel_id})` : `#${row.channel_id}`,
    },
    { title: t('channelCache.requests'), dataIndex: 'requests', align: 'right' },
    {
      title: t('channelCache.promptTokens'),
      dataIndex: 'prompt_tokens',
      align: 'right',
      render: (value: number) => abbreviateCount(value),
    },
    {
      title: t('channelCache.cacheTokens'),
      dataIndex: 'cache_tokens',
      align: 'right',
      render: (value: number) => abbreviateCount(value),
    },
    {
      title: t('channelCache.hitRate'),
      dataIndex: 'hit_rate',
      width: 180,
      render: (value: number) => <Progress percent={Math.round(value * 1000) / 10} size="small" />,
    },
  ];

  return (
    <Card size="small" title={t('channelCache.title')} data-testid="dashboard-channel-cache">
      {(range.clamped || report?.truncated) && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 8 }}
          title={
            report?.truncated
              ? t('channelCache.truncated', { rows: report.rows_read })
              : t('channelCache.clamped', { days: CHANNEL_CACHE_MAX_DAYS })
          }
        />
      )}
      <Table<ChannelCacheRow>
        size="small"
        rowKey="channel_id"
        columns={columns}
        dataSource={report?.channels ?? []}
        loading={query.isFetching}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: t('channelCache.empty') }}
        scroll={{ x: true }}
      />
    </Card>
  );
}
