/** What a user does with their own account: register, log in, read and change it, cancel it. */

import type { z } from 'zod';
import type { SessionUser, UserGroupInfo, UserView } from '../../../../common/api-types.ts';
import { ACCESS_TOKEN_LENGTH, AUTO_GROUP } from '../../../../common/limits.ts';
import { Role } from '../../../../common/roles.ts';
import { consumeSecret } from '../../auth/one-time-secrets.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { revokeSessions } from '../../auth/session.ts';
import { checkCode } from '../../auth/two-factor/store.ts';
import type { AuthUser } from '../../auth/types.ts';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { deletedAtNow } from '../../db/soft-delete.ts';
import { businessFailure } from '../../lib/errors.ts';
import { randomAlphanumeric } from '../../lib/random.ts';
import { createUser } from './create-user.ts';
import { validPassword, validUsername } from './credentials.ts';
import { createDefaultToken } from './default-token.ts';
import { type NameChanges, nameChanges } from './name-changes.ts';
import { findLoginCandidate, findUserById, requireUser, uniqueAffCode } from './repository.ts';
import type { loginInput, registerInput, updateSelfInput } from './schemas.ts';
import { toLiveUserView, toSessionUser } from './view.ts';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function register(context: AppContext, input: z.infer<typeof registerInput>): Promise<void> {
  const { options } = context;
  if (!options.getBoolean('RegisterEnabled')) throw businessFailure('user.register_disabled');
  if (!options.getBoolean('PasswordRegisterEnabled'))
    throw businessFailure('user.password_register_disabled');
  if (options.getBoolean('SelfUseModeEnabled')) throw businessFailure('user.self_use_mode');
  if (input.username.trim() === '' || input.password === '')
    throw businessFailure('user.username_password_required');
  const username = validUsername(input.username);
  const password = validPassword(input.password);
  if (input.password2 !== undefined && input.password2 !== input.password)
    throw businessFailure('user.password_mismatch');
  let email = '';
  if (options.getBoolean('EmailVerificationEnabled')) {
    email = input.email.trim().toLowerCase();
    if (!email || !input.verification_code) throw businessFailure('user.email_verification_required');
    if (!emailPattern.test(email)) throw businessFailure('user.email_invalid');
    const verified = await consumeSecret(
      context.database.db,
      'email_verification',
      email,
      input.verification_code.toUpperCase(),
    );
    if (!verified) throw businessFailure('user.verification_code_wrong');
  }
  const id = await createUser(context, {
    username,
    password,
    displayName: username,
    email,
    ...(input.aff_code ? { affCode: input.aff_code } : {}),
  });
  if (context.config.generateDefaultToken) await createDefaultToken(context, id, username);
}

export async function login(context: AppContext, input: z.infer<typeof loginInput>): Promise<SessionUser> {
  if (!context.options.getBoolean('PasswordLoginEnabled'))
    throw businessFailure('user.password_login_disabled');
  const name = input.username.trim();
  if (name === '' || input.password === '') throw businessFailure('user.login_missing');
  const row = await findLoginCandidate(context.database.db, name);
  // The same answer for an unknown user, a wrong password and a banned user.
  const passwordMatches = row ? await verifyPassword(input.password, row.password) : false;
  if (!row || !passwordMatches || row.status !== 1) throw businessFailure('user.login_failed');
  return toSessionUser(row);
}

/**
 * The second step of a two-factor sign-in: the user the password step left pending (still enabled, at the same
 * auth version) and a TOTP or backup code (auth/two-factor/store.ts counts wrong ones towards the lockout).
 */
export async function completeTwoFactorLogin(
  context: AppContext,
  pending: { userId: number; authVersion: number },
  code: string,
): Promise<SessionUser> {
  const row = await findUserById(context.database.db, pending.userId);
  if (
    !row ||
    row.deleted_at !== null ||
    row.status !== 1 ||
    Number(row.auth_version ?? 0) !== pending.authVersion
  )
    throw businessFailure('twofa.login_expired');
  await checkCode(context.database, row.id, code, { allowBackup: true });
  return toSessionUser(row);
}

export async function getSelf(context: AppContext, user: AuthUser): Promise<UserView> {
  return toLiveUserView(await requireUser(context.database.db, user.id), context);
}

export async function updateSelf(
  context: AppContext,
  user: AuthUser,
  input: z.infer<typeof updateSelfInput>,
): Promise<boolean> {
  const { db } = context.database;
  const row = await requireUser(db, user.id);
  const changes: NameChanges & { password?: string } = await nameChanges(db, row, input);
  if (input.password) {
    validPassword(input.password);
    if (row.password && !(await verifyPassword(input.original_password ?? '', row.password))) {
      throw businessFailure('user.original_password_wrong');
    }
    changes.password = await hashPassword(input.password);
  }
  if (Object.keys(changes).length === 0) return false;
  try {
    await db.updateTable('users').set(changes).where('id', '=', user.id).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw businessFailure('user.username_taken');
    throw error;
  }
  // A new password ends every session issued before it (the caller renews its own).
  if (changes.password) await revokeSessions(db, user.id);
  await context.accounts.refreshUser(user.id);
  return changes.password !== undefined;
}

export async function deleteSelf(context: AppContext, user: AuthUser): Promise<void> {
  if (user.role >= Role.root) throw businessFailure('rank.root_delete');
  await context.database.db
    .updateTable('users')
    .set({ deleted_at: deletedAtNow(context.database.dialect), access_token: null })
    .where('id', '=', user.id)
    .execute();
  await revokeSessions(context.database.db, user.id);
  await context.accounts.refreshUser(user.id);
}

/** Issues a new 32-character system access token, replacing the previous one. */
export async function regenerateAccessToken(context: AppContext, user: AuthUser): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const token = randomAlphanumeric(ACCESS_TOKEN_LENGTH);
    try {
      await context.database.db
        .updateTable('users')
        .set({ access_token: token })
        .where('id', '=', user.id)
        .execute();
      return token;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('could not generate a unique access token');
}

export async function getAffCode(context: AppContext, user: AuthUser): Promise<string> {
  const { db } = context.database;
  const row = await requireUser(db, user.id);
  if (row.aff_code) return row.aff_code;
  const code = await uniqueAffCode(db);
  await db.updateTable('users').set({ aff_code: code }).where('id', '=', user.id).execute();
  return code;
}

/** The groups a user may choose for tokens, with descriptions and ratios (GET /api/user/self/groups). */
export function usableGroups(context: AppContext, userGroup: string): Record<string, UserGroupInfo> {
  const { options } = context;
  const usable = options.getJson<Record<string, string>>('UserUsableGroups') ?? {};
  const ratios = options.getJson<Record<string, number>>('GroupRatio') ?? {};
  const groupGroupRatios = options.getJson<Record<string, Record<string, number>>>('GroupGroupRatio') ?? {};
  const ratioOf = (group: string) => groupGroupRatios[userGroup]?.[group] ?? ratios[group] ?? 1;
  const result: Record<string, UserGroupInfo> = {};
  for (const [group, description] of Object.entries(usable))
    result[group] = { desc: description, ratio: ratioOf(group) };
  if (!result[userGroup]) result[userGroup] = { desc: userGroup, ratio: ratioOf(userGroup) };
  if (options.getBoolean('DefaultUseAutoGroup')) result[AUTO_GROUP] = { desc: AUTO_GROUP, ratio: 'auto' };
  return result;
}
