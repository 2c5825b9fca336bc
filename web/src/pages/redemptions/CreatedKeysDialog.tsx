import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyWithToast } from '../personal/copy-with-toast.ts';
import { keysFileContent, keysFileName, keysText } from './created-keys.ts';
import type { CreatedBatch } from './RedemptionDrawer.tsx';

export interface CreatedKeysDialogProps {
  /** The batch just created; null keeps the dialog closed. */
  batch: CreatedBatch | null;
  onClose: () => void;
}

/** Saves `content` as a text file through a temporary object URL. */
function downloadTextFile(fileName: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Shows the keys of a new batch with copy-all and download-as-.txt. */
export function CreatedKeysDialog({ batch, onClose }: CreatedKeysDialogProps) {
  const { t } = useTranslation();
  const keys = batch?.keys ?? [];

  return (
    <Modal
      title={t('redemptions.keys.title', { count: keys.length })}
      open={batch !== null}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button
            icon={<CopyOutlined />}
            onClick={() =>
              void copyWithToast(keysText(keys), t('redemptions.keys.copied', { count: keys.length }))
            }
            data-testid="redemption-keys-copy"
          >
            {t('redemptions.keys.copyAll')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            onClick={() =>
              batch && downloadTextFile(keysFileName(batch.name, batch.createdAt), keysFileContent(keys))
            }
            data-testid="redemption-keys-download"
          >
            {t('redemptions.keys.download')}
          </Button>
          <Button type="primary" onClick={onClose} data-testid="redemption-keys-close">
            {t('redemptions.keys.close')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('redemptions.keys.note')}</Typography.Paragraph>
      <Input.TextArea
        value={keysText(keys)}
        readOnly
        autoSize={{ minRows: 3, maxRows: 12 }}
        style={{ fontFamily: 'monospace' }}
        aria-label={t('redemptions.keys.label')}
        data-testid="redemption-keys"
        onFocus={(event) => event.target.select()}
      />
    </Modal>
  );
}
