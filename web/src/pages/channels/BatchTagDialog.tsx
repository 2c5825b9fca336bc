import { Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../components/feedback.ts';
import { checkBatchTag } from './batch-rules.ts';

export interface BatchTagDialogProps {
  open: boolean;
  selectedIds: number[];
  saving: boolean;
  onSubmit: (tag: string) => void;
  onClose: () => void;
}

/** Sets one tag on every selected channel (docs/reference/console-validation.md "Batch tag"). */
export function BatchTagDialog({ open, selectedIds, saving, onSubmit, onClose }: BatchTagDialogProps) {
  const { t } = useTranslation();
  const [tag, setTag] = useState('');

  const submit = () => {
    const check = checkBatchTag(selectedIds, tag);
    if (!check.ok) {
      showError(t(check.error));
      return;
    }
    onSubmit(check.tag);
  };

  return (
    <Modal
      title={t('channels.batch.tagTitle')}
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText={t('channels.batch.tagSubmit')}
      cancelText={t('channels.actions.cancel')}
      okButtonProps={{ loading: saving, ...{ 'data-testid': 'batch-tag-submit' } }}
      afterClose={() => setTag('')}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          {t('channels.batch.tagDescription', { count: selectedIds.length })}
        </Typography.Text>
        <Input
          value={tag}
          onChange={(event) => setTag(event.target.value)}
          onPressEnter={submit}
          placeholder={t('channels.batch.tagPlaceholder')}
          aria-label={t('channels.batch.tagPlaceholder')}
          maxLength={255}
          data-testid="batch-tag-input"
        />
      </Space>
    </Modal>
  );
}
