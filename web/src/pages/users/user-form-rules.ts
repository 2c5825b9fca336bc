/**
 * Validation of the add-user and edit-user forms (docs/reference/console-validation.md "Users"). Each rule returns the i18n key
 * of its message, or null when the input is acceptable.
 */
import { PASSWORD_MIN_LENGTH } from '../../../../common/limits.ts';

/** The server keeps at most 255 characters of an admin's note about a user. */
export const REMARK_MAX_LENGTH = 255;

export interface NewUserInput {
  username: string;
  password: string;
}

export function validateNewUser(input: NewUserInput): string | null {
  if (input.username.trim() === '' || input.password === '') return 'users.validation.required';
  return null;
}

/** An empty password means "unchanged" when editing; otherwise it needs the minimum length. */
export function validateOptionalPassword(password: string): string | null {
  if (password === '') return null;
  if (password.length < PASSWORD_MIN_LENGTH) return 'users.validation.passwordTooShort';
  return null;
}

/** Quota is an integer: numbers are truncated, numeric text is parsed, anything else is 0. */
export function parseQuota(value: unknown): number {
  const parsed = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(parsed) ? Math.trunc(parsed) : 0;
}

/** The add-quota dialog adds a (possibly negative) amount to the quota in the form. */
export function addQuota(current: unknown, amount: unknown): number {
  return parseQuota(current) + parseQuota(amount);
}
