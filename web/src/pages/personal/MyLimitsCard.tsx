/**
 * "My limits" on the personal page: every traffic limit that applies to the signed-in user — their
 * account's, their group's (shared by all its users), their group's per-model limits and their keys' —
 * with how much is used and left now and when it resets (GET /api/user/self/limits, web/src/api/limits.ts).
 */
import { Card, Empty, Skeleton, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { LimitSet } from '../../../../common/traffic-limits.ts';
import { fetchMyLimits, type ScopeLimits, type SelfLimits } from '../../api/limits.ts';
import { DEFAULT_PERIOD, DEFAULT_TIME_ZONE } from '../../components/limit-fields-rules.ts';
import {
  isExhausted,
  type LimitRow,
  limitAmount,
  limitRows,
  resetText,
  rowResetAt,
} from '../../components/limit-usage-display.ts';
import { useQuotaRenderer } from '../../components/quota.ts';
import { useReplyQuery } from '../../components/use-reply-query.ts';

/** Read fresh on every visit: the counts change with every call. */
function useMyLimits() {
  return useReplyQuery({ queryKey: ['user', 'self', 'limits'], fetch: fetchMyLimits, gcTime: 0 });
}

interface TableRow extends LimitRow {
  key: string;
  scope: string;
  limits: LimitSet;
}

/** One table row per limit of every scope, in the order account, group, models, keys. */
function tableRows(
  data: SelfLimits,
  scopeName: (scope: string, values?: Record<string, string>) => string,
): TableRow[] {
  const scopes: Array<{ id: string; scope: string; set: ScopeLimits }> = [
    { id: 'user', scope: scopeName('user'), set: data.user },
    { id: 'group', scope: scopeName('group', { name: data.group.name }), set: data.group },
    ...data.models.map((model) => ({
      id: `model:${model.model}`,
      scope: scopeName('model', { model: model.model, group: data.group.name }),
      set: model,
    })),
    ...data.tokens.map((token) => ({
      id: `token:${token.id}`,
      scope: scopeName('token', { name: token.name }),
      set: token,
    })),
  ];
  return scopes.flatMap(({ id, scope, set }) =>
    limitRows(set.limits, set.usage).map((row) => ({
      ...row,
      key: `${id}:${row.kind}`,
      scope,
      limits: set.limits,
    })),
  );
}

export function MyLimitsCard() {
  const { t } = useTranslation();
  const renderQuota = useQuotaRenderer();
  const limitsQuery = useMyLimits();
  const now = Date.now();
  const amount = (row: LimitRow, value: number) => limitAmount(row.kind, value, renderQuota);

  const columns: ColumnsType<TableRow> = [
    { title: t('limits.mine.columns.scope'), dataIndex: 'scope', key: 'scope' },
    {
      title: t('limits.mine.columns.limit'),
      key: 'limit',
      render: (_value, row) => {
        const name =
          row.kind === 'budget'
            ? t(`limits.budgetPer.${row.limits.budget_period ?? DEFAULT_PERIOD}`)
            : t(`limits.fields.${row.kind}`);
        return `${name}: ${amount(row, row.limit)}`;
      },
    },
    {
      title: t('limits.mine.columns.used'),
      key: 'used',
      render: (_value, row) => (row.usage ? amount(row, row.usage.used) : '-'),
    },
    {
      title: t('limits.mine.columns.remaining'),
      key: 'remaining',
      render: (_value, row) =>
        row.usage ? (
          <Typography.Text type={isExhausted(row) ? 'danger' : undefined}>
            {amount(row, row.usage.remaining)}
          </Typography.Text>
        ) : (
          '-'
        ),
    },
    {
      title: t('limits.mine.columns.resets'),
      key: 'resets',
      render: (_value, row) => {
        if (row.kind === 'concurrency') return '-';
        const text = resetText(rowResetAt(row, row.limits, now), now);
        const zone = t('limits.mine.zone', { zone: row.limits.timezone ?? DEFAULT_TIME_ZONE });
        const daily = row.kind === 'rpd' || row.kind === 'tpd' || row.kind === 'budget';
        return (
          <Tooltip title={daily ? zone : undefined}>
            <span>{text ?? t('limits.mine.notCounted')}</span>
          </Tooltip>
        );
      },
    },
  ];

  const body = () => {
    if (limitsQuery.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
    if (limitsQuery.isError || !limitsQuery.data)
      return <Typography.Text type="danger">{t('limits.mine.loadFailed')}</Typography.Text>;
    const rows = tableRows(limitsQuery.data, (scope, values) => t(`limits.mine.scopes.${scope}`, values));
    if (rows.length === 0) return <Empty description={t('limits.mine.empty')} />;
    return (
      <>
        <Typography.Paragraph type="secondary">{t('limits.mine.hint')}</Typography.Paragraph>
        <Table<TableRow>
          size="small"
          columns={columns}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="my-limits-table"
        />
      </>
    );
  };

  return (
    <Card title={t('limits.mine.title')} data-testid="my-limits-card">
      {body()}
    </Card>
  );
}
