import { Empty, Modal, Spin, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelView, UpstreamClientType, UpstreamGroup } from '../../api/channels.ts';
import { optionalTimeText } from '../redemptions/redemption-display.ts';
import { useUpstreamDetection } from './use-channels.ts';

export interface UpstreamDetectionDialogProps {
  /** The channel to probe; null keeps the dialog closed. */
  channel: Pick<ChannelView, 'id' | 'name'> | null;
  onClose: () => void;
}

/** The time, or '-' when the upstream reported none (0). */
function timeText(seconds: number): string {
  return optionalTimeText(seconds) ?? '-';
}

/** When the upstream first and last reported the row (a group or a client type). */
function seenColumns<Row extends { first_seen: number; last_seen: number }>(t: TFunction): ColumnsType<Row> {
  return [
    {
      title: t('channels.upstream.firstSeen'),
      key: 'first_seen',
      render: (_value, row) => timeText(row.first_seen),
    },
    {
      title: t('channels.upstream.lastSeen'),
      key: 'last_seen',
      render: (_value, row) => timeText(row.last_seen),
    },
  ];
}

/** What the upstream of a channel reported: its groups and, per group, the client types seen. */
export function UpstreamDetectionDialog({ channel, onClose }: UpstreamDetectionDialogProps) {
  const { t } = useTranslation();
  const detection = useUpstreamDetection(channel?.id ?? null);
  const groups = detection.data?.groups ?? [];

  const clientColumns: ColumnsType<UpstreamClientType> = [
    {
      title: t('channels.upstream.clientType'),
      dataIndex: 'client_type',
      key: 'client_type',
      render: (clientType: string) => <Tag>{clientType}</Tag>,
    },
    { title: t('channels.upstream.count'), dataIndex: 'count', key: 'count' },
    ...seenColumns<UpstreamClientType>(t),
  ];

  const groupColumns: ColumnsType<UpstreamGroup> = [
    {
      title: t('channels.upstream.group'),
      dataIndex: 'group',
      key: 'group',
      render: (group: string) => <Tag color="blue">{group}</Tag>,
    },
    {
      title: t('channels.upstream.clientTypes'),
      key: 'client_types',
      render: (_value, row) => row.client_types.length,
    },
    ...seenColumns<UpstreamGroup>(t),
  ];

  let body: ReactNode;
  if (detection.isFetching) body = <Spin style={{ display: 'block', margin: '32px auto' }} />;
  else if (detection.isError) body = <Empty description={t('channels.upstream.failed')} />;
  else if (groups.length === 0) body = <Empty description={t('channels.upstream.empty')} />;
  else {
    body = (
      <Table<UpstreamGroup>
        rowKey="group"
        size="small"
        columns={groupColumns}
        dataSource={groups}
        pagination={false}
        expandable={{
          defaultExpandAllRows: true,
          rowExpandable: (row) => row.client_types.length > 0,
          expandedRowRender: (row) => (
            <Table<UpstreamClientType>
              rowKey="client_type"
              size="small"
              columns={clientColumns}
              dataSource={row.client_types}
              pagination={false}
            />
          ),
        }}
      />
    );
  }

  return (
    <Modal
      title={t('channels.upstream.title', { name: channel?.name ?? '' })}
      open={channel !== null}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
    >
      <div data-testid="upstream-detection-dialog">{body}</div>
    </Modal>
  );
}
