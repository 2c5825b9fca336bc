import { PlusOutlined } from '@ant-design/icons';
import { AutoComplete, Button, InputNumber, Select, Table } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMIT_PERIODS } from '../../../../../common/traffic-limits.ts';
import {
  budgetProblem,
  COUNT_LIMIT_FIELDS,
  countProblem,
  type LimitFormValues,
  timeZoneChoices,
  timeZoneProblem,
} from '../../../components/limit-fields-rules.ts';
import { useQuotaSettings } from '../../../components/quota.ts';
import { jsonChanged, nextRowId } from './draft-rows.ts';
import {
  emptyLimitRow,
  LIMIT_OPTION_KEYS,
  type LimitRow,
  type LimitScope,
  limitRowProblems,
  limitRowsOf,
  limitRowsValue,
} from './limit-rows.ts';
import { groupColumn, modelColumn, removeRowColumn } from './NameCells.tsx';
import { TrafficSection } from './TrafficSection.tsx';

/** Every IANA zone the browser knows, its own first (suggestions; any zone the server knows may be typed). */
const TIME_ZONES = timeZoneChoices(
  Intl.DateTimeFormat().resolvedOptions().timeZone,
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [],
).map((zone) => ({ value: zone }));

export interface LimitRowsEditorProps {
  scope: LimitScope;
  options: Readonly<Record<string, string>>;
  /** The groups of the GroupRatio option. */
  groups: readonly string[];
  /** The enabled models (model scope). */
  models: readonly string[];
}

/**
 * The limits of each user group (`group`) or of each model within a group (`model`): a row per group or
 * group and model, the limits in its cells, saved as one option (./limit-rows.ts, docs/limits.md).
 */
export function LimitRowsEditor({ scope, options, groups, models }: LimitRowsEditorProps) {
  const { t } = useTranslation();
  const settings = useQuotaSettings();
  const key = LIMIT_OPTION_KEYS[scope];
  const stored = options[key];
  const [loaded, setLoaded] = useState(() => limitRowsOf(scope, stored, settings));
  const [rows, setRows] = useState(loaded.rows);
  // A reload that changed this option (after a save) resets the table, as does a change of the site's quota
  // display (budgets are shown in its unit); other sections keep their drafts.
  useEffect(() => {
    const next = limitRowsOf(scope, stored, settings);
    setLoaded(next);
    setRows(next.rows);
  }, [scope, stored, settings]);
  const problems = useMemo(() => limitRowProblems(scope, rows, settings), [scope, rows, settings]);

  const update = (id: number, patch: Partial<LimitRow>) =>
    setRows((current) => current.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  const updateLimits = (row: LimitRow, patch: Partial<LimitFormValues>) =>
    update(row.id, { limits: { ...row.limits, ...patch } });
  const testId = (name: string, index: number) => `traffic-${scope}-${name}-${index + 1}`;

  const countColumns = COUNT_LIMIT_FIELDS.map((field) => ({
    title: <span title={t(`limits.fields.${field}`)}>{t(`limits.kinds.${field}`)}</span>,
    key: field,
    width: 110,
    render: (_: unknown, row: LimitRow, index: number) => (
      <InputNumber
        value={row.limits[field]}
        onChange={(value) => updateLimits(row, { [field]: value })}
        status={countProblem(row.limits[field]) ? 'error' : undefined}
        style={{ width: '100%' }}
        data-testid={testId(field, index)}
      />
    ),
  }));

  const columns = [
    groupColumn(t('traffic.column.group'), groups, update, testId),
    ...(scope === 'model' ? [modelColumn(t('traffic.column.model'), models, update, testId)] : []),
    ...countColumns,
    {
      title: t(settings.displayInCurrency ? 'traffic.limit.budgetCurrency' : 'traffic.limit.budgetQuota'),
      key: 'budget',
      width: 120,
      render: (_: unknown, row: LimitRow, index: number) => (
        <InputNumber
          value={row.limits.budget}
          onChange={(budget) => updateLimits(row, { budget })}
          status={budgetProblem(row.limits.budget, settings) ? 'error' : undefined}
          style={{ width: '100%' }}
          data-testid={testId('budget', index)}
        />
      ),
    },
    {
      title: t('limits.fields.budget_period'),
      key: 'budget_period',
      width: 100,
      render: (_: unknown, row: LimitRow) => (
        <Select
          value={row.limits.budget_period}
          onChange={(budget_period) => updateLimits(row, { budget_period })}
          options={LIMIT_PERIODS.map((period) => ({ value: period, label: t(`limits.periods.${period}`) }))}
          style={{ width: '100%' }}
        />
      ),
    },
    {
      title: t('limits.fields.timezone'),
      key: 'timezone',
      width: 180,
      render: (_: unknown, row: LimitRow) => (
        <AutoComplete
          value={row.limits.timezone}
          onChange={(timezone: string) => updateLimits(row, { timezone })}
          options={TIME_ZONES.filter((zone) =>
            zone.value.toLowerCase().includes(row.limits.timezone.trim().toLowerCase()),
          )}
          placeholder={t('limits.timezonePlaceholder')}
          status={timeZoneProblem(row.limits.timezone) ? 'error' : undefined}
          style={{ width: '100%' }}
        />
      ),
    },
    removeRowColumn(t('traffic.removeRow'), setRows, testId),
  ];

  return (
    <TrafficSection
      name={`traffic-${scope}-limits`}
      title={`traffic.${scope}Limits.title`}
      intro={`traffic.${scope}Limits.intro`}
      problems={problems}
      unreadable={loaded.unreadable}
      changes={() => {
        const value = limitRowsValue(scope, rows, settings);
        return jsonChanged(value, stored, '{}') ? [{ key, value }] : [];
      }}
      actions={
        <Button
          icon={<PlusOutlined />}
          onClick={() => setRows((current) => [...current, emptyLimitRow(nextRowId(current), settings)])}
          data-testid={`traffic-${scope}-add`}
        >
          {t('traffic.addRow')}
        </Button>
      }
    >
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t(`traffic.${scope}Limits.empty`) }}
        data-testid={`traffic-${scope}-limits`}
      />
    </TrafficSection>
  );
}
