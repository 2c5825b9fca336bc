/** The edit and delete buttons of a catalogue row (a model or a vendor); delete asks first. */
import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export function EntryActions({
  onEdit,
  deleteConfirm,
  onDelete,
}: {
  onEdit: () => void;
  /** The question the delete button asks, naming the entry. */
  deleteConfirm: string;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Space>
      <Button size="small" onClick={onEdit}>
        {t('catalogue.common.edit')}
      </Button>
      <Popconfirm title={deleteConfirm} onConfirm={onDelete}>
        <Button size="small" danger>
          {t('catalogue.common.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
