/**
 * Pure rules of the personal settings screen (docs/reference/console-validation.md "Users", docs/reference/console-roles.md role badge, docs/reference/console-constants.md invite link).
 * Validation functions return the i18n key of their message, or null when the input is acceptable.
 */
import { USERNAME_MAX_LENGTH } from '../../../../common/limits.ts';
import { isRootRole } from '../../../../common/roles.ts';

export interface RoleBadge {
  key: string;
  color: string;
}

/** docs/reference/console-roles.md: a red admin tag when the role is at least 100, else a normal-user tag. */
export function personalRoleBadge(role: number): RoleBadge {
  return isRootRole(role)
    ? { key: 'personal.role.admin', color: 'red' }
    : { key: 'personal.role.common', color: 'blue' };
}

export function validateUsername(username: string): string | null {
  const trimmed = username.trim();
  if (trimmed === '') return 'personal.profile.usernameRequired';
  if (trimmed.length > USERNAME_MAX_LENGTH) return 'personal.profile.usernameTooLong';
  return null;
}

/** Deleting the account needs the user's own username typed exactly. */
export function isDeleteConfirmed(typed: string, username: string): boolean {
  return username !== '' && typed.trim() === username;
}

/** `<server address or page origin>/register?aff=<code>`, without a doubled slash. */
export function buildInviteLink(
  serverAddress: string | undefined,
  origin: string,
  affiliateCode: string,
): string {
  const base = (serverAddress?.trim() || origin).replace(/\/+$/, '');
  return `${base}/register?aff=${encodeURIComponent(affiliateCode)}`;
}
