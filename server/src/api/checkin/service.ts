/**
 * Daily check-in (docs/checkin.md): once per user and day, a random reward credited to the user's quota.
 * The unique index (user_id, checkin_date) decides: the check-in row and the credit are one transaction,
 * so of two concurrent check-ins on SQLite, PostgreSQL or MySQL one inserts and credits, the other fails
 * on the index, credits nothing and is told it already checked in. The credit then reaches the live
 * balances the way a redeemed code does (../redemptions/topup-service.ts).
 */
import type { CheckinRecord, CheckinResult, CheckinStatus } from '../../../../common/api/checkin.ts';
import { logFacts, otherWithFacts } from '../../../../common/log-facts.ts';
import { LogType } from '../../../../common/statuses.ts';
import type { AuthUser } from '../../auth/types.ts';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, businessFailure } from '../../lib/errors.ts';
import { checkinZone, isMonth, localDate, monthRange } from './checkin-day.ts';
import { drawReward, orderedRange, type RewardRange } from './reward.ts';

function rewardRange(context: AppContext): RewardRange {
  return orderedRange(
    context.options.getNumber('checkin_setting.min_quota'),
    context.options.getNumber('checkin_setting.max_quota'),
  );
}

/** Refuses while check-in is off (a business failure, as new-api answers). */
export function requireCheckinEnabled(context: AppContext): void {
  if (!context.options.getBoolean('checkin_setting.enabled')) throw businessFailure('checkin.not_enabled');
}

/** Today's date for check-ins (./checkin-day.ts). */
function today(context: AppContext): string {
  return localDate(Date.now(), checkinZone(context.config.timeZone));
}

/**
 * The sentence of the system log row, as new-api's RecordCheckinLog writes it (logger.LogQuota: the
 * amount in dollars to six places when the site shows currency, else in quota points).
 */
export function checkinLogContent(quota: number, quotaPerUnit: number, displayInCurrency: boolean): string {
  const amount =
    displayInCurrency && quotaPerUnit > 0 ? `$${(quota / quotaPerUnit).toFixed(6)} 额度` : `${quota} 点额度`;
  return `用户签到，获得额度 ${amount}`;
}

/** Checks `user` in for today: the reward and the day, or a business failure when already done. */
export async function checkIn(context: AppContext, user: AuthUser): Promise<CheckinResult> {
  requireCheckinEnabled(context);
  const checkinDate = today(context);
  const quota = drawReward(rewardRange(context));
  const now = Math.floor(Date.now() / 1000);
  try {
    await context.database.db.transaction().execute(async (transaction) => {
      await transaction
        .insertInto('checkins')
        .values({ user_id: user.id, checkin_date: checkinDate, quota_awarded: quota, created_at: now })
        .execute();
      if (quota > 0) {
        await transaction
          .updateTable('users')
          .set((builder) => ({ quota: builder('quota', '+', quota) }))
          .where('id', '=', user.id)
          .execute();
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw businessFailure('checkin.already_done');
    throw error;
  }
  // Bring the live balance along; queued relay charges of this user stay queued.
  await context.accounts.credited(user.id, quota);
  context.writer.appendLog({
    user_id: user.id,
    username: user.username,
    created_at: now,
    type: LogType.system,
    content: checkinLogContent(
      quota,
      context.options.getNumber('QuotaPerUnit'),
      context.options.getBoolean('DisplayInCurrencyEnabled'),
    ),
    // new-api's sentence stays in `content`; the facts let the console say it in the reader's language.
    other: otherWithFacts(logFacts('log.checkin', { quota }), {}),
  });
  return { quota_awarded: quota, checkin_date: checkinDate };
}

/** The settings and `user`'s check-ins: ever, and in `month` (YYYY-MM; this month when absent). */
export async function checkinStatus(
  context: AppContext,
  user: AuthUser,
  month: string | undefined,
): Promise<CheckinStatus> {
  requireCheckinEnabled(context);
  const day = today(context);
  const asked = month?.trim() || day.slice(0, 7);
  if (!isMonth(asked)) throw badRequest('checkin.month_invalid');
  const { first, last } = monthRange(asked);
  const db = context.database.db;
  const [rows, totals, todayRow] = await Promise.all([
    db
      .selectFrom('checkins')
      .select(['checkin_date', 'quota_awarded'])
      .where('user_id', '=', user.id)
      .where('checkin_date', '>=', first)
      .where('checkin_date', '<=', last)
      .orderBy('checkin_date', 'desc')
      .execute(),
    db
      .selectFrom('checkins')
      .select((builder) => [
        builder.fn.countAll().as('count'),
        builder.fn.coalesce(builder.fn.sum('quota_awarded'), builder.lit(0)).as('quota'),
      ])
      .where('user_id', '=', user.id)
      .executeTakeFirst(),
    db
      .selectFrom('checkins')
      .select('id')
      .where('user_id', '=', user.id)
      .where('checkin_date', '=', day)
      .executeTakeFirst(),
  ]);
  const records: CheckinRecord[] = rows.map((row) => ({
    checkin_date: row.checkin_date,
    quota_awarded: Number(row.quota_awarded),
  }));
  const range = rewardRange(context);
  return {
    enabled: true,
    min_quota: range.min,
    max_quota: range.max,
    stats: {
      total_quota: Number(totals?.quota ?? 0),
      total_checkins: Number(totals?.count ?? 0),
      checkin_count: records.length,
      checked_in_today: todayRow !== undefined,
      records,
    },
  };
}
