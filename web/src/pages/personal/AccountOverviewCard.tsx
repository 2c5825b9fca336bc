import { Card, Descriptions, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserView } from '../../../../common/api-types.ts';
import { personalRoleBadge } from './personal-rules.ts';
import { UsageStatistics } from './UsageStatistics.tsx';
import { useSelfGroups } from './use-personal.ts';

export interface AccountOverviewCardProps {
  user: UserView;
}

/** Balance, used quota, request count, role badge, user id and group (docs/reference/console-screens.md "Personal settings"). */
export function AccountOverviewCard({ user }: AccountOverviewCardProps) {
  const { t } = useTranslation();
  const groupsQuery = useSelfGroups();
  const badge = personalRoleBadge(user.role);
  const groupInfo = groupsQuery.data?.[user.group];

  const groupTag = (
    <Tag color="geekblue" data-testid="personal-group">
      {user.group}
      {groupInfo ? ` · ${t('personal.overview.groupRatio', { ratio: groupInfo.ratio })}` : ''}
    </Tag>
  );

  return (
    <Card title={t('personal.overview.title')}>
      <Space align="center" wrap style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {user.display_name || user.username}
        </Typography.Title>
        <Tag color={badge.color} data-testid="personal-role">
          {t(badge.key)}
        </Tag>
      </Space>
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: 'id',
            label: t('personal.overview.userId'),
            children: <span data-testid="personal-user-id">{user.id}</span>,
          },
          {
            key: 'group',
            label: t('personal.overview.group'),
            children: groupInfo?.desc ? <Tooltip title={groupInfo.desc}>{groupTag}</Tooltip> : groupTag,
          },
        ]}
      />
      <UsageStatistics
        user={user}
        titles={[
          t('personal.overview.balance'),
          t('personal.overview.usedQuota'),
          t('personal.overview.requestCount'),
        ]}
        testIds={['personal-balance']}
        style={{ marginTop: 16 }}
      />
    </Card>
  );
}
