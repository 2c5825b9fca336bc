/**
 * A table cell of one limit set and its usage (the token list's "Limits" column): the budget left and when
 * it resets, then requests and tokens per minute left; every limit in the tooltip. Rows are
 * components/limit-usage-display.ts.
 */
import { Space, Tooltip, Typography } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { LimitSet, LimitUsage } from '../../../common/traffic-limits.ts';
import {
  cellRows,
  isExhausted,
  type LimitRow,
  limitAmount,
  limitRows,
  resetText,
  rowResetAt,
} from './limit-usage-display.ts';
import { useQuotaRenderer } from './quota.ts';

const LINE_STYLE = { whiteSpace: 'nowrap', fontSize: 12 } as const;

export interface LimitUsageCellProps {
  limits: LimitSet | undefined;
  usage: LimitUsage[] | undefined;
  testId: string;
}

/** "12 / 60 left", or just the limit when the server sent no usage for it. */
export function useLimitRowText(): (row: LimitRow) => string {
  const { t } = useTranslation();
  const renderQuota = useQuotaRenderer();
  return (row) => {
    const limit = limitAmount(row.kind, row.limit, renderQuota);
    if (!row.usage) return t('limits.usage.limitOnly', { limit });
    return t('limits.usage.left', {
      remaining: limitAmount(row.kind, row.usage.remaining, renderQuota),
      limit,
    });
  };
}

export function LimitUsageCell({ limits, usage, testId }: LimitUsageCellProps) {
  const { t } = useTranslation();
  const renderQuota = useQuotaRenderer();
  const rowText = useLimitRowText();
  const rows = limitRows(limits, usage);
  if (rows.length === 0) {
    return (
      <Typography.Text type="secondary" data-testid={testId}>
        {t('limits.usage.none')}
      </Typography.Text>
    );
  }
  const now = Date.now();
  const shown = cellRows(rows);
  const details = rows.map((row) => {
    const amount = (value: number) => limitAmount(row.kind, value, renderQuota);
    const kind = t(`limits.kinds.${row.kind}`);
    const text = row.usage
      ? t('limits.usage.detail', {
          kind,
          used: amount(row.usage.used),
          limit: amount(row.limit),
          remaining: amount(row.usage.remaining),
        })
      : `${kind}: ${rowText(row)}`;
    const reset = resetText(rowResetAt(row, limits, now), now);
    return (
      <div key={row.kind}>{reset ? `${text} · ${t('limits.usage.resets', { time: reset })}` : text}</div>
    );
  });
  return (
    <Tooltip title={details}>
      <Space orientation="vertical" size={0} data-testid={testId}>
        {shown.map((row) => {
          const reset = row.kind === 'budget' ? resetText(rowResetAt(row, limits, now), now) : null;
          return (
            <Fragment key={row.kind}>
              <Typography.Text
                type={isExhausted(row) ? 'danger' : undefined}
                style={LINE_STYLE}
                data-testid={`${testId}-${row.kind}`}
              >
                {t(`limits.kinds.${row.kind}`)} {rowText(row)}
              </Typography.Text>
              {reset && (
                <Typography.Text type="secondary" style={LINE_STYLE} data-testid={`${testId}-reset`}>
                  {t('limits.usage.resets', { time: reset })}
                </Typography.Text>
              )}
            </Fragment>
          );
        })}
        {rows.length > shown.length && (
          <Typography.Text type="secondary" style={LINE_STYLE}>
            +{rows.length - shown.length}
          </Typography.Text>
        )}
      </Space>
    </Tooltip>
  );
}
