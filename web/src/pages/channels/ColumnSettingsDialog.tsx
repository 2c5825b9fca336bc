import { Button, Checkbox, Col, Modal, Row, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CHANNEL_COLUMNS,
  type ChannelColumn,
  type ColumnVisibility,
  defaultColumnVisibility,
} from './list-settings.ts';

const columnTitleKeys: Record<ChannelColumn, string> = {
  id: 'channels.columns.id',
  name: 'channels.columns.name',
  group: 'channels.columns.group',
  type: 'channels.columns.type',
  status: 'channels.columns.status',
  response_time: 'channels.columns.responseTime',
  used_quota: 'channels.columns.usedQuota',
  balance: 'channels.columns.balance',
  priority: 'channels.columns.priority',
  weight: 'channels.columns.weight',
  actions: 'channels.columns.actions',
};

export interface ColumnSettingsDialogProps {
  open: boolean;
  visibility: ColumnVisibility;
  onSave: (visibility: ColumnVisibility) => void;
  onClose: () => void;
}

/** Chooses the visible columns; the page stores the choice in `channels-table-columns`. */
export function ColumnSettingsDialog({ open, visibility, onSave, onClose }: ColumnSettingsDialogProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ColumnVisibility>(visibility);
  const [openedWith, setOpenedWith] = useState<ColumnVisibility | null>(null);
  // Each opening starts from the stored choice.
  if (open && openedWith !== visibility) {
    setOpenedWith(visibility);
    setDraft(visibility);
  }
  if (!open && openedWith !== null) setOpenedWith(null);

  const shownCount = CHANNEL_COLUMNS.filter((column) => draft[column]).length;
  const setAll = (shown: boolean) =>
    setDraft(Object.fromEntries(CHANNEL_COLUMNS.map((column) => [column, shown])) as ColumnVisibility);

  return (
    <Modal
      title={t('channels.columnSettings.title')}
      open={open}
      onCancel={onClose}
      data-testid="channels-column-dialog"
      footer={
        <Space>
          <Button onClick={() => setDraft(defaultColumnVisibility())} data-testid="channels-columns-reset">
            {t('channels.columnSettings.reset')}
          </Button>
          <Button onClick={onClose}>{t('channels.columnSettings.cancel')}</Button>
          <Button type="primary" onClick={() => onSave(draft)} data-testid="channels-columns-save">
            {t('channels.columnSettings.save')}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Checkbox
          checked={shownCount === CHANNEL_COLUMNS.length}
          indeterminate={shownCount > 0 && shownCount < CHANNEL_COLUMNS.length}
          onChange={(event) => setAll(event.target.checked)}
          data-testid="channels-columns-all"
        >
          {t('channels.columnSettings.all')}
        </Checkbox>
        <Row gutter={[12, 12]}>
          {CHANNEL_COLUMNS.map((column) => (
            <Col span={12} key={column}>
              <Checkbox
                checked={draft[column]}
                onChange={(event) => setDraft({ ...draft, [column]: event.target.checked })}
                data-testid={`channels-column-${column}`}
              >
                {t(columnTitleKeys[column])}
              </Checkbox>
            </Col>
          ))}
        </Row>
      </Space>
    </Modal>
  );
}
