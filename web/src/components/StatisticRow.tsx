import { Col, Row, Statistic } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

export interface StatisticItem {
  key: string;
  title: string;
  value: string;
  testId?: string;
  /** Shown under the value, e.g. a button acting on it. */
  extra?: ReactNode;
}

export interface StatisticRowProps {
  items: readonly StatisticItem[];
  style?: CSSProperties;
}

/** Up to three statistics side by side, one per line on phones (the balance cards of the wallet and personal pages). */
export function StatisticRow({ items, style }: StatisticRowProps) {
  return (
    <Row gutter={[16, 16]} style={style}>
      {items.map((item) => (
        <Col key={item.key} xs={24} sm={8}>
          <Statistic title={item.title} value={item.value} data-testid={item.testId} />
          {item.extra}
        </Col>
      ))}
    </Row>
  );
}
