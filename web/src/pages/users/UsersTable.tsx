import { Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { UserView } from '../../../../common/api-types.ts';
import { abbreviateCount } from '../../../../common/quota-format.ts';
import type { ManageAction } from '../../../../common/roles.ts';
import { PagedTable, type PagedTableData } from '../../components/list-page/PagedTable.tsx';
import { useQuotaRenderer } from '../../components/quota.ts';
import { UserRowActions } from './UserRowActions.tsx';
import { roleLabel, statusLabel } from './user-row-state.ts';

export interface UsersTableProps {
  data: PagedTableData<UserView>;
  /** The manage call in flight, to show a spinner on its button. */
  pending: { id: number; action: ManageAction } | null;
  onManage: (user: UserView, action: ManageAction) => void;
  onEdit: (user: UserView) => void;
}

export function UsersTable(props: UsersTableProps) {
  const { t } = useTranslation();
  const renderQuota = useQuotaRenderer();

  const columns: ColumnsType<UserView> = [
    { title: t('users.columns.id'), dataIndex: 'id', key: 'id', width: 80 },
    {
      title: t('users.columns.username'),
      key: 'username',
      render: (_value, user) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{user.username}</Typography.Text>
          {user.display_name && user.display_name !== user.username && (
            <Typography.Text type="secondary">{user.display_name}</Typography.Text>
          )}
          {user.remark && (
            <Tooltip title={user.remark}>
              <Typography.Text type="secondary" italic ellipsis style={{ maxWidth: 200 }}>
                {t('users.remarkPrefix', { value: user.remark })}
              </Typography.Text>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: t('users.columns.group'),
      dataIndex: 'group',
      key: 'group',
      render: (group: string) => <Tag>{group}</Tag>,
    },
    {
      title: t('users.columns.quota'),
      key: 'quota',
      render: (_value, user) => (
        <Space orientation="vertical" size={4} align="start">
          <Tag color="green">{t('users.quota.remaining', { value: renderQuota(user.quota) })}</Tag>
          <Tag color="blue">{t('users.quota.used', { value: renderQuota(user.used_quota) })}</Tag>
          <Tag color="cyan">{t('users.quota.requests', { value: abbreviateCount(user.request_count) })}</Tag>
        </Space>
      ),
    },
    {
      title: t('users.columns.invite'),
      key: 'invite',
      render: (_value, user) => (
        <Space orientation="vertical" size={4} align="start">
          <Tag>{t('users.invite.count', { value: abbreviateCount(user.aff_count) })}</Tag>
          <Tag>{t('users.invite.earnings', { value: renderQuota(user.aff_history_quota) })}</Tag>
          <Tag>
            {user.inviter_id === 0
              ? t('users.invite.noInviter')
              : t('users.invite.inviter', { value: user.inviter_id })}
          </Tag>
        </Space>
      ),
    },
    {
      title: t('users.columns.role'),
      dataIndex: 'role',
      key: 'role',
      render: (role: number) => {
        const label = roleLabel(role);
        return <Tag color={label.color}>{t(label.key)}</Tag>;
      },
    },
    {
      title: t('users.columns.status'),
      key: 'status',
      render: (_value, user) => {
        const label = statusLabel(user);
        return (
          <Tooltip title={user.DeletedAt ?? undefined}>
            <Tag color={label.color} data-testid={`user-status-${user.id}`}>
              {t(label.key)}
            </Tag>
          </Tooltip>
        );
      },
    },
  ];

  return (
    <PagedTable<UserView>
      testId="users-table"
      data={props.data}
      columns={columns}
      actions={{
        title: t('users.columns.actions'),
        render: (user) => (
          <UserRowActions
            user={user}
            pendingAction={props.pending?.id === user.id ? props.pending.action : null}
            onManage={props.onManage}
            onEdit={props.onEdit}
          />
        ),
      }}
      totalText={(total) => t('users.pagination.total', { total })}
    />
  );
}
