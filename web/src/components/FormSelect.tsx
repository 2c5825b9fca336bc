import { Form, Select, type SelectProps } from 'antd';
import type { ReactNode } from 'react';

export interface FormSelectProps extends SelectProps {
  name: string;
  label: ReactNode;
  extra?: ReactNode;
  testId: string;
}

/** A form item holding one Select; the other props go to the Select. */
export function FormSelect({ name, label, extra, testId, ...select }: FormSelectProps) {
  return (
    <Form.Item name={name} label={label} extra={extra}>
      <Select {...select} data-testid={testId} />
    </Form.Item>
  );
}
