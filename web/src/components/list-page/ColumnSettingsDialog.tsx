/**
 * The dialog in which the viewer chooses a table's visible columns (stored by column-visibility.ts):
 * one checkbox a column, "all" (indeterminate while some are shown), reset to the defaults, cancel, save.
 * Each opening starts from the stored choice; nothing changes until save.
 */
import { Button, Checkbox, Col, Modal, Row, Space } from 'antd';
import { useState } from 'react';
import type { ColumnVisibilityOf } from '../column-visibility.ts';

export interface ColumnSettingsTexts {
  title: string;
  all: string;
  reset: string;
  cancel: string;
  save: string;
}

export interface ColumnSettingsDialogProps<Column extends string> {
  open: boolean;
  /** The columns offered, in table order (others in `visibility` are kept as they are). */
  columns: readonly Column[];
  /** The title of a column. */
  columnTitle: (column: Column) => string;
  texts: ColumnSettingsTexts;
  /** Test ids: `<prefix>-column-dialog`, `<prefix>-columns-all|reset|save`, `<prefix>-column-<column>`. */
  testIdPrefix: string;
  visibility: ColumnVisibilityOf<Column>;
  /** What reset puts into the dialog. */
  defaults: () => ColumnVisibilityOf<Column>;
  onSave: (visibility: ColumnVisibilityOf<Column>) => void;
  onClose: () => void;
}

export function ColumnSettingsDialog<Column extends string>(props: ColumnSettingsDialogProps<Column>) {
  const { open, columns, visibility, texts, testIdPrefix, onClose } = props;
  const [draft, setDraft] = useState(visibility);
  const [openedWith, setOpenedWith] = useState<ColumnVisibilityOf<Column> | null>(null);
  // Each opening starts from the stored choice.
  if (open && openedWith !== visibility) {
    setOpenedWith(visibility);
    setDraft(visibility);
  }
  if (!open && openedWith !== null) setOpenedWith(null);

  const shownCount = columns.filter((column) => draft[column]).length;
  const setAll = (shown: boolean) =>
    setDraft({ ...draft, ...Object.fromEntries(columns.map((column) => [column, shown])) });

  return (
    <Modal
      title={texts.title}
      open={open}
      onCancel={onClose}
      data-testid={`${testIdPrefix}-column-dialog`}
      footer={
        <Space>
          <Button onClick={() => setDraft(props.defaults())} data-testid={`${testIdPrefix}-columns-reset`}>
            {texts.reset}
          </Button>
          <Button onClick={onClose}>{texts.cancel}</Button>
          <Button
            type="primary"
            onClick={() => props.onSave(draft)}
            data-testid={`${testIdPrefix}-columns-save`}
          >
            {texts.save}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Checkbox
          checked={shownCount === columns.length}
          indeterminate={shownCount > 0 && shownCount < columns.length}
          onChange={(event) => setAll(event.target.checked)}
          data-testid={`${testIdPrefix}-columns-all`}
        >
          {texts.all}
        </Checkbox>
        <Row gutter={[12, 12]}>
          {columns.map((column) => (
            <Col span={12} key={column}>
              <Checkbox
                checked={draft[column]}
                onChange={(event) => setDraft({ ...draft, [column]: event.target.checked })}
                data-testid={`${testIdPrefix}-column-${column}`}
              >
                {props.columnTitle(column)}
              </Checkbox>
            </Col>
          ))}
        </Row>
      </Space>
    </Modal>
  );
}
