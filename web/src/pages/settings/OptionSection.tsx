import { Button, Card, Col, Form, type FormInstance, Row } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../components/feedback.ts';
import { type FieldSpec, fieldKinds, initialFormValues, normalisedValues } from './field-spec.ts';
import { OptionField } from './OptionField.tsx';
import { changedOptions, type FormValue, loadedSignature } from './option-values.ts';
import { spaceCjkAndLatin } from './setting-rules.ts';
import { useSaveOptions } from './use-options.ts';

export interface OptionSectionProps {
  /** Used in the save button's test id: settings-save-<name>. */
  name: string;
  /** Translation key of the card title. */
  title: string;
  fields: readonly FieldSpec[];
  options: Readonly<Record<string, string>>;
  /** A translation key to show instead of saving, or null to go on. */
  beforeSave?: (values: Record<string, FormValue>) => string | null;
  /** Shown above the fields. */
  intro?: ReactNode;
  /** Extra controls under the fields; they get the section's form. */
  extra?: (form: FormInstance) => ReactNode;
}

const wideKinds = new Set(['textarea', 'json']);

/** A card with a form over some option keys; its save button writes only the changed keys (docs/reference/console-states.md). */
export function OptionSection({
  name,
  title,
  fields,
  options,
  beforeSave,
  intro,
  extra,
}: OptionSectionProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, FormValue>>();
  const save = useSaveOptions();
  const [saving, setSaving] = useState(false);
  const keys = useMemo(() => fields.map((field) => field.key), [fields]);
  const signature = loadedSignature(keys, options);

  // A reload that changed this section's values (after a save) resets its form; other sections keep their edits.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the section's value signature on purpose
  useEffect(() => {
    form.setFieldsValue(initialFormValues(fields, options));
  }, [signature, form]);

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      showError(t('settings.common.checkInput'));
      return;
    }
    const values = normalisedValues(fields, form.getFieldsValue(true) as Record<string, FormValue>);
    const problem = beforeSave?.(values) ?? null;
    if (problem) {
      showError(t(problem));
      return;
    }
    form.setFieldsValue(values);
    setSaving(true);
    try {
      const saved = await save(changedOptions(fieldKinds(fields), options, values));
      if (saved) {
        const secrets = fields.filter((field) => field.kind === 'secret').map((field) => [field.key, '']);
        form.setFieldsValue(Object.fromEntries(secrets));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t(title)} size="small" style={{ marginBottom: 16 }} data-testid={`settings-section-${name}`}>
      {intro}
      <Form form={form} layout="vertical" initialValues={initialFormValues(fields, options)}>
        <Row gutter={16}>
          {fields.map((field) => (
            <Col
              key={field.key}
              xs={24}
              md={field.wide || wideKinds.has(field.kind) ? 24 : 12}
              lg={field.wide || wideKinds.has(field.kind) ? 24 : 8}
            >
              <OptionField field={field} form={form} />
            </Col>
          ))}
        </Row>
        {extra?.(form)}
        <Button type="primary" onClick={submit} loading={saving} data-testid={`settings-save-${name}`}>
          {spaceCjkAndLatin(t('settings.common.save', { section: t(title) }))}
        </Button>
      </Form>
    </Card>
  );
}

/** One section of OptionSections: an OptionSection without the options they share. */
export type OptionSectionSpec = Omit<OptionSectionProps, 'options'>;

/** Option sections one under the other, over the same loaded options. */
export function OptionSections({
  sections,
  options,
}: {
  sections: readonly OptionSectionSpec[];
  options: Readonly<Record<string, string>>;
}) {
  return sections.map((section) => <OptionSection key={section.name} {...section} options={options} />);
}
