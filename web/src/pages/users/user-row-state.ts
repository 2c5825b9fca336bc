/**
 * How a user row is labelled and which actions it offers (docs/reference/console-states.md user role and status).
 * Returns i18n keys under `users.` so that the rules stay testable without React.
 */
import type { ManageResult, UserView } from '../../../../common/api-types.ts';
import type { ManageAction } from '../../../../common/roles.ts';
import { Role, UserStatus } from '../../../../common/roles.ts';

export interface TagLabel {
  /** i18n key of the text. */
  key: string;
  /** antd Tag colour. */
  color: string;
}

/** Status 3 exists in stored data but cannot be enabled from the console. */
const STATUS_ENABLE_BLOCKED = 3;

export function roleLabel(role: number): TagLabel {
  switch (role) {
    case Role.common:
      return { key: 'users.role.common', color: 'blue' };
    case Role.admin:
      return { key: 'users.role.admin', color: 'gold' };
    case Role.root:
      return { key: 'users.role.root', color: 'orange' };
    default:
      return { key: 'users.role.unknown', color: 'default' };
  }
}

export function isCancelled(user: Pick<UserView, 'DeletedAt'>): boolean {
  return user.DeletedAt !== null && user.DeletedAt !== undefined && user.DeletedAt !== '';
}

export function statusLabel(user: Pick<UserView, 'status' | 'DeletedAt'>): TagLabel {
  if (isCancelled(user)) return { key: 'users.status.cancelled', color: 'red' };
  switch (user.status) {
    case UserStatus.enabled:
      return { key: 'users.status.activated', color: 'green' };
    case UserStatus.disabled:
      return { key: 'users.status.banned', color: 'red' };
    default:
      return { key: 'users.status.unknown', color: 'default' };
  }
}

export interface RowActionState {
  /** False for a cancelled user: the row shows no action at all. */
  visible: boolean;
  /** The status toggle offered: disable for an activated user, enable otherwise. */
  toggle: Extract<ManageAction, 'disable' | 'enable'>;
  /** Enable is shown but greyed out for status 3. */
  toggleDisabled: boolean;
}

export function rowActionState(user: Pick<UserView, 'status' | 'DeletedAt'>): RowActionState {
  const toggle = user.status === UserStatus.enabled ? 'disable' : 'enable';
  return {
    visible: !isCancelled(user),
    toggle,
    toggleDisabled: toggle === 'enable' && user.status === STATUS_ENABLE_BLOCKED,
  };
}

/** The row after a successful manage call: it takes the returned status and role. */
export function applyManageResult(
  user: UserView,
  action: ManageAction,
  result: ManageResult | undefined,
  now: Date = new Date(),
): UserView {
  const updated: UserView = result ? { ...user, status: result.status, role: result.role } : { ...user };
  if (action === 'delete') updated.DeletedAt = now.toISOString();
  return updated;
}
