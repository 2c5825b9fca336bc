/**
 * The one way a user row is created (registration, admin creation, setup): hashed password, fresh
 * affiliate code, QuotaForNewUser, and the invitation rewards of docs/reference/payments.md in the same transaction.
 */
import type { Transaction } from 'kysely';
import { logFactColumns, logFacts } from '../../../../common/log-facts.ts';
import { Role } from '../../../../common/roles.ts';
import { LogType } from '../../../../common/statuses.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { insertReturningId } from '../../db/insert.ts';
import type { Database } from '../../db/schema.ts';
import { businessFailure } from '../../lib/errors.ts';
import { uniqueAffCode, usernameTaken } from './repository.ts';

export interface NewUser {
  username: string;
  password: string;
  displayName: string;
  role?: number;
  email?: string;
  remark?: string;
  /** The affiliate code the new user registered with, if any. */
  affCode?: string;
  /** A third-party identity (github_id, oidc_id …) written with the row, after checking nobody holds it. */
  identity?: { column: 'github_id' | 'oidc_id' | 'linux_do_id' | 'wechat_id' | 'telegram_id'; value: string };
  /** A fixed starting quota instead of QuotaForNewUser (setup's root account). */
  initialQuota?: number;
  /** The user's traffic limits as stored (../tokens/limits-fields.ts limitsColumn); none when absent. */
  limits?: string | null;
}

export async function createUser(context: AppContext, user: NewUser): Promise<number> {
  const passwordHash = await hashPassword(user.password);
  const { options, database } = context;
  const now = Math.floor(Date.now() / 1000);
  const created = await database.db
    .transaction()
    .execute(async (transaction: Transaction<Database>) => {
      if (await usernameTaken(transaction, user.username)) throw businessFailure('user.username_taken');
      if (user.identity) {
        const holder = await transaction
          .selectFrom('users')
          .select('id')
          .where(user.identity.column, '=', user.identity.value)
          .executeTakeFirst();
        if (holder) throw businessFailure('user.identity_taken');
      }
      let inviterId = 0;
      if (user.affCode) {
        const inviter = await transaction
          .selectFrom('users')
          .select('id')
          .where('aff_code', '=', user.affCode)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        inviterId = inviter?.id ?? 0;
      }
      const welcomeQuota = user.initialQuota ?? options.getNumber('QuotaForNewUser');
      const inviteeReward = inviterId ? options.getNumber('QuotaForInvitee') : 0;
      const id = await insertReturningId(transaction, database.dialect, 'users', {
        username: user.username,
        password: passwordHash,
        display_name: user.displayName,
        role: user.role ?? Role.common,
        status: 1,
        email: user.email ?? '',
        quota: welcomeQuota + inviteeReward,
        aff_code: await uniqueAffCode(transaction),
        inviter_id: inviterId,
        remark: user.remark ?? null,
        setting: null,
        limits: user.limits ?? null,
        // new-api's first version (its column default), whatever default the column was created with.
        auth_version: 1,
        ...(user.identity ? { [user.identity.column]: user.identity.value } : {}),
      });
      if (inviterId) {
        const inviterReward = options.getNumber('QuotaForInviter');
        await transaction
          .updateTable('users')
          .set((builder) => ({
            aff_count: builder(builder.ref('aff_count'), '+', 1),
            aff_quota: builder(builder.ref('aff_quota'), '+', inviterReward),
            aff_history: builder(builder.ref('aff_history'), '+', inviterReward),
          }))
          .where('id', '=', inviterId)
          .execute();
      }
      return { id, granted: welcomeQuota + inviteeReward, inviteeReward };
    })
    .catch((error: unknown) => {
      // Two registrations of one name racing past the check: the unique index decides.
      if (isUniqueViolation(error)) throw businessFailure('user.username_taken');
      throw error;
    });
  if (created.granted > 0 && user.initialQuota === undefined) {
    context.writer.appendLog({
      user_id: created.id,
      username: user.username,
      created_at: now,
      type: LogType.system,
      ...logFactColumns(
        options,
        created.inviteeReward
          ? logFacts('log.signup_gift_invited', {
              quota: created.granted,
              invitation_reward: created.inviteeReward,
            })
          : logFacts('log.signup_gift', { quota: created.granted }),
      ),
    });
  }
  await context.accounts.refreshUser(created.id);
  return created.id;
}
