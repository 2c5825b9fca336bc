/**
 * The keys of a multi-key channel in its edit form (POST /api/channel/multi_key/manage): how a request
 * picks a key (random or polling), each key's status — disabled keys with their reason and time — and
 * buttons that enable a key again, or all of them. Key previews come for root only; other administrators
 * see the key's number.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  type ChannelKeyInfo,
  type ChannelKeyStatusPage,
  enableChannelKeys,
  fetchChannelKeys,
  setMultiKeyMode,
} from '../../api/channels.ts';
import { ensureSuccess, reportFailure, unwrapReply } from '../../api/client.ts';
import { showSuccess } from '../../components/feedback.ts';
import { formatUnixTime } from '../tokens/token-display.ts';

type KeyRow = ChannelKeyStatusPage['keys'][number];

const STATUS_LABELS: Record<number, { label: string; color: string }> = {
  1: { label: 'channels.form.keyEnabled', color: 'green' },
  2: { label: 'channels.form.keyManuallyDisabled', color: 'default' },
  3: { label: 'channels.form.keyAutoDisabled', color: 'red' },
};

export function ChannelKeysPanel({ channelId, keyInfo }: { channelId: number; keyInfo: ChannelKeyInfo }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const queryKey = ['channels', 'keys', channelId] as const;
  const keys = useQuery({
    queryKey,
    queryFn: async () => unwrapReply(await fetchChannelKeys(channelId)),
    staleTime: 0,
    retry: false,
  });
  const enable = useMutation({
    mutationFn: async (index: number | 'all') => ensureSuccess(await enableChannelKeys(channelId, index)),
    onSuccess: async () => {
      showSuccess(t('channels.actions.success'));
      await queryClient.invalidateQueries({ queryKey });
    },
    onError: reportFailure,
  });
  const mode = useMutation({
    mutationFn: async (value: 'random' | 'polling') => ensureSuccess(await setMultiKeyMode(channelId, value)),
    onSuccess: () => showSuccess(t('channels.actions.success')),
    onError: reportFailure,
  });
  const page = keys.data;
  return (
    <div data-testid="channel-keys-panel">
      <Form.Item label={t('channels.form.multiKeyMode')} extra={t('channels.form.multiKeyModeHint')}>
        <Select
          defaultValue={keyInfo.multi_key_mode === 'polling' ? 'polling' : 'random'}
          onChange={(value: 'random' | 'polling') => mode.mutate(value)}
          options={[
            { value: 'random', label: t('channels.form.multiKeyModeRandom') },
            { value: 'polling', label: t('channels.form.multiKeyModePolling') },
          ]}
          data-testid="channel-multi-key-mode"
          style={{ maxWidth: 240 }}
        />
      </Form.Item>
      <Space style={{ marginBottom: 8 }} wrap>
        <Typography.Text strong data-testid="channel-keys-title">
          {t('channels.form.keysTitle', {
            enabled: page?.enabled_count ?? 0,
            total: page ? page.enabled_count + page.manual_disabled_count + page.auto_disabled_count : 0,
          })}
        </Typography.Text>
        <Button
          size="small"
          onClick={() => enable.mutate('all')}
          loading={enable.isPending}
          disabled={!page || page.enabled_count === page.total}
          data-testid="channel-keys-enable-all"
        >
          {t('channels.form.keysEnableAll')}
        </Button>
      </Space>
      <Table<KeyRow>
        size="small"
        rowKey="index"
        loading={keys.isFetching}
        dataSource={page?.keys ?? []}
        pagination={false}
        scroll={{ x: true }}
        data-testid="channel-keys-table"
        onRow={(row) => ({ 'data-testid': `channel-key-${row.index}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: t('channels.form.keyIndex'),
            key: 'index',
            render: (_value, row) =>
              row.key_preview ? `#${row.index + 1} ${row.key_preview}` : `#${row.index + 1}`,
          },
          {
            title: t('channels.form.keyStatus'),
            key: 'status',
            render: (_value, row) => {
              const label = STATUS_LABELS[row.status] ?? STATUS_LABELS[1]!;
              return <Tag color={label.color}>{t(label.label)}</Tag>;
            },
          },
          { title: t('channels.form.keyReason'), key: 'reason', render: (_value, row) => row.reason ?? '' },
          {
            title: t('channels.form.keyDisabledTime'),
            key: 'time',
            render: (_value, row) => (row.disabled_time ? formatUnixTime(row.disabled_time) : ''),
          },
          {
            key: 'actions',
            render: (_value, row) =>
              row.status === 1 ? null : (
                <Button
                  size="small"
                  onClick={() => enable.mutate(row.index)}
                  data-testid={`channel-key-enable-${row.index}`}
                >
                  {t('channels.form.keyEnable')}
                </Button>
              ),
          },
        ]}
      />
      {page?.keys.every((key) => key.key_preview === '') ? (
        <Typography.Text type="secondary">{t('channels.form.keysHiddenHint')}</Typography.Text>
      ) : null}
    </div>
  );
}
