import { InputNumber, type InputNumberProps } from 'antd';

export interface IntegerInputProps extends Omit<InputNumberProps<number>, 'precision' | 'style'> {
  testId: string;
}

/** A whole-number input as wide as its form item; place it inside a Form.Item like any control. */
export function IntegerInput({ testId, ...input }: IntegerInputProps) {
  return <InputNumber<number> precision={0} style={{ width: '100%' }} {...input} data-testid={testId} />;
}
