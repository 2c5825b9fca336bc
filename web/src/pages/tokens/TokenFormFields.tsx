/** The field groups of the token form; each reads the surrounding antd Form. */

import { Button, DatePicker, Form, Input, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUTO_GROUP } from '../../../../common/limits.ts';
import { FormInput } from '../../components/FormInput.tsx';
import { FormSelect } from '../../components/FormSelect.tsx';
import { FormSwitch } from '../../components/FormSwitch.tsx';
import { IntegerInput } from '../../components/IntegerInput.tsx';
import { LimitFields } from '../../components/LimitFields.tsx';
import { useQuotaRenderer } from '../../components/quota.ts';
import { useStatus } from '../../components/status.tsx';
import type { GroupChoice } from './group-options.ts';
import { TIME_FORMAT } from './token-display.ts';
import {
  EXPIRY_QUICK_OPTIONS,
  expiryFieldValue,
  parseQuotaInput,
  quickExpirySeconds,
  quotaPresets,
  TOKEN_COUNT_PRESETS,
  TOKEN_NAME_MAX_LENGTH,
  type TokenFormValues,
} from './token-form-rules.ts';

const expiryButtonKeys = {
  never: 'tokens.expiry.never',
  hour: 'tokens.expiry.hour',
  day: 'tokens.expiry.day',
  month: 'tokens.expiry.month',
} as const;

export function NameField() {
  const { t } = useTranslation();
  return (
    <FormInput
      name="name"
      label={t('tokens.form.name')}
      required
      placeholder={t('tokens.form.namePlaceholder')}
      maxLength={TOKEN_NAME_MAX_LENGTH}
      autoComplete="off"
      testId="token-name"
    />
  );
}

/** Remaining quota with dollar presets (× quota_per_unit) and the unlimited switch that disables it. */
export function QuotaFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<TokenFormValues>();
  const renderQuota = useQuotaRenderer();
  const { quota_per_unit } = useStatus();
  const unlimited = Form.useWatch('unlimited_quota', form) === true;
  const quota = parseQuotaInput(Form.useWatch('remain_quota', form));

  return (
    <>
      <Form.Item
        label={t('tokens.form.quota')}
        extra={
          <Space orientation="vertical" size={4} style={{ marginTop: 4 }}>
            <Typography.Text type="secondary">
              {unlimited
                ? t('tokens.form.quotaUnlimitedNote')
                : t('tokens.form.quotaPreview', { value: renderQuota(quota) })}
            </Typography.Text>
            <Typography.Text type="secondary">{t('tokens.form.quotaNote')}</Typography.Text>
          </Space>
        }
      >
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          <Form.Item name="remain_quota" noStyle>
            <IntegerInput
              min={0}
              disabled={unlimited}
              aria-label={t('tokens.form.quota')}
              testId="token-quota"
            />
          </Form.Item>
          <Space size={4} wrap>
            {quotaPresets(quota_per_unit).map((preset) => (
              <Button
                key={preset.dollars}
                size="small"
                disabled={unlimited}
                onClick={() => form.setFieldValue('remain_quota', preset.quota)}
                data-testid={`token-quota-preset-${preset.dollars}`}
              >
                {renderQuota(preset.quota)}
              </Button>
            ))}
          </Space>
        </Space>
      </Form.Item>
      <FormSwitch name="unlimited_quota" label={t('tokens.form.unlimited')} testId="token-unlimited" />
    </>
  );
}

/** Expiry date and time (empty = never) with the never / hour / day / month quick buttons. */
export function ExpiryField() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<TokenFormValues>();
  return (
    <Form.Item label={t('tokens.form.expiry')}>
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        <Form.Item name="expiry" noStyle>
          <DatePicker
            showTime
            format={TIME_FORMAT}
            placeholder={t('tokens.expiry.never')}
            style={{ width: '100%' }}
            aria-label={t('tokens.form.expiry')}
            data-testid="token-expiry"
          />
        </Form.Item>
        <Space size={4} wrap>
          {EXPIRY_QUICK_OPTIONS.map((option) => (
            <Button
              key={option}
              size="small"
              onClick={() =>
                form.setFieldValue('expiry', expiryFieldValue(quickExpirySeconds(option, Date.now())))
              }
              data-testid={`token-expiry-${option}`}
            >
              {t(expiryButtonKeys[option])}
            </Button>
          ))}
        </Space>
      </Space>
    </Form.Item>
  );
}

export interface ModelLimitFieldsProps {
  models: string[];
  loading: boolean;
}

/** The model allow-list, editable only while the model-limits switch is on. */
export function ModelLimitFields({ models, loading }: ModelLimitFieldsProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<TokenFormValues>();
  const enabled = Form.useWatch('model_limits_enabled', form) === true;
  return (
    <>
      <FormSwitch
        name="model_limits_enabled"
        label={t('tokens.form.modelLimitsEnabled')}
        testId="token-model-limits-enabled"
      />
      <FormSelect
        name="model_limits"
        label={t('tokens.form.modelLimits')}
        extra={t('tokens.form.modelLimitsNote')}
        mode="multiple"
        allowClear
        showSearch
        disabled={!enabled}
        loading={loading}
        options={models.map((model) => ({ label: model, value: model }))}
        placeholder={t('tokens.form.modelLimitsPlaceholder')}
        testId="token-model-limits"
      />
    </>
  );
}

export function AllowIpsField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="allow_ips" label={t('tokens.form.allowIps')} extra={t('tokens.form.allowIpsNote')}>
      <Input.TextArea
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder={t('tokens.form.allowIpsPlaceholder')}
        data-testid="token-allow-ips"
      />
    </Form.Item>
  );
}

export interface GroupFieldProps {
  choices: GroupChoice[];
  loading: boolean;
}

/** The token's group; empty uses the owner's group at request time. */
export function GroupField({ choices, loading }: GroupFieldProps) {
  const { t } = useTranslation();
  const options = [
    { value: '', label: t('tokens.form.groupUserDefault') },
    ...choices.map((choice) => ({
      value: choice.group,
      label: (
        <Space size={8}>
          <span>{choice.group === AUTO_GROUP ? t('tokens.form.groupAuto') : choice.group}</span>
          {choice.desc && choice.desc !== choice.group && (
            <Typography.Text type="secondary">{choice.desc}</Typography.Text>
          )}
          {typeof choice.ratio === 'number' && (
            <Tag>{t('tokens.form.groupRatio', { ratio: choice.ratio })}</Tag>
          )}
        </Space>
      ),
    })),
  ];
  return (
    <FormSelect
      name="group"
      label={t('tokens.form.group')}
      options={options}
      loading={loading}
      testId="token-group"
    />
  );
}

/** How many tokens to create (create only): a positive whole number, with presets. */
export function CountField() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<TokenFormValues>();
  return (
    <Form.Item label={t('tokens.form.count')} extra={t('tokens.form.countNote')}>
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        <Form.Item name="count" noStyle>
          <IntegerInput min={1} aria-label={t('tokens.form.count')} testId="token-count" />
        </Form.Item>
        <Space size={4} wrap>
          {TOKEN_COUNT_PRESETS.map((count) => (
            <Button
              key={count}
              size="small"
              onClick={() => form.setFieldValue('count', count)}
              data-testid={`token-count-preset-${count}`}
            >
              {count}
            </Button>
          ))}
        </Space>
      </Space>
    </Form.Item>
  );
}

/** The key's traffic limits (requests, tokens, concurrency, budget per period): only ever stricter than the account's. */
export function KeyLimitFields() {
  const { t } = useTranslation();
  return <LimitFields name="limits" hint={t('limits.section.hintToken')} testIdPrefix="token-limits" />;
}
