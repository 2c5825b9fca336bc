import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserForm } from './UserForm.tsx';

export interface EditUserDrawerProps {
  /** The user being edited; null keeps the drawer closed. */
  userId: number | null;
  onClose: () => void;
}

export function EditUserDrawer({ userId, onClose }: EditUserDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      title={t('users.edit.title')}
      open={userId !== null}
      onClose={onClose}
      size={560}
      destroyOnHidden
      data-testid="edit-user-drawer"
    >
      {userId !== null && <UserForm userId={userId} onSaved={onClose} onCancel={onClose} />}
    </Drawer>
  );
}
