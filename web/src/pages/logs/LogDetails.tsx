import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DetailRow, detailText } from './log-details.ts';

/** The expanded part of a log row: one line per detail of `other`, then the full content. */
export function LogDetails({ rows, logId }: { rows: DetailRow[]; logId: number }) {
  const { t } = useTranslation();
  const items = rows.map((row, index) => ({
    key: `${row.label}-${index}`,
    label: t(row.label),
    span: row.label === 'logs.detail.content' ? ('filled' as const) : undefined,
    children:
      'text' in row.value ? (
        <Typography.Text copyable={row.label === 'logs.detail.requestId'} style={{ whiteSpace: 'pre-wrap' }}>
          {row.value.text}
        </Typography.Text>
      ) : (
        detailText(row.value, t)
      ),
  }));
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2, lg: 3 }}
      items={items}
      data-testid={`log-details-${logId}`}
    />
  );
}
