/**
 * The type-dependent fields of the channel form: type, notice, base URL, `other`, an Advanced Custom
 * channel's routes, key, batch switch.
 */
import { Alert, AutoComplete, Form, Input, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CUSTOM_ROUTE_TYPE } from '../../../../common/channel-types-custom.ts';
import { FormSwitch } from '../../components/FormSwitch.tsx';
import { CustomRoutesEditor } from './CustomRoutesEditor.tsx';
import { type ChannelFormValues, type FormMode, keyHintKey } from './channel-form-rules.ts';
import { channelTypeOptions, typeFields } from './type-fields.ts';

export function TypeField() {
  const { t } = useTranslation();
  const options = useMemo(
    () =>
      channelTypeOptions().map((option) => ({
        value: option.value,
        label: `${option.label} (${option.value})${option.disabled ? t('channels.form.typeNotRelayed') : ''}`,
        disabled: option.disabled,
      })),
    [t],
  );
  return (
    <Form.Item name="type" label={t('channels.form.type')} required>
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        options={options}
        placeholder={t('channels.form.typePlaceholder')}
        data-testid="channel-type"
      />
    </Form.Item>
  );
}

/** The notice of the chosen type, the base URL, the type's `other` field and Advanced Custom's routes. */
export function TypeSpecificFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ChannelFormValues>();
  const type = Form.useWatch('type', form) ?? 1;
  const fields = typeFields(type);
  const { baseUrl, other, notice } = fields;

  return (
    <>
      {notice && (
        <Alert
          type={notice.kind}
          showIcon
          style={{ marginBottom: 16 }}
          title={t(notice.textKey)}
          data-testid="channel-type-notice"
        />
      )}
      <Form.Item
        name="base_url"
        label={t(baseUrl.labelKey)}
        required={baseUrl.required}
        extra={t('channels.form.baseUrl.hint')}
      >
        {baseUrl.options ? (
          <AutoComplete options={baseUrl.options.map((address) => ({ value: address, label: address }))}>
            <Input
              placeholder={t(baseUrl.placeholderKey)}
              autoComplete="off"
              data-testid="channel-base-url"
            />
          </AutoComplete>
        ) : (
          <Input placeholder={t(baseUrl.placeholderKey)} autoComplete="off" data-testid="channel-base-url" />
        )}
      </Form.Item>
      {other && (
        <Form.Item
          name="other"
          label={t(other.labelKey)}
          extra={
            other.template ? (
              <Typography.Link onClick={() => form.setFieldValue('other', other.template)}>
                {t('channels.form.fillTemplate')}
              </Typography.Link>
            ) : undefined
          }
        >
          {other.multiline ? (
            <Input.TextArea
              autoSize={{ minRows: 2, maxRows: 8 }}
              placeholder={t(other.placeholderKey)}
              data-testid="channel-other"
            />
          ) : (
            <Input placeholder={t(other.placeholderKey)} autoComplete="off" data-testid="channel-other" />
          )}
        </Form.Item>
      )}
      {type === CUSTOM_ROUTE_TYPE && <CustomRoutesEditor />}
      {fields.organization && (
        <Form.Item
          name="openai_organization"
          label={t('channels.form.organization')}
          extra={t('channels.form.organizationHint')}
        >
          <Input placeholder="org-…" autoComplete="off" data-testid="channel-organization" />
        </Form.Item>
      )}
    </>
  );
}

export interface KeyFieldProps {
  mode: FormMode;
  /** Editing as a non-root admin: the stored key is not shown and an empty box keeps it. */
  keyHidden: boolean;
}

/** The key box (multi-line for batch create and JSON keys) and, on create, the batch switch. */
export function KeyField({ mode, keyHidden }: KeyFieldProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ChannelFormValues>();
  const type = Form.useWatch('type', form) ?? 1;
  const batch = Form.useWatch('batch', form) === true && mode === 'create';
  const { jsonKey, keyOptional } = typeFields(type);
  const placeholder = batch
    ? t('channels.form.keyBatchPlaceholder')
    : keyHidden
      ? t('channels.form.keyUnchangedPlaceholder')
      : t(keyHintKey(type));

  return (
    <>
      <Form.Item
        name="key"
        label={t('channels.form.key')}
        required={mode === 'create' && !keyOptional}
        extra={
          keyHidden
            ? t('channels.form.keyUnchangedHint')
            : batch
              ? t('channels.form.keyBatchHint')
              : undefined
        }
      >
        {batch || jsonKey ? (
          <Input.TextArea
            autoSize={{ minRows: batch ? 4 : 6, maxRows: 14 }}
            placeholder={placeholder}
            style={{ fontFamily: 'monospace' }}
            data-testid="channel-key"
          />
        ) : (
          <Input placeholder={placeholder} autoComplete="new-password" data-testid="channel-key" />
        )}
      </Form.Item>
      {mode === 'create' && (
        <FormSwitch
          name="batch"
          label={t('channels.form.batch')}
          extra={t('channels.form.batchHint')}
          testId="channel-batch"
        />
      )}
      {batch && (
        <Form.Item
          name="multi_key_mode"
          label={t('channels.form.batchMode')}
          extra={t('channels.form.multiKeyModeHint')}
          initialValue=""
        >
          <Select
            options={[
              { value: '', label: t('channels.form.batchModeChannels') },
              { value: 'random', label: t('channels.form.batchModeRandom') },
              { value: 'polling', label: t('channels.form.batchModePolling') },
            ]}
            data-testid="channel-batch-mode"
          />
        </Form.Item>
      )}
    </>
  );
}
