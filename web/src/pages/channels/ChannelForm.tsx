import { Col, Divider, Form, Result, Row, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormInput } from '../../components/FormInput.tsx';
import { FormSwitch } from '../../components/FormSwitch.tsx';
import { IntegerInput } from '../../components/IntegerInput.tsx';
import { FormButtons } from '../../components/list-page/FormDrawer.tsx';
import { useSession } from '../../components/session.tsx';
import { ChannelKeysPanel } from './ChannelKeysPanel.tsx';
import { ChannelKeyView } from './ChannelKeyView.tsx';
import { ChannelLimitsFields } from './ChannelLimitsFields.tsx';
import { ChannelGroupsField, ChannelModelsField } from './ChannelModelsField.tsx';
import { KeyField, TypeField, TypeSpecificFields } from './ChannelTypeFields.tsx';
import { PRIORITY_MIN, WEIGHT_MIN } from './channel-form-rules.ts';
import { JsonField, type JsonFieldProps } from './JsonField.tsx';
import {
  HEADER_OVERRIDE_TEMPLATE,
  MODEL_MAPPING_TEMPLATE,
  PARAM_OVERRIDE_TEMPLATE,
  SETTING_TEMPLATE,
  STATUS_CODE_MAPPING_TEMPLATE,
} from './json-templates.ts';
import type { ChannelFormController } from './use-channel-form.ts';

/** The routing numbers, side by side on wider screens. */
const ROUTING_FIELDS = [
  {
    name: 'priority',
    label: 'channels.form.priority',
    hint: 'channels.form.priorityHint',
    min: PRIORITY_MIN,
    testId: 'channel-priority',
  },
  {
    name: 'weight',
    label: 'channels.form.weight',
    hint: 'channels.form.weightHint',
    min: WEIGHT_MIN,
    testId: 'channel-weight',
  },
  {
    name: 'max_input_tokens',
    label: 'channels.form.maxInputTokens',
    hint: 'channels.form.maxInputTokensHint',
    min: 0,
    testId: 'channel-max-input-tokens',
  },
] as const;

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
  {
    name: 'header_override',
    label: 'channels.form.headerOverride',
    placeholder: 'channels.form.headerOverridePlaceholder',
    template: HEADER_OVERRIDE_TEMPLATE,
    testId: 'channel-header-override',
  },
];

/** Every field of a channel (docs/reference/console-entities.md, console-validation.md); the caller places the buttons. */
export function ChannelForm({ controller }: { controller: ChannelFormController }) {
  const { t } = useTranslation();
  const { isRoot } = useSession();
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
      <FormInput
        name="name"
        label={t('channels.form.name')}
        required
        placeholder={t('channels.form.namePlaceholder')}
        maxLength={255}
        autoComplete="off"
        testId="channel-name"
      />
      <TypeSpecificFields />
      <KeyField mode={controller.mode} keyHidden={controller.keyHidden} />
      {controller.channelId !== null && isRoot ? <ChannelKeyView channelId={controller.channelId} /> : null}
      {controller.channelId !== null && controller.keyInfo ? (
        <ChannelKeysPanel channelId={controller.channelId} keyInfo={controller.keyInfo} />
      ) : null}
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
      <FormInput
        name="test_model"
        label={t('channels.form.testModel')}
        placeholder={t('channels.form.testModelPlaceholder')}
        autoComplete="off"
        testId="channel-test-model"
      />
      <Divider titlePlacement="start" plain>
        {t('channels.form.sectionRouting')}
      </Divider>
      <Row gutter={16}>
        {ROUTING_FIELDS.map((field) => (
          <Col key={field.name} xs={24} sm={8}>
            <Form.Item name={field.name} label={t(field.label)} extra={t(field.hint)}>
              <IntegerInput min={field.min} testId={field.testId} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <FormInput
        name="tag"
        label={t('channels.form.tag')}
        extra={t('channels.form.tagHint')}
        placeholder={t('channels.form.tagPlaceholder')}
        maxLength={255}
        autoComplete="off"
        testId="channel-tag"
      />
      <FormSwitch
        name="auto_ban"
        label={t('channels.form.autoBan')}
        extra={t('channels.form.autoBanHint')}
        testId="channel-auto-ban"
      />
      <ChannelLimitsFields multiKey={controller.keyInfo !== null} />
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
