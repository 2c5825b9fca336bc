import { Space, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface LabeledSwitchProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
  size?: 'small';
  /** Shown after the label, e.g. a help button or the choices the switch enables. */
  children?: ReactNode;
}

/** A toolbar switch with its label beside it (the label also names the switch for screen readers). */
export function LabeledSwitch({ label, checked, onChange, testId, size, children }: LabeledSwitchProps) {
  return (
    <Space size={6}>
      <Switch size={size} checked={checked} onChange={onChange} aria-label={label} data-testid={testId} />
      <Typography.Text>{label}</Typography.Text>
      {children}
    </Space>
  );
}
