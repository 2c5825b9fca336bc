import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { UserForm } from './UserForm.tsx';

const USERS_PATH = '/user';

/** Route /user/edit/:id: the edit-user form on a page of its own. */
export function UserEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const userId = Number(id);
  const backToList = () => navigate(USERS_PATH);

  if (!Number.isInteger(userId) || userId <= 0) {
    return (
      <Result
        status="warning"
        title={t('users.edit.invalidId')}
        extra={<Button onClick={backToList}>{t('users.edit.back')}</Button>}
      />
    );
  }

  return (
    <Card title={t('users.edit.title')} style={{ maxWidth: 720 }}>
      <UserForm userId={userId} onSaved={backToList} onCancel={backToList} />
    </Card>
  );
}
