/** User roles and statuses shared by server and console (docs/reference/console-states.md, docs/reference/api-rules.md). */
export const Role = { guest: 0, common: 1, admin: 10, root: 100 } as const;
export type RoleValue = (typeof Role)[keyof typeof Role];

export const UserStatus = { enabled: 1, disabled: 2 } as const;

export function isAdminRole(role: number): boolean {
  return role >= Role.admin;
}

export function isRootRole(role: number): boolean {
  return role >= Role.root;
}

/** Actions accepted by POST /api/user/manage. */
export const manageActions = ['promote', 'demote', 'disable', 'enable', 'delete'] as const;
export type ManageAction = (typeof manageActions)[number];
