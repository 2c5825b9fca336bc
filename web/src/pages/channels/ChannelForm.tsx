import { Col, Divider, Form, Input, InputNumber, Result, Row, Spin, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormButtons } from '../../components/list-page/FormDrawer.tsx';
import { ChannelGroupsField, ChannelModelsField } from './ChannelModelsField.tsx';
import { KeyField, TypeField, TypeSpecificFields } from './ChannelTypeFields.tsx';
import { PRIORITY_MIN, WEIGHT_MIN } from './channel-form-rules.ts';
import {
  MODEL_MAPPING_TEMPLATE,
  PARAM_OVERRIDE_TEMPLATE,
  SETTING_TEMPLATE,
  STATUS_CODE_MAPPING_TEMPLATE,
} from './json-templates.ts';
import type { ChannelFormController } from './use-channel-form.ts';

interface JsonFieldProps {
  name: 'model_mapping' | 'status_code_mapping' | 'setting' | 'param_override';
  label: string;
  placeholder: string;
  template: string;
  testId: string;
}

function JsonField({ name, label, placeholder, template, testId }: JsonFieldProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  return (
    <Form.Item
      name={name}
      label={label}
      extra={
        <Typography.Link
          onClick={() => form.setFieldValue(name, template)}
          data-testid={`${testId}-template`}
        >
          {t('channels.form.fillTemplate')}
        </Typography.Link>
      }
    >
      <Input.TextArea
        autoSize={{ minRows: 2, maxRows: 12 }}
        placeholder={placeholder}
        style={{ fontFamily: 'monospace' }}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/** The JSON fields of the advanced section, in order; label and placeholder are i18n keys. */
const ADVANCED_JSON_FIELDS: JsonFieldProps[] = [
  {
    name: 'status_code_mapping',
    label: 'channels.form.statusCodeMapping',
    placeholder: 'channels.form.statusCodeMappingPlaceholder',
    template: STATUS_CODE_MAPPING_TEMPLATE,
    testId: 'channel-status-code-mapping',
  },
  {
    name: 'setting',
    label: 'channels.form.setting',
    placeholder: 'channels.form.settingPlaceholder',
    template: SETTING_TEMPLATE,
    testId: 'channel-setting',
  },
  {
    name: 'param_override',
    label: 'channels.form.paramOverride',
    placeholder: 'channels.form.paramOverridePlaceholder',
    template: PARAM_OVERRIDE_TEMPLATE,
    testId: 'channel-param-override',
  },
];

/** Every field of a channel (docs/reference/console-entities.md, console-validation.md); the caller places the buttons. */
export function ChannelForm({ controller }: { controller: ChannelFormController }) {
  const { t } = useTranslation();
  if (controller.loadFailed) {
    return <Result status="warning" title={t('channels.form.notFound')} />;
  }
  if (controller.loading || controller.initialValues === null) {
    return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  }
  return (
    <Form
      form={controller.form}
      layout="vertical"
      initialValues={controller.initialValues}
      onValuesChange={controller.onValuesChange}
      onFinish={controller.submit}
      data-testid="channel-form"
    >
      <TypeField />
      <Form.Item name="name" label={t('channels.form.name')} required>
        <Input
          placeholder={t('channels.form.namePlaceholder')}
          maxLength={255}
          autoComplete="off"
          data-testid="channel-name"
        />
      </Form.Item>
      <TypeSpecificFields />
      <KeyField mode={controller.mode} keyHidden={controller.keyHidden} />
      <Divider titlePlacement="start" plain>
        {t('channels.form.sectionModels')}
      </Divider>
      <ChannelModelsField channelId={controller.channelId} />
      <ChannelGroupsField />
      <JsonField
        name="model_mapping"
        label={t('channels.form.modelMapping')}
        placeholder={t('channels.form.modelMappingPlaceholder')}
        template={MODEL_MAPPING_TEMPLATE}
        testId="channel-model-mapping"
      />
      <Form.Item name="test_model" label={t('channels.form.testModel')}>
        <Input
          placeholder={t('channels.form.testModelPlaceholder')}
          autoComplete="off"
          data-testid="channel-test-model"
        />
      </Form.Item>
      <Divider titlePlacement="start" plain>
        {t('channels.form.sectionRouting')}
      </Divider>
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item
            name="priority"
            label={t('channels.form.priority')}
            extra={t('channels.form.priorityHint')}
          >
            <InputNumber
              min={PRIORITY_MIN}
              precision={0}
              style={{ width: '100%' }}
              data-testid="channel-priority"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="weight" label={t('channels.form.weight')} extra={t('channels.form.weightHint')}>
            <InputNumber
              min={WEIGHT_MIN}
              precision={0}
              style={{ width: '100%' }}
              data-testid="channel-weight"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="max_input_tokens"
            label={t('channels.form.maxInputTokens')}
            extra={t('channels.form.maxInputTokensHint')}
          >
            <InputNumber
              min={0}
              precision={0}
              style={{ width: '100%' }}
              data-testid="channel-max-input-tokens"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="tag" label={t('channels.form.tag')} extra={t('channels.form.tagHint')}>
        <Input
          placeholder={t('channels.form.tagPlaceholder')}
          maxLength={255}
          autoComplete="off"
          data-testid="channel-tag"
        />
      </Form.Item>
      <Form.Item
        name="auto_ban"
        label={t('channels.form.autoBan')}
        valuePropName="checked"
        extra={t('channels.form.autoBanHint')}
      >
        <Switch data-testid="channel-auto-ban" />
      </Form.Item>
      <Divider titlePlacement="start" plain>
        {t('channels.form.sectionAdvanced')}
      </Divider>
      {ADVANCED_JSON_FIELDS.map((field) => (
        <JsonField
          key={field.name}
          name={field.name}
          label={t(field.label)}
          placeholder={t(field.placeholder)}
          template={field.template}
          testId={field.testId}
        />
      ))}
    </Form>
  );
}

/** Cancel and save of the channel form (drawer footer or below the form on its own page). */
export function ChannelFormButtons({
  controller,
  onCancel,
}: {
  controller: ChannelFormController;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormButtons
      testIdPrefix="channel"
      labels={[t('channels.form.cancel'), t('channels.form.submit')]}
      onCancel={onCancel}
      onSubmit={controller.submit}
      saving={controller.saving}
      disabled={controller.loading || controller.loadFailed}
    />
  );
}
