import { Button, Checkbox, Col, Modal, Row, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  availableLogColumns,
  defaultLogColumnVisibility,
  LOG_COLUMN_TITLE_KEYS,
  type LogColumnVisibility,
} from './log-columns.ts';

export interface LogColumnSettingsDialogProps {
  open: boolean;
  admin: boolean;
  visibility: LogColumnVisibility;
  onSave: (visibility: LogColumnVisibility) => void;
  onClose: () => void;
}

/** Chooses the visible columns; the page stores the choice in `logs-table-columns`. */
export function LogColumnSettingsDialog({
  open,
  admin,
  visibility,
  onSave,
  onClose,
}: LogColumnSettingsDialogProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<LogColumnVisibility>(visibility);
  const [openedWith, setOpenedWith] = useState<LogColumnVisibility | null>(null);
  // Each opening starts from the stored choice.
  if (open && openedWith !== visibility) {
    setOpenedWith(visibility);
    setDraft(visibility);
  }
  if (!open && openedWith !== null) setOpenedWith(null);

  const offered = availableLogColumns(admin);
  const shownCount = offered.filter((column) => draft[column]).length;
  const setAll = (shown: boolean) =>
    setDraft({ ...draft, ...Object.fromEntries(offered.map((column) => [column, shown])) });

  return (
    <Modal
      title={t('logs.columnSettings.title')}
      open={open}
      onCancel={onClose}
      data-testid="logs-column-dialog"
      footer={
        <Space>
          <Button onClick={() => setDraft(defaultLogColumnVisibility())} data-testid="logs-columns-reset">
            {t('logs.columnSettings.reset')}
          </Button>
          <Button onClick={onClose}>{t('logs.columnSettings.cancel')}</Button>
          <Button type="primary" onClick={() => onSave(draft)} data-testid="logs-columns-save">
            {t('logs.columnSettings.save')}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Checkbox
          checked={shownCount === offered.length}
          indeterminate={shownCount > 0 && shownCount < offered.length}
          onChange={(event) => setAll(event.target.checked)}
          data-testid="logs-columns-all"
        >
          {t('logs.columnSettings.all')}
        </Checkbox>
        <Row gutter={[12, 12]}>
          {offered.map((column) => (
            <Col span={12} key={column}>
              <Checkbox
                checked={draft[column]}
                onChange={(event) => setDraft({ ...draft, [column]: event.target.checked })}
                data-testid={`logs-column-${column}`}
              >
                {t(LOG_COLUMN_TITLE_KEYS[column])}
              </Checkbox>
            </Col>
          ))}
        </Row>
      </Space>
    </Modal>
  );
}
