/** User management by administrators, every rank rule enforced here (docs/reference/api-rules.md, docs/reference/console-roles.md). */
import type { z } from 'zod';
import type { ManageResult } from '../../../../common/api-types.ts';
import { logFactColumns, logFacts } from '../../../../common/log-facts.ts';
import { Role, UserStatus } from '../../../../common/roles.ts';
import { LogType } from '../../../../common/statuses.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { checkCreate, checkManage, checkRead, checkUpdate } from '../../auth/rank.ts';
import { revokeSessions } from '../../auth/session.ts';
import type { AuthUser } from '../../auth/types.ts';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { deletedAtNow } from '../../db/soft-delete.ts';
import { businessFailure, forbidden } from '../../lib/errors.ts';
import { limitsColumn } from '../tokens/limits-fields.ts';
import { createUser } from './create-user.ts';
import { validDisplayName, validPassword, validUsername } from './credentials.ts';
import { nameChanges } from './name-changes.ts';
import { requireUser } from './repository.ts';
import type { createUserInput, manageUserInput, updateUserInput } from './schemas.ts';
import { toLiveUserView, type UserRow, type UserView } from './view.ts';

export async function getUser(context: AppContext, actor: AuthUser, id: number): Promise<UserView> {
  const row = await requireUser(context.database.db, id);
  const refusal = checkRead(actor.role, row.role);
  if (refusal) throw forbidden(refusal);
  return toLiveUserView(row, context);
}

export async function createUserByAdmin(
  context: AppContext,
  actor: AuthUser,
  input: z.infer<typeof createUserInput>,
): Promise<void> {
  if (input.username.trim() === '' || input.password === '')
    throw businessFailure('user.username_password_required');
  const role = input.role ?? Role.common;
  if (role !== Role.common && role !== Role.admin && role !== Role.root)
    throw businessFailure('user.role_invalid');
  const refusal = checkCreate(actor.role, role);
  if (refusal) throw forbidden(refusal);
  const username = validUsername(input.username);
  const limits = input.limits === undefined ? undefined : limitsColumn(input.limits, false);
  await createUser(context, {
    username,
    password: validPassword(input.password),
    displayName: validDisplayName(input.display_name, username),
    role,
    ...(input.remark ? { remark: input.remark } : {}),
    ...(limits ? { limits } : {}),
  });
}

export async function updateUserByAdmin(
  context: AppContext,
  actor: AuthUser,
  input: z.infer<typeof updateUserInput>,
): Promise<void> {
  const { db } = context.database;
  const row = await requireUser(db, input.id);
  const refusal = checkUpdate(actor.role, row.role);
  if (refusal) throw forbidden(refusal);
  if (row.deleted_at !== null) throw businessFailure('user.cancelled');
  const previousQuota = (await context.accounts.liveBalance('user', row.id)) ?? Number(row.quota);
  // Checked first: a refused value changes nothing.
  const limits = input.limits === undefined ? undefined : limitsColumn(input.limits, false);
  const changes: Partial<
    Pick<UserRow, 'username' | 'display_name' | 'password' | 'group' | 'quota' | 'remark' | 'limits'>
  > = await nameChanges(db, row, input);
  if (input.password) changes.password = await hashPassword(validPassword(input.password));
  if (input.group !== undefined && input.group !== row.group) {
    const groups = context.options.getJson<Record<string, number>>('GroupRatio') ?? {};
    if (!Object.hasOwn(groups, input.group))
      throw businessFailure('user.group_invalid', { group: input.group });
    changes.group = input.group;
  }
  if (input.quota !== undefined) {
    if (!Number.isSafeInteger(input.quota)) throw businessFailure('user.quota_invalid');
    // Compared with the live balance: the stored one lags behind while relay charges are queued.
    if (input.quota !== previousQuota) changes.quota = input.quota;
  }
  if (input.remark !== undefined) changes.remark = input.remark;
  if (limits !== undefined && limits !== row.limits) changes.limits = limits;
  if (Object.keys(changes).length === 0) return;
  const { quota: newQuota, ...otherChanges } = changes;
  try {
    if (Object.keys(otherChanges).length > 0)
      await db.updateTable('users').set(otherChanges).where('id', '=', row.id).execute();
    // The quota replaces the live balance (server/src/relay/cache/account-cache.ts setBalance).
    if (newQuota !== undefined) await context.accounts.setBalance('user', row.id, newQuota);
    // A password reset by an administrator ends the user's sessions.
    if (changes.password) await revokeSessions(db, row.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw businessFailure('user.username_taken');
    throw error;
  }
  await context.accounts.refreshUser(row.id);
  if (changes.quota !== undefined) {
    context.writer.appendLog({
      user_id: row.id,
      username: row.username,
      created_at: Math.floor(Date.now() / 1000),
      type: LogType.manage,
      ...logFactColumns(
        context.options,
        logFacts('log.admin_quota_changed', {
          admin: actor.username,
          from: previousQuota,
          to: changes.quota,
        }),
      ),
    });
  }
}

export async function manageUser(
  context: AppContext,
  actor: AuthUser,
  input: z.infer<typeof manageUserInput>,
): Promise<ManageResult> {
  const { db, dialect } = context.database;
  const row = await requireUser(db, input.id);
  if (row.deleted_at !== null) throw businessFailure('user.cancelled');
  const refusal = checkManage(actor.role, row.role, input.action);
  if (refusal) throw forbidden(refusal);
  let { role, status } = row;
  switch (input.action) {
    case 'promote':
      role = Role.admin;
      break;
    case 'demote':
      role = Role.common;
      break;
    case 'disable':
      status = UserStatus.disabled;
      break;
    case 'enable':
      status = UserStatus.enabled;
      break;
    case 'delete':
      await db
        .updateTable('users')
        .set({ deleted_at: deletedAtNow(dialect), access_token: null })
        .where('id', '=', row.id)
        .execute();
      await revokeSessions(db, row.id);
      await context.accounts.refreshUser(row.id);
      return { role, status };
  }
  await db.updateTable('users').set({ role, status }).where('id', '=', row.id).execute();
  if (input.action === 'disable') await revokeSessions(db, row.id);
  await context.accounts.refreshUser(row.id);
  return { role, status };
}
