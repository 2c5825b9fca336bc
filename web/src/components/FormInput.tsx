import { Form, type FormItemProps, Input } from 'antd';
import type { ReactNode } from 'react';

export interface FormInputProps {
  name: string;
  label: ReactNode;
  /** Marks the field as required without a rule of its own (the submit checks it). */
  required?: boolean;
  rules?: FormItemProps['rules'];
  /** Fields whose change re-checks this one (e.g. a password repetition on 'password'). */
  dependencies?: string[];
  extra?: ReactNode;
  /** A masked Input.Password instead of a plain Input. */
  password?: boolean;
  placeholder?: string;
  autoComplete?: string;
  maxLength?: number;
  prefix?: ReactNode;
  testId: string;
}

/** A form item holding one text input: the field declaration the console's forms repeat. */
export function FormInput({
  name,
  label,
  required,
  rules,
  dependencies,
  extra,
  password,
  testId,
  ...input
}: FormInputProps) {
  const Field = password ? Input.Password : Input;
  return (
    <Form.Item
      name={name}
      label={label}
      required={required}
      rules={rules}
      dependencies={dependencies}
      extra={extra}
    >
      <Field {...input} data-testid={testId} />
    </Form.Item>
  );
}
