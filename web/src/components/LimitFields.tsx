/**
 * The limits section of the token, user and channel forms (docs/limits.md): requests and tokens per minute
 * and per day, concurrent requests, and a budget per period with its reset time zone. The inputs read the
 * surrounding antd Form at `name`; the values and checks are components/limit-fields-rules.ts.
 */
import { AutoComplete, Col, Collapse, Form, InputNumber, Row, Select, Space, Tag, Typography } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { abbreviateCount, quotaToCurrency } from '../../../common/quota-format.ts';
import type { LimitProblem } from '../../../common/traffic-limits.ts';
import {
  budgetFromInput,
  budgetProblem,
  type CountLimitField,
  countOfLimits,
  countProblem,
  DEFAULT_TIME_ZONE,
  PERIOD_CHOICES,
  problemMessage,
  timeZoneChoices,
  timeZoneProblem,
} from './limit-fields-rules.ts';
import { useQuotaSettings } from './quota.ts';

/** The browser's IANA names (the list an AutoComplete suggests), read once. */
const KNOWN_TIME_ZONES: readonly string[] =
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
const OWN_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const MAX_SUGGESTIONS = 50;

function path(name: NamePath, field: string): (string | number)[] {
  return [...(Array.isArray(name) ? name : [name]), field];
}

/** A refusal of parseLimitSet as the text the console shows (the channel's per-key fields say so). */
export function useLimitProblemText(): (problem: LimitProblem) => string {
  const { t } = useTranslation();
  return (problem) => {
    const message = problemMessage(problem);
    const field = t(message.field);
    return t(message.key, { field: message.perKey ? t('limits.perKeyField', { field }) : field });
  };
}

export interface LimitInputsProps {
  /** Where the set sits in the form values: 'limits', or ['limits', 'key_limits'] for a channel's keys. */
  name: NamePath;
  /** Prefix of the inputs' test ids: `<prefix>-rpm`, `<prefix>-budget`, `<prefix>-timezone` … */
  testIdPrefix: string;
}

/** Two to a row (the forms sit in drawers about 500 px wide): per minute, per day, concurrency and zone, budget. */
export function LimitInputs({ name, testIdPrefix }: LimitInputsProps) {
  const half = { xs: 24, sm: 12 };
  const count = (field: CountLimitField) => (
    <Col {...half}>
      <CountInput name={name} field={field} testId={`${testIdPrefix}-${field}`} />
    </Col>
  );
  return (
    <Row gutter={16}>
      {count('rpm')}
      {count('tpm')}
      {count('rpd')}
      {count('tpd')}
      {count('concurrency')}
      <Col {...half}>
        <TimeZoneInput name={name} testId={`${testIdPrefix}-timezone`} />
      </Col>
      <Col {...half}>
        <BudgetInput name={name} testId={`${testIdPrefix}-budget`} />
      </Col>
      <Col {...half}>
        <PeriodSelect name={name} testId={`${testIdPrefix}-budget-period`} />
      </Col>
    </Row>
  );
}

function CountInput({ name, field, testId }: { name: NamePath; field: CountLimitField; testId: string }) {
  const { t } = useTranslation();
  const label = t(`limits.fields.${field}`);
  return (
    <Form.Item
      name={path(name, field)}
      label={label}
      rules={[
        {
          validator: (_rule, value) => {
            const problem = countProblem(value);
            return problem ? Promise.reject(new Error(t(problem, { field: label }))) : Promise.resolve();
          },
        },
      ]}
    >
      {/* No `min`: antd would silently clamp a negative number instead of saying what is wrong. */}
      <InputNumber<number>
        precision={0}
        style={{ width: '100%' }}
        placeholder={t('limits.noLimit')}
        aria-label={label}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/** The budget in the display currency (or quota units), with the other unit beside it. */
function BudgetInput({ name, testId }: { name: NamePath; testId: string }) {
  const { t } = useTranslation();
  const settings = useQuotaSettings();
  const label = t('limits.fields.budget');
  const quota = budgetFromInput(Form.useWatch(path(name, 'budget')), settings);
  const shown = quota !== null && Number.isFinite(quota) && quota > 0;
  let extra: string | undefined;
  if (shown && settings.displayInCurrency)
    extra = t('limits.budgetInQuota', { quota: abbreviateCount(quota) });
  if (shown && !settings.displayInCurrency)
    extra = t('limits.budgetInCurrency', {
      amount: `$${quotaToCurrency(quota, settings.quotaPerUnit).toFixed(2)}`,
    });
  return (
    <Form.Item
      name={path(name, 'budget')}
      label={label}
      extra={extra}
      rules={[
        {
          validator: (_rule, value) => {
            const problem = budgetProblem(value, settings);
            return problem ? Promise.reject(new Error(t(problem, { field: label }))) : Promise.resolve();
          },
        },
      ]}
    >
      <InputNumber<number>
        precision={settings.displayInCurrency ? undefined : 0}
        step={settings.displayInCurrency ? 0.01 : 1}
        prefix={settings.displayInCurrency ? '$' : undefined}
        style={{ width: '100%' }}
        placeholder={t('limits.noLimit')}
        aria-label={label}
        data-testid={testId}
      />
    </Form.Item>
  );
}

function PeriodSelect({ name, testId }: { name: NamePath; testId: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={path(name, 'budget_period')} label={t('limits.fields.budget_period')}>
      <Select
        options={PERIOD_CHOICES.map((period) => ({ value: period, label: t(`limits.periods.${period}`) }))}
        aria-label={t('limits.fields.budget_period')}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/** Any IANA name, with the browser's own and UTC suggested first. */
function TimeZoneInput({ name, testId }: { name: NamePath; testId: string }) {
  const { t } = useTranslation();
  const label = t('limits.fields.timezone');
  const [search, setSearch] = useState('');
  const allZones = useMemo(() => timeZoneChoices(OWN_TIME_ZONE, KNOWN_TIME_ZONES), []);
  const options = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const matching =
      needle === '' ? allZones : allZones.filter((zone) => zone.toLowerCase().includes(needle));
    return matching.slice(0, MAX_SUGGESTIONS).map((zone) => ({ value: zone }));
  }, [allZones, search]);
  return (
    <Form.Item
      name={path(name, 'timezone')}
      label={label}
      extra={t('limits.timezoneHint')}
      rules={[
        {
          validator: (_rule, value) => {
            const problem = timeZoneProblem(value);
            return problem ? Promise.reject(new Error(t(problem, { field: label }))) : Promise.resolve();
          },
        },
      ]}
    >
      <AutoComplete
        options={options}
        onSearch={setSearch}
        placeholder={DEFAULT_TIME_ZONE}
        aria-label={label}
        data-testid={testId}
      />
    </Form.Item>
  );
}

export interface LimitsSectionProps {
  /** The form paths of the sets the summary counts (a channel: its own caps and its per-key caps). */
  names: NamePath[];
  title: ReactNode;
  hint: ReactNode;
  testId: string;
  children: ReactNode;
}

/**
 * A collapsible section, open by itself once a limit is set (the form's values may arrive after it
 * mounts). Its inputs stay mounted while it is closed, so the form always submits them.
 */
export function LimitsSection({ names, title, hint, testId, children }: LimitsSectionProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const count =
    Form.useWatch(
      () => names.reduce<number>((total, name) => total + countOfLimits(form.getFieldValue(name)), 0),
      form,
    ) ?? 0;
  const [chosen, setChosen] = useState<boolean | null>(null);
  if (chosen === null && count > 0) setChosen(true);
  const open = chosen === true;
  return (
    <Collapse
      activeKey={open ? ['limits'] : []}
      onChange={(keys) => setChosen(keys.length > 0)}
      style={{ marginBottom: 24 }}
      data-testid={testId}
      items={[
        {
          key: 'limits',
          forceRender: true,
          label: (
            <Space size={8}>
              <span>{title}</span>
              <Tag color={count > 0 ? 'blue' : 'default'} data-testid={`${testId}-summary`}>
                {count > 0 ? t('limits.section.summaryCount', { count }) : t('limits.section.summaryNone')}
              </Tag>
            </Space>
          ),
          children: (
            <>
              <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
              {children}
            </>
          ),
        },
      ]}
    />
  );
}

export interface LimitFieldsProps {
  /** Where the set sits in the form values (usually 'limits'). */
  name: NamePath;
  /** The section's explanation: what this set limits. */
  hint: ReactNode;
  /** `<prefix>-section` is the section, `<prefix>-rpm` … its inputs. */
  testIdPrefix: string;
}

/** One limit set in its collapsible section (the token and user forms). */
export function LimitFields({ name, hint, testIdPrefix }: LimitFieldsProps) {
  const { t } = useTranslation();
  return (
    <LimitsSection
      names={[name]}
      title={t('limits.section.title')}
      hint={hint}
      testId={`${testIdPrefix}-section`}
    >
      <LimitInputs name={name} testIdPrefix={testIdPrefix} />
    </LimitsSection>
  );
}
