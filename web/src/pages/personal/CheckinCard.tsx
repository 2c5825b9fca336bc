/**
 * The personal page's daily check-in (docs/checkin.md), as a column of the page's left row (nothing at
 * all while check-in is off, so no empty gap is left): today's button and reward, the totals, and the
 * month's calendar of check-ins.
 */
import { GiftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Form, Row, Statistic } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckinResult } from '../../../../common/api/checkin.ts';
import { showSuccess } from '../../components/feedback.ts';
import { useQuotaRenderer } from '../../components/quota.ts';
import { useTurnstile } from '../../components/use-turnstile.tsx';
import { useCheckIn, useCheckinStatus } from './checkin-api.ts';
import { CheckinCalendar } from './checkin-calendar.tsx';
import { monthOf, shiftMonth } from './checkin-rules.ts';

export function CheckinCard() {
  const { t } = useTranslation();
  const renderQuota = useQuotaRenderer();
  // Rewards are small (new-api's default is 1000 to 10000 quota, $0.002 to $0.02): four decimals.
  const renderReward = (quota: number) => renderQuota(quota, 4);
  const turnstile = useTurnstile();
  const [month, setMonth] = useState(() => monthOf(new Date()));
  const [reward, setReward] = useState<CheckinResult | null>(null);
  const statusQuery = useCheckinStatus(month);
  const checkIn = useCheckIn((result) => {
    setReward(result);
    setMonth(result.checkin_date.slice(0, 7));
    showSuccess(t('checkin.success', { reward: renderReward(result.quota_awarded) }));
  });
  const status = statusQuery.data;
  if (!status) return null;
  const { stats } = status;
  const done = stats.checked_in_today || reward !== null;

  const submit = () => {
    if (turnstile.pending()) return;
    checkIn.mutate(turnstile.token);
  };

  return (
    <Col span={24}>
      <Card
        title={t('checkin.title')}
        data-testid="checkin-card"
        extra={
          <Button
            type="primary"
            icon={<GiftOutlined />}
            disabled={done}
            loading={checkIn.isPending}
            onClick={submit}
            data-testid="checkin-button"
          >
            {done ? t('checkin.doneToday') : t('checkin.checkIn')}
          </Button>
        }
      >
        {reward ? (
          <Alert
            type="success"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="checkin-reward"
            title={t('checkin.rewardToday', { reward: renderReward(reward.quota_awarded) })}
          />
        ) : null}
        {!done && turnstile.field ? <Form>{turnstile.field}</Form> : null}
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          <Col xs={12} sm={8}>
            <Statistic
              title={t('checkin.totalCheckins')}
              value={stats.total_checkins}
              data-testid="checkin-total"
            />
          </Col>
          <Col xs={12} sm={8}>
            <Statistic title={t('checkin.totalQuota')} value={renderQuota(stats.total_quota)} />
          </Col>
          <Col xs={24} sm={8}>
            <Statistic title={t('checkin.monthCount')} value={stats.checkin_count} />
          </Col>
        </Row>
        <CheckinCalendar
          month={month}
          records={stats.records}
          renderQuota={renderReward}
          onMonthChange={(offset) => setMonth((current) => shiftMonth(current, offset))}
        />
        <div style={{ marginTop: 8, fontSize: 12, opacity: 0.65 }}>
          {t('checkin.range', {
            min: renderReward(status.min_quota),
            max: renderReward(status.max_quota),
          })}
        </div>
      </Card>
    </Col>
  );
}
