import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '../../../common/limits.ts';
import { FormInput } from './FormInput.tsx';

export interface NewPasswordFieldsProps {
  /** The form field of the repeated password ('password' holds the first). */
  confirmName: string;
  labels: { password: string; confirm: string };
  placeholders: { password: string; confirm: string };
  /** Test ids are `${testIdPrefix}-password` and `${testIdPrefix}-confirm-password`. */
  testIdPrefix: string;
  /** Shows a lock icon in both inputs. */
  withIcon?: boolean;
  /** i18n keys of the error messages; `tooShort` gets the minimum as `min`. */
  messages?: NewPasswordMessages;
}

export interface NewPasswordMessages {
  required: string;
  tooShort: string;
  mismatch: string;
}

const DEFAULT_MESSAGES: NewPasswordMessages = {
  required: 'validation.passwordRequired',
  tooShort: 'validation.passwordMin',
  mismatch: 'validation.passwordMismatch',
};

/** A new password (at least PASSWORD_MIN_LENGTH, common/limits.ts) and its repetition, which must match. */
export function NewPasswordFields({
  confirmName,
  labels,
  placeholders,
  testIdPrefix,
  withIcon,
  messages = DEFAULT_MESSAGES,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const prefix = withIcon ? <LockOutlined /> : undefined;
  return (
    <>
      <FormInput
        name="password"
        label={labels.password}
        rules={[
          { required: true, message: t(messages.required) },
          { min: PASSWORD_MIN_LENGTH, message: t(messages.tooShort, { min: PASSWORD_MIN_LENGTH }) },
        ]}
        password
        prefix={prefix}
        autoComplete="new-password"
        placeholder={placeholders.password}
        testId={`${testIdPrefix}-password`}
      />
      <FormInput
        name={confirmName}
        label={labels.confirm}
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_rule, value) =>
              value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(t(messages.mismatch))),
          }),
        ]}
        password
        prefix={prefix}
        autoComplete="new-password"
        placeholder={placeholders.confirm}
        testId={`${testIdPrefix}-confirm-password`}
      />
    </>
  );
}
