import { Form } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showInfo } from './feedback.ts';
import { useStatus } from './status.tsx';
import { Turnstile } from './Turnstile.tsx';

export interface TurnstileState {
  /** The bot check's token; '' until it has run (or when it has expired). */
  token: string;
  /** Whether the site asks for the bot check (status `turnstile_check`). */
  required: boolean;
  /** True, after telling the user to wait, while the required check has no token yet. */
  pending: () => boolean;
  /** The form item holding the widget, or null when the site has no check. */
  field: ReactNode;
}

/** The Turnstile bot check of a form (components/Turnstile.tsx), as the status endpoint configures it. */
export function useTurnstile(): TurnstileState {
  const { t } = useTranslation();
  const status = useStatus();
  const [token, setToken] = useState('');
  const required = status.turnstile_check;
  const pending = () => {
    if (!required || token) return false;
    showInfo(t('common.turnstileRunning'));
    return true;
  };
  const field =
    required && status.turnstile_site_key ? (
      <Form.Item>
        <Turnstile siteKey={status.turnstile_site_key} onVerify={setToken} />
      </Form.Item>
    ) : null;
  return { token, required, pending, field };
}
