import { Alert, Descriptions, Modal, Spin, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuotaRenderer } from '../../components/quota.ts';
import { useUserDetail } from '../users/use-users.ts';

export interface UserInfoDialogProps {
  /** The user to show; null keeps the dialog closed. */
  userId: number | null;
  onClose: () => void;
}

/** Admin view: who made a call — GET /api/user/{id} shown in a popup. */
export function UserInfoDialog({ userId, onClose }: UserInfoDialogProps) {
  const { t } = useTranslation();
  const renderQuota = useQuotaRenderer();
  const query = useUserDetail(userId ?? 0);
  const user = query.data;

  let body: ReactNode;
  if (query.isError) {
    body = <Alert type="error" showIcon title={query.error.message} />;
  } else if (!user || query.isFetching) {
    body = (
      <div style={{ textAlign: 'center', padding: 24 }}>
        <Spin />
      </div>
    );
  } else {
    body = (
      <Descriptions
        column={1}
        size="small"
        bordered
        data-testid="logs-user-info"
        items={[
          { key: 'username', label: t('logs.userInfo.username'), children: user.username },
          { key: 'displayName', label: t('logs.userInfo.displayName'), children: user.display_name || '—' },
          { key: 'group', label: t('logs.userInfo.group'), children: <Tag>{user.group}</Tag> },
          { key: 'quota', label: t('logs.userInfo.quota'), children: renderQuota(user.quota) },
          { key: 'usedQuota', label: t('logs.userInfo.usedQuota'), children: renderQuota(user.used_quota) },
          { key: 'requestCount', label: t('logs.userInfo.requestCount'), children: user.request_count },
          { key: 'email', label: t('logs.userInfo.email'), children: user.email || '—' },
          ...(user.remark
            ? [{ key: 'remark', label: t('logs.userInfo.remark'), children: user.remark }]
            : []),
        ]}
      />
    );
  }

  return (
    <Modal
      title={t('logs.userInfo.title')}
      open={userId !== null}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      data-testid="logs-user-dialog"
    >
      {body}
    </Modal>
  );
}
