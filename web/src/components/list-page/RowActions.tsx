/** Buttons of a list row shared by the pages: copy a key, delete after confirmation. */
import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Tooltip } from 'antd';

export interface CopyKeyButtonProps {
  /** The hint and accessible name, e.g. "Copy key". */
  label: string;
  onCopy: () => void;
  testId: string;
}

/**
 * An icon button that copies a row's key. Its hint opens at the left, within its own row: above or
 * below the button it would cover the neighbouring row's buttons while the pointer rests on this one.
 */
export function CopyKeyButton({ label, onCopy, testId }: CopyKeyButtonProps) {
  return (
    <Tooltip title={label} placement="left" autoAdjustOverflow={false}>
      <Button size="small" icon={<CopyOutlined />} onClick={onCopy} aria-label={label} data-testid={testId} />
    </Tooltip>
  );
}

export interface DeleteButtonProps {
  label: string;
  confirmTitle: string;
  confirmDescription: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  loading: boolean;
  disabled?: boolean;
  /** A filled red button (for the user list, where delete is final). */
  primary?: boolean;
  /**
   * `text` (default): a small button with the label; `icon`: a small bin whose hint and accessible name
   * are the label; `toolbar`: a page-wide button with bin and label (e.g. delete every disabled row).
   */
  look?: 'text' | 'icon' | 'toolbar';
  testId: string;
  /** The test id of the confirmation's OK button, when a test presses it. */
  confirmTestId?: string;
}

/** A red button that deletes after a confirmation popup. */
export function DeleteButton(props: DeleteButtonProps) {
  const confirmTestId: Record<string, string> = props.confirmTestId
    ? { 'data-testid': props.confirmTestId }
    : {};
  const look = props.look ?? 'text';
  return (
    <Popconfirm
      title={props.confirmTitle}
      description={props.confirmDescription}
      okText={props.confirmLabel}
      cancelText={props.cancelLabel}
      okButtonProps={{ danger: true, ...confirmTestId }}
      onConfirm={props.onConfirm}
    >
      <Button
        size={look === 'toolbar' ? undefined : 'small'}
        danger
        type={props.primary ? 'primary' : undefined}
        icon={look === 'text' ? undefined : <DeleteOutlined />}
        loading={props.loading}
        disabled={props.disabled}
        title={look === 'icon' ? props.label : undefined}
        aria-label={look === 'icon' ? props.label : undefined}
        data-testid={props.testId}
      >
        {look === 'icon' ? null : props.label}
      </Button>
    </Popconfirm>
  );
}
