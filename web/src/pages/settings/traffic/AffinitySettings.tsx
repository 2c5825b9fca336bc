import { Button, Card, Col, Form, Input, Row, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../../components/feedback.ts';
import { type FieldSpec, fieldKinds, initialFormValues } from '../field-spec.ts';
import { OptionField } from '../OptionField.tsx';
import { changedOptions, type FormValue, loadedSignature } from '../option-values.ts';
import { spaceCjkAndLatin } from '../setting-rules.ts';
import { useSaveOptions } from '../use-options.ts';
import {
  AFFINITY_RULES_KEY,
  AFFINITY_TEMPLATES,
  type AffinityTemplate,
  parseAffinityRules,
  rulesText,
  rulesValue,
  withTemplate,
} from './affinity-rules.ts';
import { jsonChanged } from './draft-rows.ts';
import { problemText } from './problem-text.ts';

/** new-api's channel_affinity_setting switches and numbers, edited as any option field (bounds as
 * server/src/options/catalogue-affinity.ts checks them). */
const affinityFields: readonly FieldSpec[] = [
  {
    key: 'channel_affinity_setting.enabled',
    kind: 'switch',
    label: 'affinity.enabled',
    help: 'affinity.enabledHelp',
  },
  {
    key: 'channel_affinity_setting.switch_on_success',
    kind: 'switch',
    label: 'affinity.switchOnSuccess',
    help: 'affinity.switchOnSuccessHelp',
  },
  {
    key: 'channel_affinity_setting.max_entries',
    kind: 'number',
    label: 'affinity.maxEntries',
    help: 'affinity.maxEntriesHelp',
    min: 1,
    max: 10_000_000,
  },
  {
    key: 'channel_affinity_setting.default_ttl_seconds',
    kind: 'number',
    label: 'affinity.defaultTtl',
    help: 'affinity.defaultTtlHelp',
    min: 1,
    max: 30 * 86_400,
  },
];
const signatureKeys = [...affinityFields.map((field) => field.key), AFFINITY_RULES_KEY];

function initialValues(options: Readonly<Record<string, string>>): Record<string, FormValue> {
  return {
    ...initialFormValues(affinityFields, options),
    [AFFINITY_RULES_KEY]: rulesText(options[AFFINITY_RULES_KEY]),
  };
}

/**
 * Channel affinity (docs/reference/routing.md): a conversation's calls prefer the channel that served it
 * before. The rules are new-api's JSON, checked before saving (./affinity-rules.ts), with templates for
 * Claude Code and Codex.
 */
export function AffinitySettings({ options }: { options: Readonly<Record<string, string>> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, FormValue>>();
  const save = useSaveOptions();
  const [saving, setSaving] = useState(false);
  const signature = loadedSignature(signatureKeys, options);

  // A reload that changed these options (after a save) resets the form; other sections keep their edits.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the section's value signature on purpose
  useEffect(() => form.setFieldsValue(initialValues(options)), [signature, form]);

  const rulesRule = {
    validator: (_rule: unknown, value: unknown) => {
      const parsed = parseAffinityRules(typeof value === 'string' ? value : '');
      return 'problem' in parsed
        ? Promise.reject(new Error(problemText(t, parsed.problem, 'affinity.problem.atRule')))
        : Promise.resolve();
    },
  };

  const addTemplate = (template: AffinityTemplate) => {
    const next = withTemplate(String(form.getFieldValue(AFFINITY_RULES_KEY) ?? ''), template);
    if (next === null) {
      showError(t('affinity.problem.templateNeedsList'));
      return;
    }
    form.setFieldValue(AFFINITY_RULES_KEY, next);
    void form.validateFields([AFFINITY_RULES_KEY]);
  };

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      showError(t('settings.common.checkInput'));
      return;
    }
    const values = form.getFieldsValue(true) as Record<string, FormValue>;
    const parsed = parseAffinityRules(String(values[AFFINITY_RULES_KEY] ?? ''));
    if ('problem' in parsed) return;
    const rules = rulesValue(parsed.rules);
    const changes = changedOptions(fieldKinds(affinityFields), options, values);
    // The rules go first: changedOptions puts the switches last, after the values they may need.
    if (jsonChanged(rules, options[AFFINITY_RULES_KEY], '[]'))
      changes.unshift({ key: AFFINITY_RULES_KEY, value: rules });
    setSaving(true);
    try {
      await save(changes);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      title={t('affinity.title')}
      size="small"
      style={{ marginBottom: 16 }}
      data-testid="settings-section-affinity"
    >
      <p style={{ marginTop: 0 }}>{t('affinity.intro')}</p>
      <Form form={form} layout="vertical" initialValues={initialValues(options)}>
        <Row gutter={16}>
          {affinityFields.map((field) => (
            <Col key={field.key} xs={24} md={12} lg={6}>
              <OptionField field={field} form={form} />
            </Col>
          ))}
        </Row>
        <Form.Item
          name={AFFINITY_RULES_KEY}
          label={t('affinity.rules')}
          extra={t('affinity.rulesHelp')}
          validateTrigger="onBlur"
          rules={[rulesRule]}
        >
          <Input.TextArea
            autoSize={{ minRows: 6, maxRows: 24 }}
            style={{ fontFamily: 'monospace' }}
            data-testid={`setting-${AFFINITY_RULES_KEY}`}
          />
        </Form.Item>
        <Space wrap>
          {(Object.keys(AFFINITY_TEMPLATES) as AffinityTemplate[]).map((template) => (
            <Button
              key={template}
              onClick={() => addTemplate(template)}
              data-testid={`affinity-template-${template}`}
            >
              {t(`affinity.template.${template}`)}
            </Button>
          ))}
          <Button type="primary" onClick={submit} loading={saving} data-testid="settings-save-affinity">
            {spaceCjkAndLatin(t('settings.common.save', { section: t('affinity.title') }))}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
