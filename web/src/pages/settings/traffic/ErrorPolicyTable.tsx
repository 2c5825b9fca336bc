import { Button, InputNumber, Select, Switch, Table } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_ACTIONS } from '../../../../../common/error-classes.ts';
import {
  cooldownProblem,
  defaultErrorPolicyRows,
  ERROR_POLICY_KEY,
  type ErrorPolicyRow,
  errorPolicyChanged,
  errorPolicyProblems,
  errorPolicyRowsOf,
  errorPolicyValue,
} from './error-policy-rows.ts';
import { TrafficSection } from './TrafficSection.tsx';

/**
 * What the relay does after each class of upstream failure (common/error-classes.ts, docs/limits.md): try
 * another channel or return the error, how long the channel cools down, whether it is disabled.
 */
export function ErrorPolicyTable({ options }: { options: Readonly<Record<string, string>> }) {
  const { t } = useTranslation();
  const stored = options[ERROR_POLICY_KEY];
  const [loaded, setLoaded] = useState(() => errorPolicyRowsOf(stored));
  const [rows, setRows] = useState(loaded.rows);
  // A reload that changed the option (after a save) resets the table.
  useEffect(() => {
    const next = errorPolicyRowsOf(stored);
    setLoaded(next);
    setRows(next.rows);
  }, [stored]);
  const problems = useMemo(() => errorPolicyProblems(rows), [rows]);

  const update = (row: ErrorPolicyRow, patch: Partial<ErrorPolicyRow>) =>
    setRows((current) =>
      current.map((existing) =>
        existing.errorClass === row.errorClass ? { ...existing, ...patch } : existing,
      ),
    );
  const testId = (name: string, row: ErrorPolicyRow) => `traffic-policy-${name}-${row.errorClass}`;

  const columns = [
    {
      title: t('traffic.errorPolicy.errorClass'),
      key: 'class',
      render: (_: unknown, row: ErrorPolicyRow) => (
        <>
          <div>{t(`traffic.errorPolicy.class.${row.errorClass}`)}</div>
          <div style={{ fontSize: 12, opacity: 0.65 }}>
            {t(`traffic.errorPolicy.classHelp.${row.errorClass}`)}
          </div>
        </>
      ),
    },
    {
      title: t('traffic.errorPolicy.action'),
      key: 'action',
      width: 170,
      render: (_: unknown, row: ErrorPolicyRow) => (
        <Select
          value={row.action}
          onChange={(action) => update(row, { action })}
          options={ERROR_ACTIONS.map((action) => ({
            value: action,
            label: t(`traffic.errorPolicy.actions.${action}`),
          }))}
          style={{ width: '100%' }}
          data-testid={testId('action', row)}
        />
      ),
    },
    {
      title: t('traffic.errorPolicy.cooldown'),
      key: 'cooldown',
      width: 150,
      render: (_: unknown, row: ErrorPolicyRow) => (
        <InputNumber
          value={row.cooldown_seconds}
          onChange={(value) => update(row, { cooldown_seconds: value })}
          status={cooldownProblem(row.cooldown_seconds) ? 'error' : undefined}
          style={{ width: '100%' }}
          data-testid={testId('cooldown', row)}
        />
      ),
    },
    {
      title: t('traffic.errorPolicy.disable'),
      key: 'disable',
      width: 110,
      render: (_: unknown, row: ErrorPolicyRow) => (
        <Switch
          checked={row.disable}
          onChange={(disable) => update(row, { disable })}
          data-testid={testId('disable', row)}
        />
      ),
    },
  ];

  return (
    <TrafficSection
      name="traffic-error-policy"
      title="traffic.errorPolicy.title"
      intro="traffic.errorPolicy.intro"
      problems={problems}
      unreadable={loaded.unreadable}
      changes={() =>
        errorPolicyChanged(rows, stored) ? [{ key: ERROR_POLICY_KEY, value: errorPolicyValue(rows) }] : []
      }
      actions={
        <Button onClick={() => setRows(defaultErrorPolicyRows())} data-testid="traffic-policy-defaults">
          {t('traffic.errorPolicy.restoreDefaults')}
        </Button>
      }
    >
      <Table
        rowKey="errorClass"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        data-testid="traffic-error-policy"
      />
    </TrafficSection>
  );
}
