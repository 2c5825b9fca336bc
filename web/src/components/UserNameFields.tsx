import type { FormItemProps } from 'antd';
import { DISPLAY_NAME_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../../../common/limits.ts';
import { FormInput } from './FormInput.tsx';

export interface UserNameFieldsProps {
  labels: { username: string; displayName: string };
  placeholders: { username?: string; displayName: string };
  usernameRules?: FormItemProps['rules'];
  /** The inputs' autoComplete; the browser's own hints ('username', 'nickname') when not given. */
  autoComplete?: string;
  /** Test ids are `${testIdPrefix}-username` and `${testIdPrefix}-display-name`. */
  testIdPrefix: string;
}

/** An account's username and display name, capped by common/limits.ts (own profile and the admin's user form). */
export function UserNameFields({
  labels,
  placeholders,
  usernameRules,
  autoComplete,
  testIdPrefix,
}: UserNameFieldsProps) {
  return (
    <>
      <FormInput
        name="username"
        label={labels.username}
        rules={usernameRules}
        maxLength={USERNAME_MAX_LENGTH}
        placeholder={placeholders.username}
        autoComplete={autoComplete ?? 'username'}
        testId={`${testIdPrefix}-username`}
      />
      <FormInput
        name="display_name"
        label={labels.displayName}
        maxLength={DISPLAY_NAME_MAX_LENGTH}
        placeholder={placeholders.displayName}
        autoComplete={autoComplete ?? 'nickname'}
        testId={`${testIdPrefix}-display-name`}
      />
    </>
  );
}
