import { Button } from 'antd';
import type { ResendAction } from './use-reply-action.ts';

export interface ResendButtonProps {
  sender: ResendAction;
  onClick: () => void;
  /** The label while idle. */
  label: string;
  /** The label while a resend waits, given the seconds left. */
  waitLabel: (seconds: number) => string;
  testId: string;
}

/** A get-code button that is disabled (and counts down) while `useResendAction` waits. */
export function ResendButton({ sender, onClick, label, waitLabel, testId }: ResendButtonProps) {
  return (
    <Button onClick={onClick} loading={sender.sending} disabled={sender.remaining > 0} data-testid={testId}>
      {sender.remaining > 0 ? waitLabel(sender.remaining) : label}
    </Button>
  );
}
