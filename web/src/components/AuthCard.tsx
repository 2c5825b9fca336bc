import { Alert, Button, Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The centered card of the signed-out pages (login, register, reset, setup). */
export function AuthCard({
  title,
  wide,
  children,
}: {
  title: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="centered-page">
      <Card className={wide ? 'centered-card wide' : 'centered-card'} title={title}>
        {children}
      </Card>
    </div>
  );
}

/** A centered line under an AuthCard's form, e.g. a link to another signed-out page. */
export function AuthCardNote({ children }: { children: ReactNode }) {
  return (
    <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
      {children}
    </Typography.Paragraph>
  );
}

/** A warning above an AuthCard's form (an expired session, an invalid reset link). */
export function AuthCardWarning({ title, testId }: { title: string; testId: string }) {
  return <Alert type="warning" showIcon title={title} style={{ marginBottom: 16 }} data-testid={testId} />;
}

export interface SubmitButtonProps {
  loading: boolean;
  disabled?: boolean;
  testId: string;
  children: ReactNode;
}

/** The full-width primary submit button of an AuthCard's form. */
export function SubmitButton({ loading, disabled, testId, children }: SubmitButtonProps) {
  return (
    <Button type="primary" htmlType="submit" block loading={loading} disabled={disabled} data-testid={testId}>
      {children}
    </Button>
  );
}
