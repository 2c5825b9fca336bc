import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { JsonObjectField } from './channel-form-rules.ts';

export interface JsonFieldProps {
  name: 'model_mapping' | JsonObjectField;
  label: string;
  placeholder: string;
  template: string;
  testId: string;
}

/** A JSON text field of a channel with a link that fills in an example (json-templates.ts). */
export function JsonField({ name, label, placeholder, template, testId }: JsonFieldProps) {
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
