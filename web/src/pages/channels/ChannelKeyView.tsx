import { EyeOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http, reportFailure, unwrapReply } from '../../api/client.ts';
import { copyWithToast } from '../personal/copy-with-toast.ts';
import { SecureVerifyModal } from '../personal/SecureVerifyModal.tsx';

/** POST /api/channel/:id/key: root only, after asking again (server/src/api/channels/key-view.ts). */
const fetchChannelKey = async (id: number) =>
  unwrapReply(await http.post<{ key: string }>(`/api/channel/${id}/key`)).key;

/**
 * Root's "show key" on the channel edit page: asks for a code or passkey first, then shows the stored key
 * read-only with a copy button. The key is never in the channel's own reply (docs/security.md).
 */
export function ChannelKeyView({ channelId }: { channelId: number }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [key, setKey] = useState<string | null>(null);
  const reveal = useMutation({
    mutationFn: () => fetchChannelKey(channelId),
    onSuccess: setKey,
    onError: reportFailure,
  });
  return (
    <Form.Item label={t('channels.keyView.label')}>
      {key === null ? (
        <Button
          icon={<EyeOutlined />}
          loading={reveal.isPending}
          onClick={() => setAsking(true)}
          data-testid="channel-key-show"
        >
          {t('channels.keyView.show')}
        </Button>
      ) : (
        <Space.Compact style={{ width: '100%' }}>
          <Input.TextArea
            readOnly
            value={key}
            autoSize={{ minRows: 1, maxRows: 8 }}
            style={{ fontFamily: 'monospace' }}
            data-testid="channel-key-value"
          />
          <Button onClick={() => copyWithToast(key, t('channels.keyView.copied'))}>
            {t('channels.keyView.copy')}
          </Button>
        </Space.Compact>
      )}
      <SecureVerifyModal
        open={asking}
        purpose={t('channels.keyView.purpose')}
        onCancel={() => setAsking(false)}
        onVerified={() => {
          setAsking(false);
          reveal.mutate();
        }}
      />
    </Form.Item>
  );
}
