/**
 * The month of the check-in card (docs/checkin.md): a Monday-first grid whose checked-in days are marked
 * with their reward, and buttons to the previous and next month.
 */
import { CheckCircleFilled, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CheckinRecord } from '../../../../common/api/checkin.ts';
import { monthGrid, rewardsByDate, WEEKDAY_KEYS } from './checkin-rules.ts';

export interface CheckinCalendarProps {
  /** YYYY-MM. */
  month: string;
  records: readonly CheckinRecord[];
  renderQuota: (quota: number) => string;
  onMonthChange: (offset: number) => void;
}

const gridStyle = { display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 4 } as const;

export function CheckinCalendar({ month, records, renderQuota, onMonthChange }: CheckinCalendarProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const rewards = rewardsByDate(records);
  const [year, monthNumber] = month.split('-');

  return (
    <div data-testid="checkin-calendar">
      <Flex align="center" justify="space-between" style={{ marginBottom: 8 }}>
        <Button
          size="small"
          icon={<LeftOutlined />}
          aria-label={t('checkin.previousMonth')}
          onClick={() => onMonthChange(-1)}
          data-testid="checkin-previous-month"
        />
        <Typography.Text strong data-testid="checkin-month">
          {t('checkin.monthTitle', { year, month: Number(monthNumber) })}
        </Typography.Text>
        <Button
          size="small"
          icon={<RightOutlined />}
          aria-label={t('checkin.nextMonth')}
          onClick={() => onMonthChange(1)}
          data-testid="checkin-next-month"
        />
      </Flex>
      <div style={gridStyle}>
        {WEEKDAY_KEYS.map((key) => (
          <Typography.Text key={key} type="secondary" style={{ textAlign: 'center', fontSize: 12 }}>
            {t(key)}
          </Typography.Text>
        ))}
        {monthGrid(month)
          .flat()
          .map((cell) => {
            if (cell.day === null) return <div key={cell.key} />;
            const reward = rewards.get(cell.date);
            const checked = reward !== undefined;
            return (
              <div
                key={cell.key}
                data-testid={`checkin-day-${cell.date}`}
                data-checked={checked}
                title={checked ? t('checkin.dayReward', { reward: renderQuota(reward) }) : undefined}
                style={{
                  minHeight: 44,
                  padding: '2px 0',
                  borderRadius: token.borderRadiusSM,
                  textAlign: 'center',
                  background: checked ? token.colorSuccessBg : token.colorFillQuaternary,
                  border: `1px solid ${checked ? token.colorSuccessBorder : 'transparent'}`,
                }}
              >
                <div style={{ fontSize: 12, color: token.colorTextSecondary }}>{cell.day}</div>
                {checked ? (
                  <div style={{ fontSize: 11, color: token.colorSuccessText, lineHeight: 1.2 }}>
                    <CheckCircleFilled /> <span>{renderQuota(reward)}</span>
                  </div>
                ) : null}
              </div>
            );
          })}
      </div>
    </div>
  );
}
