/**
 * Rank rules (docs/reference/api-rules.md, docs/reference/console-roles.md): nobody reads, edits or manages a user of equal or higher role
 * (root may act on anyone, itself included, within the rules below); only root promotes to admin; root
 * cannot be disabled, deleted or demoted; nobody creates a user of their own role or above.
 * Each function returns the refusal's message key, or null when the action is allowed.
 */
import { type ManageAction, Role } from '../../../common/roles.ts';
import type { MessageKey } from '../lib/messages.ts';

export type RankRefusal = MessageKey | null;

function outranks(actorRole: number, targetRole: number): boolean {
  return actorRole > targetRole || actorRole >= Role.root;
}

export function checkRead(actorRole: number, targetRole: number): RankRefusal {
  return outranks(actorRole, targetRole) ? null : 'rank.read';
}

export function checkUpdate(actorRole: number, targetRole: number): RankRefusal {
  return outranks(actorRole, targetRole) ? null : 'rank.update';
}

export function checkCreate(actorRole: number, newRole: number): RankRefusal {
  return newRole < actorRole ? null : 'rank.create';
}

export function checkManage(actorRole: number, targetRole: number, action: ManageAction): RankRefusal {
  if (!outranks(actorRole, targetRole)) return 'rank.update';
  switch (action) {
    case 'disable':
      return targetRole >= Role.root ? 'rank.root_disable' : null;
    case 'delete':
      return targetRole >= Role.root ? 'rank.root_delete' : null;
    case 'promote':
      if (actorRole < Role.root) return 'rank.promote_admin';
      return targetRole >= Role.admin ? 'rank.already_admin' : null;
    case 'demote':
      if (targetRole >= Role.root) return 'rank.root_demote';
      return targetRole === Role.common ? 'rank.already_common' : null;
    case 'enable':
      return null;
  }
}
