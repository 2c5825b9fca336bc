import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { RedemptionView } from '../../api/redemptions.ts';
import { NameCell } from '../../components/list-page/NameCell.tsx';
import { PagedTable, type PagedTableData } from '../../components/list-page/PagedTable.tsx';
import { useQuotaRenderer } from '../../components/quota.ts';
import { formatUnixTime } from '../tokens/token-display.ts';
import { RedemptionRowActions } from './RedemptionRowActions.tsx';
import { optionalTimeText, redemptionStatusLabel, usedByUser } from './redemption-display.ts';

export interface RedemptionsTableProps {
  data: PagedTableData<RedemptionView>;
  /** Ids of rows with a status change or a deletion in flight. */
  togglingId: number | null;
  deletingId: number | null;
  onCopy: (redemption: RedemptionView) => void;
  onToggle: (redemption: RedemptionView) => void;
  onEdit: (redemption: RedemptionView) => void;
  onDelete: (redemption: RedemptionView) => void;
}

function Missing() {
  return <Typography.Text type="secondary">-</Typography.Text>;
}

export function RedemptionsTable(props: RedemptionsTableProps) {
  const { t } = useTranslation();
  const renderQuota = useQuotaRenderer();

  const columns: ColumnsType<RedemptionView> = [
    { title: t('redemptions.columns.id'), dataIndex: 'id', key: 'id' },
    {
      title: t('redemptions.columns.name'),
      dataIndex: 'name',
      key: 'name',
      render: (name: string) => <NameCell name={name} />,
    },
    {
      title: t('redemptions.columns.status'),
      key: 'status',
      render: (_value, redemption) => {
        const label = redemptionStatusLabel(redemption.status);
        return (
          <Tag color={label.color} data-testid={`redemption-status-tag-${redemption.id}`}>
            {t(label.key)}
          </Tag>
        );
      },
    },
    {
      title: t('redemptions.columns.quota'),
      key: 'quota',
      render: (_value, redemption) => renderQuota(redemption.quota),
    },
    {
      title: t('redemptions.columns.createdTime'),
      key: 'created_time',
      render: (_value, redemption) => formatUnixTime(redemption.created_time),
    },
    {
      title: t('redemptions.columns.redeemedTime'),
      key: 'redeemed_time',
      render: (_value, redemption) => optionalTimeText(redemption.redeemed_time) ?? <Missing />,
    },
    {
      title: t('redemptions.columns.usedBy'),
      key: 'used_user_id',
      render: (_value, redemption) => usedByUser(redemption) ?? <Missing />,
    },
  ];

  return (
    <PagedTable<RedemptionView>
      testId="redemptions-table"
      data={props.data}
      columns={columns}
      actions={{
        title: t('redemptions.columns.actions'),
        render: (redemption) => (
          <RedemptionRowActions
            redemption={redemption}
            toggling={props.togglingId === redemption.id}
            deleting={props.deletingId === redemption.id}
            onCopy={props.onCopy}
            onToggle={props.onToggle}
            onEdit={props.onEdit}
            onDelete={props.onDelete}
          />
        ),
      }}
      totalText={(total) => t('redemptions.pagination.total', { total })}
    />
  );
}
