import { Form, Switch } from 'antd';
import type { ReactNode } from 'react';

export interface FormSwitchProps {
  name: string;
  label: ReactNode;
  extra?: ReactNode;
  testId: string;
}

/** A form item holding an on/off switch (the field's value is the switch's `checked`). */
export function FormSwitch({ name, label, extra, testId }: FormSwitchProps) {
  return (
    <Form.Item name={name} label={label} valuePropName="checked" extra={extra}>
      <Switch data-testid={testId} />
    </Form.Item>
  );
}
