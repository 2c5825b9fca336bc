/**
 * Two-factor rows (../../db/schema-security.ts, new-api's `two_fas` and `two_fa_backup_codes`): enrolment,
 * confirmation, the one code check every route uses (lockout after repeated failures, a TOTP code never accepted
 * twice, a backup code used once), backup code regeneration, removal.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { businessFailure } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../passwords.ts';
import {
  cleanTotpCode,
  matchTotpStep,
  newBackupCodes,
  newTotpSecret,
  normalizeBackupCode,
  stepOf,
  TOTP_PERIOD_SECONDS,
} from './codes.ts';
import { readTimestamp, sqlTimestamp, storedFlag } from './timestamps.ts';
import './messages.ts';

/** Wrong codes in a row before the account's codes are refused for LOCKOUT_SECONDS (as new-api). */
export const MAX_FAILED_ATTEMPTS = 5;
export const LOCKOUT_SECONDS = 300;

export interface SecurityDatabase {
  db: Kysely<Database>;
  dialect: string;
}

type TwoFaRow = Awaited<ReturnType<typeof findTwoFactor>>;

export async function findTwoFactor(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('two_fas')
    .selectAll()
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function isTwoFactorEnabled(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await findTwoFactor(db, userId);
  return row !== undefined && storedFlag(row.is_enabled);
}

/** Removes a user's two-factor row and backup codes (hard delete, as new-api, so enrolment can start again). */
export async function removeTwoFactor(db: Kysely<Database>, userId: number): Promise<boolean> {
  return db.transaction().execute(async (transaction) => {
    await transaction.deleteFrom('two_fa_backup_codes').where('user_id', '=', userId).execute();
    const removed = await transaction.deleteFrom('two_fas').where('user_id', '=', userId).executeTakeFirst();
    return Number(removed.numDeletedRows) > 0;
  });
}

async function storeBackupCodes(
  database: SecurityDatabase,
  transaction: Kysely<Database>,
  userId: number,
  codes: string[],
): Promise<void> {
  const now = sqlTimestamp(database.dialect, new Date());
  const hashes = await Promise.all(codes.map((code) => hashPassword(code)));
  await transaction.deleteFrom('two_fa_backup_codes').where('user_id', '=', userId).execute();
  await transaction
    .insertInto('two_fa_backup_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, is_used: 0, created_at: now })))
    .execute();
}

/** Starts (or restarts) enrolment: a pending row with a new secret and new backup codes. */
export async function startEnrolment(
  database: SecurityDatabase,
  userId: number,
): Promise<{ secret: string; backupCodes: string[] }> {
  const existing = await findTwoFactor(database.db, userId);
  if (existing && storedFlag(existing.is_enabled)) throw businessFailure('twofa.already_enabled');
  const secret = newTotpSecret();
  const backupCodes = newBackupCodes();
  const now = sqlTimestamp(database.dialect, new Date());
  await database.db.transaction().execute(async (transaction) => {
    await transaction.deleteFrom('two_fas').where('user_id', '=', userId).execute();
    await transaction
      .insertInto('two_fas')
      .values({
        user_id: userId,
        secret,
        is_enabled: 0,
        failed_attempts: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await storeBackupCodes(database, transaction, userId, backupCodes);
  });
  return { secret, backupCodes };
}

function refuseWhenLocked(row: NonNullable<TwoFaRow>): void {
  const lockedUntil = readTimestamp(row.locked_until);
  if (lockedUntil && lockedUntil.getTime() > Date.now())
    throw businessFailure('twofa.locked', { until: lockedUntil.toISOString() });
}

async function recordFailure(database: SecurityDatabase, row: NonNullable<TwoFaRow>): Promise<never> {
  const { db, dialect } = database;
  await db
    .updateTable('two_fas')
    .set({ failed_attempts: sql<number>`failed_attempts + 1` })
    .where('id', '=', row.id)
    .execute();
  const after = await db
    .selectFrom('two_fas')
    .select('failed_attempts')
    .where('id', '=', row.id)
    .executeTakeFirst();
  if (Number(after?.failed_attempts ?? 0) >= MAX_FAILED_ATTEMPTS) {
    const until = new Date(Date.now() + LOCKOUT_SECONDS * 1000);
    await db
      .updateTable('two_fas')
      .set({ failed_attempts: 0, locked_until: sqlTimestamp(dialect, until) })
      .where('id', '=', row.id)
      .execute();
  }
  throw businessFailure('twofa.code_wrong');
}

/**
 * Accepts a TOTP code whose step is later than the last accepted one: the row's `last_used_at` is moved to the
 * end of the step used, in the same statement that checks it, so a code works once even across instances.
 */
async function acceptTotpStep(
  database: SecurityDatabase,
  row: NonNullable<TwoFaRow>,
  step: number,
): Promise<boolean> {
  const stepEnd = new Date((step + 1) * TOTP_PERIOD_SECONDS * 1000 - 1);
  const usedAt = new Date(Math.max(Date.now(), stepEnd.getTime()));
  const lastUsed = readTimestamp(row.last_used_at);
  if (lastUsed && stepOf(lastUsed.getTime()) >= step) return false;
  const stepStart = sqlTimestamp(database.dialect, new Date(step * TOTP_PERIOD_SECONDS * 1000));
  const update = database.db
    .updateTable('two_fas')
    .set({
      last_used_at: sqlTimestamp(database.dialect, usedAt),
      failed_attempts: 0,
      locked_until: null,
      updated_at: sqlTimestamp(database.dialect, new Date()),
    })
    .where('id', '=', row.id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', stepStart)]));
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

async function acceptBackupCode(database: SecurityDatabase, userId: number, code: string): Promise<boolean> {
  const normalized = normalizeBackupCode(code);
  if (normalized === null) return false;
  const { db, dialect } = database;
  const unused = await db
    .selectFrom('two_fa_backup_codes')
    .select(['id', 'code_hash', 'is_used'])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
  for (const candidate of unused) {
    if (storedFlag(candidate.is_used)) continue;
    if (!(await verifyPassword(normalized, candidate.code_hash))) continue;
    // Marked used only if nobody used it in between.
    const result = await db
      .updateTable('two_fa_backup_codes')
      .set({ is_used: 1, used_at: sqlTimestamp(dialect, new Date()) })
      .where('id', '=', candidate.id)
      .where('is_used', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
  return false;
}

export type AcceptedCode = 'totp' | 'backup';

/**
 * Checks a code of an enabled (or, with `pending`, a not yet confirmed) two-factor row: a TOTP code, or a backup
 * code when `allowBackup`. Wrong codes count towards the lockout; the reply never says which kind was wrong.
 */
export async function checkCode(
  database: SecurityDatabase,
  userId: number,
  code: string,
  { allowBackup, pending = false }: { allowBackup: boolean; pending?: boolean },
): Promise<AcceptedCode> {
  const row = await findTwoFactor(database.db, userId);
  if (!row) throw businessFailure(pending ? 'twofa.setup_first' : 'twofa.not_enabled');
  const enabled = storedFlag(row.is_enabled);
  if (pending && enabled) throw businessFailure('twofa.already_enabled');
  if (!pending && !enabled) throw businessFailure('twofa.not_enabled');
  refuseWhenLocked(row);
  if (!allowBackup && cleanTotpCode(code) === null) throw businessFailure('twofa.code_format');
  const step = matchTotpStep(row.secret, code, Date.now());
  if (step !== null && (await acceptTotpStep(database, row, step))) return 'totp';
  if (allowBackup && step === null && (await acceptBackupCode(database, userId, code))) {
    await database.db
      .updateTable('two_fas')
      .set({
        failed_attempts: 0,
        locked_until: null,
        last_used_at: sqlTimestamp(database.dialect, new Date()),
      })
      .where('id', '=', row.id)
      .execute();
    return 'backup';
  }
  return recordFailure(database, row);
}

/** Confirms enrolment with a code of the new secret. */
export async function confirmEnrolment(
  database: SecurityDatabase,
  userId: number,
  code: string,
): Promise<void> {
  await checkCode(database, userId, code, { allowBackup: false, pending: true });
  await database.db
    .updateTable('two_fas')
    .set({ is_enabled: 1, failed_attempts: 0, locked_until: null })
    .where('user_id', '=', userId)
    .execute();
}

/** New backup codes replace the old ones (after a TOTP code, as new-api asks). */
export async function regenerateBackupCodes(
  database: SecurityDatabase,
  userId: number,
  code: string,
): Promise<string[]> {
  await checkCode(database, userId, code, { allowBackup: false });
  const codes = newBackupCodes();
  await database.db
    .transaction()
    .execute((transaction) => storeBackupCodes(database, transaction, userId, codes));
  return codes;
}

export interface TwoFactorStatus {
  enabled: boolean;
  locked: boolean;
  backup_codes_remaining?: number;
}

export async function twoFactorStatus(db: Kysely<Database>, userId: number): Promise<TwoFactorStatus> {
  const row = await findTwoFactor(db, userId);
  if (!row) return { enabled: false, locked: false };
  const lockedUntil = readTimestamp(row.locked_until);
  const status: TwoFactorStatus = {
    enabled: storedFlag(row.is_enabled),
    locked: lockedUntil !== null && lockedUntil.getTime() > Date.now(),
  };
  if (status.enabled) {
    const codes = await db
      .selectFrom('two_fa_backup_codes')
      .select('is_used')
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .execute();
    status.backup_codes_remaining = codes.filter((code) => !storedFlag(code.is_used)).length;
  }
  return status;
}

/** new-api's admin statistics: users, users with two-factor on, and the share as `12.5%`. */
export async function twoFactorStats(db: Kysely<Database>) {
  const users = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  const rows = await db.selectFrom('two_fas').select('is_enabled').where('deleted_at', 'is', null).execute();
  const total = Number(users?.count ?? 0);
  const enabled = rows.filter((row) => storedFlag(row.is_enabled)).length;
  return {
    total_users: total,
    enabled_users: enabled,
    enabled_rate: `${(total > 0 ? (enabled / total) * 100 : 0).toFixed(1)}%`,
  };
}
