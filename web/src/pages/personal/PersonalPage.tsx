import { Button, Col, Result, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { AccountOverviewCard } from './AccountOverviewCard.tsx';
import { AccountSettingsCard } from './AccountSettingsCard.tsx';
import { AvailableModelsCard } from './AvailableModelsCard.tsx';
import { BindingsCard } from './BindingsCard.tsx';
import { CheckinCard } from './CheckinCard.tsx';
import { InviteCard } from './InviteCard.tsx';
import { MyLimitsCard } from './MyLimitsCard.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { SecurityCard } from './SecurityCard.tsx';
import { useSelf } from './use-personal.ts';

/**
 * Route /personal: the signed-in user's account, available models, their limits, invite, profile, bindings, security,
 * and the notification and price settings tabs.
 */
export function PersonalPage() {
  const { t } = useTranslation();
  const selfQuery = useSelf();
  const user = selfQuery.data;

  if (!user) {
    if (selfQuery.isError) {
      return (
        <Result
          status="warning"
          title={t('personal.loadFailed')}
          extra={<Button onClick={() => selfQuery.refetch()}>{t('personal.retry')}</Button>}
        />
      );
    }
    return <Skeleton active paragraph={{ rows: 8 }} />;
  }

  return (
    <Row gutter={[16, 16]} data-testid="personal-page">
      <Col xs={24} lg={12}>
        <Row gutter={[16, 16]}>
          <Col span={24}>
            <AccountOverviewCard user={user} />
          </Col>
          <CheckinCard />
          <Col span={24}>
            <AvailableModelsCard />
          </Col>
          <Col span={24}>
            <InviteCard user={user} />
          </Col>
        </Row>
      </Col>
      <Col xs={24} lg={12}>
        <Row gutter={[16, 16]}>
          <Col span={24}>
            <ProfileCard user={user} />
          </Col>
          <Col span={24}>
            <BindingsCard user={user} />
          </Col>
          <Col span={24}>
            <SecurityCard username={user.username} />
          </Col>
        </Row>
      </Col>
      <Col span={24}>
        <MyLimitsCard />
      </Col>
      <Col span={24}>
        <AccountSettingsCard user={user} />
      </Col>
    </Row>
  );
}
