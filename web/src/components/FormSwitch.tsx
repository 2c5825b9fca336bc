import { Form, Switch } from 'antd';
import type { ReactNode } from 'react';

export interface FormSwitchProps {
  name: string;
  label: ReactNode;
  extra?: ReactNode;
  /** Texts shown inside the switch when on and when off (e.g. 开 / 关). */
  onOffTexts?: readonly [ReactNode, ReactNode];
  testId: string;
}

/** A form item holding an on/off switch (the field's value is the switch's `checked`). */
export function FormSwitch({ name, label, extra, onOffTexts, testId }: FormSwitchProps) {
  return (
    <Form.Item name={name} label={label} valuePropName="checked" extra={extra}>
      <Switch checkedChildren={onOffTexts?.[0]} unCheckedChildren={onOffTexts?.[1]} data-testid={testId} />
    </Form.Item>
  );
}
