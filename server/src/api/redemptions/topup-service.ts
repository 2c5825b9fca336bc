/**
 * Redeeming a code (docs/reference/console-api.md "Wallet" POST /api/user/topup, docs/reference/payments.md): one transaction claims the
 * code with a conditional UPDATE (status 1 → 3) whose affected-row count decides, and credits the
 * user's quota. Two concurrent redemptions of one code therefore credit it once. Every refusal of a
 * non-empty key costs a short random delay to slow down guessing.
 */
import { randomInt } from 'node:crypto';
import { logFactColumns, logFacts } from '../../../../common/log-facts.ts';
import { LogType, RedemptionStatus } from '../../../../common/statuses.ts';
import type { AuthUser } from '../../auth/types.ts';
import type { AppContext } from '../../context.ts';
import { businessFailure } from '../../lib/errors.ts';

/** Bounds of the delay before a refusal, in milliseconds. */
export const REFUSAL_DELAY_MS = { min: 200, max: 600 } as const;

type RefusalCode = 'redemption.invalid' | 'redemption.expired';

type ClaimOutcome = { redeemed: true; id: number; quota: number } | { redeemed: false; refusal: RefusalCode };

function refusalDelay(): Promise<void> {
  const milliseconds = randomInt(REFUSAL_DELAY_MS.min, REFUSAL_DELAY_MS.max + 1);
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

async function claimAndCredit(context: AppContext, user: AuthUser, key: string): Promise<ClaimOutcome> {
  return context.database.db.transaction().execute(async (transaction): Promise<ClaimOutcome> => {
    const row = await transaction
      .selectFrom('redemptions')
      .select(['id', 'key', 'status', 'quota', 'expired_time'])
      .where('key', '=', key)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    // MySQL compares text case-insensitively: the stored key must match exactly.
    if (!row || row.key.trimEnd() !== key || row.status !== RedemptionStatus.unused) {
      return { redeemed: false, refusal: 'redemption.invalid' };
    }
    const redeemedTime = Math.floor(Date.now() / 1000);
    const expiredTime = Number(row.expired_time);
    if (expiredTime !== 0 && expiredTime < redeemedTime)
      return { redeemed: false, refusal: 'redemption.expired' };
    const claimed = await transaction
      .updateTable('redemptions')
      .set({ status: RedemptionStatus.used, used_user_id: user.id, redeemed_time: redeemedTime })
      .where('id', '=', row.id)
      .where('status', '=', RedemptionStatus.unused)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    // Another redemption (or a disable) won the row between the read and this update.
    if (Number(claimed.numUpdatedRows) !== 1) return { redeemed: false, refusal: 'redemption.invalid' };
    const quota = Number(row.quota);
    await transaction
      .updateTable('users')
      .set((builder) => ({ quota: builder('quota', '+', quota) }))
      .where('id', '=', user.id)
      .execute();
    return { redeemed: true, id: row.id, quota };
  });
}

/** Redeems `key` for `user` and returns the quota added. */
export async function redeemCode(
  context: AppContext,
  user: AuthUser,
  key: string | undefined,
): Promise<number> {
  const text = (key ?? '').trim();
  if (text === '') throw businessFailure('redemption.key_required');
  const outcome = await claimAndCredit(context, user, text);
  if (!outcome.redeemed) {
    await refusalDelay();
    throw businessFailure(outcome.refusal);
  }
  // Bring the live balance along; queued relay charges of this user stay queued.
  await context.accounts.credited(user.id, outcome.quota);
  context.writer.appendLog({
    user_id: user.id,
    username: user.username,
    created_at: Math.floor(Date.now() / 1000),
    type: LogType.topup,
    ...logFactColumns(
      context.options,
      logFacts('log.redeemed', { quota: outcome.quota, code_id: outcome.id }),
    ),
    quota: outcome.quota,
  });
  return outcome.quota;
}
