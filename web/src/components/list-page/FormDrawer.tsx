/** The drawer in which a list page creates or edits a row, and the cancel/save buttons of such forms. */
import { Button, Drawer, Space, Spin } from 'antd';
import type { ReactNode } from 'react';

export interface FormButtonsProps {
  /** Test ids are `<prefix>-cancel` and `<prefix>-submit`. */
  testIdPrefix: string;
  labels: readonly [cancel: string, submit: string];
  onCancel: () => void;
  /** Submits the form from outside it (a drawer footer); without it the button is the form's submit. */
  onSubmit?: () => void;
  saving: boolean;
  disabled?: boolean;
}

export function FormButtons(props: FormButtonsProps) {
  return (
    <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Button onClick={props.onCancel} data-testid={`${props.testIdPrefix}-cancel`}>
        {props.labels[0]}
      </Button>
      <Button
        type="primary"
        htmlType={props.onSubmit ? 'button' : 'submit'}
        loading={props.saving}
        disabled={props.disabled}
        onClick={props.onSubmit}
        data-testid={`${props.testIdPrefix}-submit`}
      >
        {props.labels[1]}
      </Button>
    </Space>
  );
}

export interface FormDrawerProps {
  title: string;
  open: boolean;
  onClose: () => void;
  /** The drawer's width in px. */
  size: number;
  /** Test ids are `<prefix>-drawer`, `<prefix>-cancel` and `<prefix>-submit`. */
  testIdPrefix: string;
  labels: readonly [cancel: string, submit: string];
  onSubmit: () => void;
  saving: boolean;
  /** The row to edit is still loading: a spinner instead of the form, and no saving yet. */
  waiting?: boolean;
  /** The form. */
  children: ReactNode;
}

export function FormDrawer(props: FormDrawerProps) {
  return (
    <Drawer
      title={props.title}
      open={props.open}
      onClose={props.onClose}
      size={props.size}
      destroyOnHidden
      data-testid={`${props.testIdPrefix}-drawer`}
      footer={
        <FormButtons
          testIdPrefix={props.testIdPrefix}
          labels={props.labels}
          onCancel={props.onClose}
          onSubmit={props.onSubmit}
          saving={props.saving}
          disabled={props.waiting}
        />
      }
    >
      {props.waiting ? <Spin style={{ display: 'block', margin: '48px auto' }} /> : props.children}
    </Drawer>
  );
}
