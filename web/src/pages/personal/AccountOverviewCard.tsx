import { Card, Col, Descriptions, Row, Space, Statistic, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserView } from '../../../../common/api-types.ts';
import { abbreviateCount } from '../../../../common/quota-format.ts';
import { useQuotaRenderer } from '../../components/quota.ts';
import { personalRoleBadge } from './personal-rules.ts';
import { useSelfGroups } from './use-personal.ts';

export interface AccountOverviewCardProps {
  user: UserView;
}

/** Balance, used quota, request count, role badge, user id and group (docs/reference/console-screens.md "Personal settings"). */
export function AccountOverviewCard({ user }: AccountOverviewCardProps) {
  const { t } = useTranslation();
  const renderQuota = useQuotaRenderer();
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
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} sm={8}>
          <Statistic
            title={t('personal.overview.balance')}
            value={renderQuota(user.quota)}
            data-testid="personal-balance"
          />
        </Col>
        <Col xs={24} sm={8}>
          <Statistic title={t('personal.overview.usedQuota')} value={renderQuota(user.used_quota)} />
        </Col>
        <Col xs={24} sm={8}>
          <Statistic
            title={t('personal.overview.requestCount')}
            value={abbreviateCount(user.request_count)}
          />
        </Col>
      </Row>
    </Card>
  );
}
